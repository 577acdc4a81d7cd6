import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { targetIdText } from '../common/schema-text';
import { McpProbeType } from '../tools/mcp-connection.types';
import { isProbed } from '../tools/mcp-probe-status';
import { McpServerType } from '../tools/mcp-server.types';

/** What Loadout learned of a server by connecting to it, and the probe on demand. */
@Resolver(() => McpServerType)
export class McpProbeResolver {
  @FieldResolver(() => McpProbeType, {
    description: "The server's probe state now (docs/mcp-connections.md): a REPORTED server's has only its status.",
  })
  async probe(@Root() server: McpServerType, @Ctx() ctx: RequestContext): Promise<McpProbeType> {
    const row = isProbed(server.transport) ? await loadersOf(ctx).mcpProbe.load(server.id) : null;
    return {
      status: ctx.services.mcpConnections.statusOf(server, row),
      lastProbedAt: row?.lastProbedAt ?? null,
      lastOkAt: row?.lastOkAt ?? null,
      lastError: row?.lastError ?? null,
      nextProbeAt: row?.nextProbeAt ?? null,
      serverName: row?.serverName ?? null,
      serverVersion: row?.serverVersion ?? null,
      protocolVersion: row?.protocolVersion ?? null,
      capabilities: row?.capabilities ?? null,
    };
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      'Probes the server now and answers when the probe has finished or failed: its tools as listed now, its probe state. Not for REPORTED servers.',
  })
  probeMcpServer(@Arg('id', () => ID, { description: targetIdText('MCP server') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.mcpConnections.probeNow(actorOf(ctx), id);
  }
}
