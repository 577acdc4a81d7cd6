import { Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../common/context';
import { McpProbeStatusEnum, McpTransportEnum } from '../tools/mcp-connection.types';
import type { McpProbeStatus, McpTransport } from '../tools/mcp-probe-status';
import { TurnType } from './conversation.types';
import type { TurnEntity } from './turn.entity';
import { statusAtTurn } from './turn-mcp-inventory';

@ObjectType('TurnMcpInventory', {
  description: 'An MCP server whose tools the turn carried, and how fresh its inventory was when the turn began.',
})
export class TurnMcpInventoryType {
  @Field({ description: "The MCP server's name." }) server: string;
  @Field(() => McpTransportEnum, { description: 'REPORTED: a runtime reported the inventory; otherwise Loadout probed it.' })
  transport: McpTransport;
  @Field(() => McpProbeStatusEnum, { description: "The server's status when the turn began: OK (fresh), STALE or FAILING." })
  status: McpProbeStatus;
  @Field(() => Date, { nullable: true, description: 'When a probe of it had last succeeded; null for a REPORTED server.' })
  lastOkAt: Date | null;
  @Field(() => String, { nullable: true, description: 'Why its last probe had failed; null if it had not.' }) lastError: string | null;
}

@Resolver(() => TurnType)
export class TurnMcpInventoryResolver {
  @FieldResolver(() => [TurnMcpInventoryType], {
    nullable: true,
    description:
      'The MCP servers of the tools the turn carried, by name, as they were when it began; null for turns older than the record.',
  })
  mcpInventories(@Root() turn: TurnEntity, @Ctx() ctx: RequestContext): TurnMcpInventoryType[] | null {
    const staleAfterMs = ctx.services.mcpConnections.settings.staleAfterMs;
    return (
      turn.mcpInventories?.map((kept) => ({
        server: kept.server,
        transport: kept.transport,
        status: statusAtTurn(kept, turn.startedAt, staleAfterMs),
        lastOkAt: kept.lastOkAt ? new Date(kept.lastOkAt) : null,
        lastError: kept.lastError,
      })) ?? null
    );
  }
}
