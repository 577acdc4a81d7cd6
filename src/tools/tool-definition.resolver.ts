import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AgentType } from '../agents/agent.types';
import { ChannelType, ContextObjectType } from '../catalogue/catalogue.types';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { AfterArg, FirstArg } from '../common/pagination';
import { ToolSourceEnum } from '../loadout/edge';
import { PROVIDERS, type ToolSource } from '../loadout/vocabulary';
import { ProjectType } from '../organizations/organization.types';
import { estimateToolTokens, shownRefusal, storedRefusals, visibleTool } from '../loadout/tokens';
import { storedDefinitions } from './stored-objects';
import type { JsonObject } from '../common/json';
import { JSONScalar } from '../common/scalars';
import { lookupIdText, PROJECT_FILTER_TEXT, targetIdText } from '../common/schema-text';
import { TOOL_TEXT } from './tool-definition-text';

const SOURCE_FILTER_TEXT = 'Only those of this source; null or absent: every source.';
import { mcpAnnotations, mcpTitle } from './mcp-tool-entry';
import { ToolDefinitionEntity } from './tool-definition.entity';
import { McpServerType } from './mcp-server.types';
import {
  McpToolAnnotationsType,
  MiniAppType,
  SchemaRefusalType,
  ToolDefinitionConnectionType,
  ToolDefinitionInput,
  ToolDefinitionType,
  UpdateToolDefinitionInput,
} from './tool.types';

/** What an MCP server reported beyond what a model is sent; other tools have none. */
const mcpEntryOf = (tool: ToolDefinitionType): JsonObject | null => (tool.source === 'MCP' ? (tool.mcpEntry ?? null) : null);

@Resolver(() => ToolDefinitionType)
export class ToolDefinitionResolver {
  @Authorized('VIEWER')
  @Query(() => [ToolDefinitionType], { description: "The organisation's tool definitions in Sort Order (sortOrder, name, id)." })
  toolDefinitions(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @Arg('source', () => ToolSourceEnum, { nullable: true, description: SOURCE_FILTER_TEXT }) source: ToolSource | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.toolDefinitionList.definitions(actorOf(ctx), { projectId, source });
  }

  @Authorized('VIEWER')
  @Query(() => ToolDefinitionConnectionType, {
    description: 'What toolDefinitions returns, in the same order (sortOrder, name, id), a page at a time: first 0 to 100, 20 when absent.',
  })
  toolDefinitionsPage(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @Arg('source', () => ToolSourceEnum, { nullable: true, description: SOURCE_FILTER_TEXT }) source: ToolSource | null,
    @FirstArg() first: number | null,
    @AfterArg() after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.toolDefinitionList.page(actorOf(ctx), { projectId, source }, first, after);
  }

