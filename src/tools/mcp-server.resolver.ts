import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { listArgument } from '../common/validate-args';
import { INVENTORY_TOOLS_MAX } from '../common/validation';
import { ProjectType } from '../organizations/organization.types';
import { McpServerType, McpToolInput, McpToolScalar, RegisterMcpServerInput, ToolDefinitionType, UpdateMcpServerInput } from './tool.types';

@Resolver(() => McpServerType)
export class McpServerResolver {
  @Authorized('VIEWER')
  @Query(() => [McpServerType])
  mcpServers(@Arg('projectId', () => ID, { nullable: true }) projectId: string | null, @Ctx() ctx: RequestContext) {
    return ctx.services.mcpServers.mcpServers(actorOf(ctx), projectId);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType)
  registerMcpServer(@Arg('input') input: RegisterMcpServerInput, @Ctx() ctx: RequestContext) {
    return ctx.services.mcpServers.registerMcpServer(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType)
  updateMcpServer(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateMcpServerInput, @Ctx() ctx: RequestContext) {
    return ctx.services.mcpServers.updateMcpServer(actorOf(ctx), id, input);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      "Replaces the server's cached tool inventory with its tools/list entries, exactly as returned. Entries that cannot be used at all are refused alone and listed in refusedTools; a report that changes nothing moves no version.",
  })
  reportMcpTools(
    @Arg('serverId', () => ID) serverId: string,
    @Arg('tools', () => [McpToolScalar], listArgument('tools', INVENTORY_TOOLS_MAX)) tools: unknown[],
    @Arg('advertisesResources') advertisesResources: boolean,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mcpServers.reportMcpInventory(actorOf(ctx), serverId, tools, advertisesResources);
  }

  @Authorized('EDITOR')
  @Mutation(() => McpServerType, {
    description:
      "reportMcpTools with typed entries: each entry's known MCP keys; an entry with keys MCP adds later, or without a description, goes through reportMcpTools.",
  })
  reportMcpInventory(
    @Arg('serverId', () => ID) serverId: string,
    @Arg('tools', () => [McpToolInput], listArgument('tools', INVENTORY_TOOLS_MAX)) tools: McpToolInput[],
    @Arg('advertisesResources') advertisesResources: boolean,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.mcpServers.reportMcpInventory(actorOf(ctx), serverId, tools, advertisesResources);
  }

  @FieldResolver(() => ProjectType, { nullable: true })
  project(@Root() server: McpServerType, @Ctx() ctx: RequestContext) {
    return server.projectId ? loadersOf(ctx).project.load(server.projectId) : null;
  }

  @FieldResolver(() => [ToolDefinitionType])
  tools(@Root() server: McpServerType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).mcpServerTools.load(server.id);
  }
}
