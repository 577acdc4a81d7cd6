import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { entriesArgument } from '../common/validate-args';
import { INVENTORY_TOOLS_MAX } from '../common/validation';
import { OWNER_PROJECT_FIELD_TEXT, PROJECT_FILTER_TEXT, targetIdText } from '../common/schema-text';
import { ProjectType } from '../organizations/organization.types';
import { McpServerType, RegisterMcpServerInput, UpdateMcpServerInput } from './mcp-server.types';
import { McpToolInput, McpToolScalar, ToolDefinitionType } from './tool.types';

const TOOLS_ARG_TEXT = `The server's whole tools/list, at most ${INVENTORY_TOOLS_MAX} entries: a tool it no longer lists is deleted.`;
const ADVERTISES_TEXT = 'Whether the server advertises MCP resources (its initialize result has the resources capability).';

@Resolver(() => McpServerType)
export class McpServerResolver {
  @Authorized('VIEWER')
  @Query(() => [McpServerType], { description: "The organisation's MCP servers." })
  mcpServers(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mcpServers.mcpServers(actorOf(ctx), projectId);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      'Registers an MCP server; an enabled one comes into scope at once (cause MCP_SERVER_CHANGED). Its tools come with its first probe (STREAMABLE_HTTP, SSE: begun at once) or, REPORTED, its first inventory report.',
  })
  async registerMcpServer(
    @Arg('input', { description: 'The server to register.' }) input: RegisterMcpServerInput,
    @Ctx() ctx: RequestContext,
  ) {
    const server = await ctx.services.mcpServers.registerMcpServer(actorOf(ctx), input);
    ctx.services.mcpConnections.wake();
    return server;
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description: "Changes an MCP server's settings; invalidates the toolboxes they change, cause MCP_SERVER_CHANGED.",
  })
  async updateMcpServer(
    @Arg('id', () => ID, { description: targetIdText('MCP server') }) id: string,
    @Arg('input', { description: 'The settings to change.' }) input: UpdateMcpServerInput,
    @Ctx() ctx: RequestContext,
  ) {
    const server = await ctx.services.mcpServers.updateMcpServer(actorOf(ctx), id, input);
    ctx.services.mcpConnections.wake();
    return server;
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      "Replaces the server's cached tool inventory with its tools/list entries, exactly as returned. Entries that cannot be used at all are refused alone and listed in refusedTools; a report that changes nothing moves no version.",
  })
  reportMcpTools(
    @Arg('serverId', () => ID, { description: targetIdText('MCP server') }) serverId: string,
    @Arg('tools', () => [McpToolScalar], { ...entriesArgument('tools', INVENTORY_TOOLS_MAX), description: TOOLS_ARG_TEXT })
    tools: unknown[],
    @Arg('advertisesResources', { description: ADVERTISES_TEXT }) advertisesResources: boolean,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mcpServers.reportMcpInventory(actorOf(ctx), serverId, tools, advertisesResources);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      "reportMcpTools with typed entries: each entry's known MCP keys; an entry with keys MCP adds later goes through reportMcpTools.",
  })
  reportMcpInventory(
    @Arg('serverId', () => ID, { description: targetIdText('MCP server') }) serverId: string,
    @Arg('tools', () => [McpToolInput], { ...entriesArgument('tools', INVENTORY_TOOLS_MAX), description: TOOLS_ARG_TEXT })
    tools: McpToolInput[],
    @Arg('advertisesResources', { description: ADVERTISES_TEXT }) advertisesResources: boolean,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mcpServers.reportMcpInventory(actorOf(ctx), serverId, tools, advertisesResources);
  }

  @FieldResolver(() => ProjectType, { nullable: true, description: OWNER_PROJECT_FIELD_TEXT })
  project(@Root() server: McpServerType, @Ctx() ctx: RequestContext) {
    return server.projectId ? loadersOf(ctx).project.load(server.projectId) : null;
  }

  @FieldResolver(() => [ToolDefinitionType], { description: 'The tool definitions its inventory holds now, refused entries aside.' })
  tools(@Root() server: McpServerType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).mcpServerTools.load(server.id);
  }
}