  @Authorized('VIEWER')
  @Query(() => ToolDefinitionType, { nullable: true, description: 'One tool definition by id.' })
  toolDefinition(@Arg('id', () => ID, { description: lookupIdText('tool definition') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.toolDefinitions.definition(actorOf(ctx), id);
  }

  @Authorized('EDITOR')
  @Mutation(() => ToolDefinitionType, {
    description:
      'A new tool definition (not MCP: those come from inventory reports); invalidates the toolboxes it enters, cause TOOL_CREATED.',
  })
  createToolDefinition(@Arg('input', { description: 'The definition to create.' }) input: ToolDefinitionInput, @Ctx() ctx: RequestContext) {
    return ctx.services.toolDefinitions.create(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => ToolDefinitionType, {
    description:
      'Changes a tool definition; invalidates the toolboxes it changes, cause TOOL_UPDATED. A tier-only change moves no version.',
  })
  updateToolDefinition(
    @Arg('id', () => ID, { description: targetIdText('tool definition') }) id: string,
    @Arg('input', { description: 'The fields to change.' }) input: UpdateToolDefinitionInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.toolDefinitions.update(actorOf(ctx), id, input);
  }

  @Authorized('EDITOR')
  @Mutation(() => Boolean, {
    description:
      'Deletes a tool definition; invalidates the toolboxes that carried it, cause TOOL_DELETED. Recorded turns keep their frozen copy. True.',
  })
  deleteToolDefinition(@Arg('id', () => ID, { description: targetIdText('tool definition') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.toolDefinitions.delete(actorOf(ctx), id);
  }

  @FieldResolver(() => AgentType, { nullable: true, description: `${TOOL_TEXT.agent} Null: every agent of its scope.` })
  agent(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return tool.agentId ? loadersOf(ctx).agent.load(tool.agentId) : null;
  }

  @FieldResolver(() => ProjectType, { nullable: true, description: TOOL_TEXT.project })
  project(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return tool.projectId ? loadersOf(ctx).project.load(tool.projectId) : null;
  }

  @FieldResolver(() => [ChannelType], { description: TOOL_TEXT.channels })
  async channels(@Root() tool: ToolDefinitionEntity, @Ctx() ctx: RequestContext) {
    return tool.channels ?? (await loadersOf(ctx).toolLinks.load(tool.id)).channels;
  }

  @FieldResolver(() => [ContextObjectType], { description: TOOL_TEXT.contextObjects })
  async contextObjects(@Root() tool: ToolDefinitionEntity, @Ctx() ctx: RequestContext) {
    return tool.contextObjects ?? (await loadersOf(ctx).toolLinks.load(tool.id)).contextObjects;
  }

  @FieldResolver(() => MiniAppType, { nullable: true, description: `${TOOL_TEXT.miniApp} Null for other sources.` })
  miniApp(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return tool.miniAppId ? loadersOf(ctx).miniApp.load(tool.miniAppId) : null;
  }

  @FieldResolver(() => McpServerType, { nullable: true, description: 'MCP tools: the server that reported it; null for other sources.' })
  mcpServer(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return tool.mcpServerId ? loadersOf(ctx).mcpServer.load(tool.mcpServerId) : null;
  }

  @FieldResolver(() => [ToolDefinitionType], {
    description:
      'Definitions of the same name this one outranks where both pass the other filters (it is more specific, or first in Sort Order): they drop as SHADOWED.',
  })
  async shadows(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return storedDefinitions(ctx, (await loadersOf(ctx).shadowRelations.load(tool)).shadows);
  }

  @FieldResolver(() => [ToolDefinitionType], {
    description: 'Definitions of the same name that outrank this one where both pass the other filters: this one drops as SHADOWED.',
  })
  async shadowedBy(@Root() tool: ToolDefinitionType, @Ctx() ctx: RequestContext) {
    return storedDefinitions(ctx, (await loadersOf(ctx).shadowRelations.load(tool)).shadowedBy);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "MCP tools: the display title the server gave (its title, else its annotations' title). Never sent to a model.",
  })
  title(@Root() tool: ToolDefinitionType) {
    return mcpTitle(mcpEntryOf(tool));
  }

  @FieldResolver(() => McpToolAnnotationsType, { nullable: true, description: "MCP tools: the server's annotations, as reported." })
  annotations(@Root() tool: ToolDefinitionType) {
    const annotations = mcpAnnotations(mcpEntryOf(tool));
    if (!annotations) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    const flag = (v: unknown) => (typeof v === 'boolean' ? v : null);
    return {
      title: text(annotations.title),
      readOnlyHint: flag(annotations.readOnlyHint),
      destructiveHint: flag(annotations.destructiveHint),
      idempotentHint: flag(annotations.idempotentHint),
      openWorldHint: flag(annotations.openWorldHint),
    };
  }

  @FieldResolver(() => JSONScalar, {
    nullable: true,
    description: "MCP tools: the schema of the tool's structured result, as reported. Never sent to a model.",
  })
  outputSchema(@Root() tool: ToolDefinitionType) {
    return mcpEntryOf(tool)?.outputSchema ?? null;
  }

  @FieldResolver(() => JSONScalar, {
    nullable: true,
    description:
      "MCP tools: the tools/list entry's keys besides name, description and inputSchema (title, annotations, outputSchema, _meta, icons, execution, and keys not yet known), in the server's order. Never sent to a model.",
  })
  mcpEntry(@Root() tool: ToolDefinitionType) {
    return mcpEntryOf(tool);
  }

  @FieldResolver(() => [SchemaRefusalType], {
    name: 'schemaRefusals',
    description:
      'Per provider family whose schema rules refuse its input schema, the first rule it breaks and where (docs/semantics.md §3.5): the agents of those families leave it out (INCOMPATIBLE_SCHEMA). Empty: every family takes it.',
  })
  refusals(@Root() tool: ToolDefinitionType) {
    const refusals = storedRefusals(tool.schemaRefusals, tool.inputSchema);
    return PROVIDERS.flatMap((provider) => (refusals?.[provider] ? [shownRefusal(provider, refusals[provider])] : []));
  }

  @FieldResolver(() => Int, {
    description:
      "Estimated tokens this definition adds to every model request, for the given model (default: the organisation's default model), under the name it is sent as: the toolbox's figure for it.",
  })
  async schemaTokens(
    @Root() tool: ToolDefinitionType,
    @Arg('model', () => String, { nullable: true, description: "provider/model to count for; absent: the organisation's defaultModel." })
    model: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    const chosen = model ?? (await loadersOf(ctx).organization()).defaultModel;
    // Under the name it is sent as, as the toolbox counts it (docs/semantics.md §3.13).
    return estimateToolTokens(visibleTool(tool), chosen);
  }
}
