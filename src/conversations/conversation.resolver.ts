import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { ToolProviderEnum } from '../loadout/edge';
import { AgentType } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { AfterArg, FirstArg } from '../common/pagination';
import { JSONScalar } from '../common/scalars';
import { lookupIdText, targetIdText } from '../common/schema-text';
import { ProjectType } from '../organizations/organization.types';
import { providerOf, renderTools } from '../loadout/tokens';
import { recordedToolNames, toolToRender, type CarriedNames } from '../toolbox/carried-names';
import { CARRIED_TOOL_TEXT, PROVIDER_ARG_TEXT } from '../toolbox/toolbox-content.types';
import { PageObjectType } from '../toolbox/toolbox.types';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';
import type { ConversationEntity } from './conversation.entity';
import { costOfTurn, diffOfTurn } from './conversation.loaders';
import {
  ConversationType,
  PROVIDER_USAGE_FIELD_TEXT,
  ProviderUsageInput,
  ProviderUsageType,
  SnapshotDroppedToolType,
  SnapshotRuleType,
  SnapshotToolType,
  StartConversationInput,
  ToolboxDiffType,
  ToolboxSnapshotType,
  TurnConnectionType,
  TurnCostType,
  TurnType,
  TurnUsageInput,
  TurnUsageType,
} from './conversation.types';
import { ModelPriceInput, ModelPriceType } from './model-price.types';
import type { FrozenSnapshot, FrozenTool } from './snapshot.service';
import type { FrozenDroppedTool } from './toolbox-snapshot.entity';
import type { TurnEntity } from './turn.entity';
import { exportTurnSpan } from './turn-span';

/** Returns the turn a request completed, once it is exported as a GenAI span under the request's operation (when traced). */
async function traced(ctx: RequestContext, turn: TurnEntity): Promise<TurnEntity> {
  await exportTurnSpan(turn, ctx.services.snapshots, ctx.traceContext);
  return turn;
}

@Resolver()
export class ConversationResolver {
  @Authorized('VIEWER')
  @Query(() => ConversationType, { nullable: true, description: 'One conversation by id.' })
  conversation(@Arg('id', () => ID, { description: lookupIdText('conversation') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.conversations.conversation(actorOf(ctx), id);
  }

  @Authorized('VIEWER')
  @Query(() => TurnType, { nullable: true, description: 'One turn by id.' })
  turn(@Arg('id', () => ID, { description: lookupIdText('turn') }) id: string, @Ctx() ctx: RequestContext) {
    return ctx.services.conversations.turn(actorOf(ctx), id);
  }

  @Authorized('VIEWER')
  @Query(() => [ModelPriceType], { description: "The organisation's model prices, by model." })
  modelPrices(@Ctx() ctx: RequestContext) {
    return ctx.services.modelPrices.list(actorOf(ctx));
  }

  @Authorized('RUNTIME')
  @Mutation(() => ConversationType, {
    description: 'Starts a conversation of an agent: its channel, page and end user are fixed for every turn (docs/semantics.md §4.1).',
  })
  startConversation(
    @Arg('input', { description: 'The conversation to start.' }) input: StartConversationInput,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.conversations.startConversation(actorOf(ctx), input);
  }

  @Authorized('RUNTIME')
  @Mutation(() => TurnType, {
    description:
      'What a runtime calls on every model request: resolves, records and returns the toolbox the model sees on this turn (send its `toolbox.rendered`). The `toolbox` query is the preview; both read with one fragment on `ToolboxContent`.',
  })
  beginTurn(
    @Arg('conversationId', () => ID, { description: targetIdText('conversation') }) conversationId: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.conversations.beginTurn(actorOf(ctx), conversationId);
  }

  @Authorized('RUNTIME')
  @Mutation(() => TurnType, {
    description:
      "Records what the turn's request used, in Loadout's terms, and prices it once (docs/semantics.md §4.3). A turn already completed is CONFLICT.",
  })
  async completeTurn(
    @Arg('turnId', () => ID, { description: targetIdText('turn') }) turnId: string,
    @Arg('usage', { description: 'What the request used.' }) usage: TurnUsageInput,
    @Ctx() ctx: RequestContext,
  ) {
    return traced(ctx, await ctx.services.turnCompletion.completeTurn(actorOf(ctx), turnId, usage));
  }

  @Authorized('RUNTIME')
  @Mutation(() => TurnType, {
    description:
      "completeTurn with the provider's usage object as its API returned it, read by the format's documented meaning into the turn's usage; the object is kept as `Turn.providerUsage`.",
  })
  async completeTurnWithProviderUsage(
    @Arg('turnId', () => ID, { description: targetIdText('turn') }) turnId: string,
    @Arg('providerUsage', { description: 'The usage object and its format.' }) providerUsage: ProviderUsageInput,
    @Ctx() ctx: RequestContext,
  ) {
    return traced(ctx, await ctx.services.turnCompletion.completeTurnWithProviderUsage(actorOf(ctx), turnId, providerUsage));
  }

  @Authorized('RUNTIME')
  @Mutation(() => TurnType, {
    description:
      'Closes a turn whose model request failed, with the reason the debugger shows (1 to 200 characters); it keeps no usage and costs nothing (docs/semantics.md §4.4). The same reason again answers the turn as it is; a completed turn, or one abandoned for another reason, is CONFLICT.',
  })
  abandonTurn(
    @Arg('turnId', () => ID, { description: targetIdText('turn') }) turnId: string,
    @Arg('reason', { description: 'Why: what the model request failed with, as the runtime words it.' }) reason: string,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.turnCompletion.abandonTurn(actorOf(ctx), turnId, reason);
  }

  @Authorized('EDITOR')
  @Mutation(() => ModelPriceType, {
    description: 'Upserts the price of one model; a rate left out takes the default its `ModelPriceInput` field states.',
  })
  setModelPrice(@Arg('input', { description: 'The model and its rates.' }) input: ModelPriceInput, @Ctx() ctx: RequestContext) {
    return ctx.services.modelPrices.set(actorOf(ctx), input);
  }
}

@Resolver(() => ConversationType)
export class ConversationFieldsResolver {
  @FieldResolver(() => AgentType, { description: 'The agent.' })
  agent(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).agent.load(c.agentId);
  }

  @FieldResolver(() => ChannelType, { description: 'The channel every turn is assembled for.' })
  channel(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).channel.load(c.channelId);
  }

  @FieldResolver(() => Int, { description: 'How many turns it has, abandoned ones included.' })
  async turnCount(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext): Promise<number> {
    return (await loadersOf(ctx).conversationActivity.load(c.id)).turns;
  }

  @FieldResolver(() => Int, { description: 'How many of its turns were abandoned (abandonTurn): their model requests failed.' })
  async abandonedTurnCount(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext): Promise<number> {
    return (await loadersOf(ctx).conversationActivity.load(c.id)).abandoned;
  }

  @FieldResolver(() => Date, { description: "The latest turn's start or completion; the conversation's start before its first turn." })
  async lastActivityAt(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext): Promise<Date> {
    return (await loadersOf(ctx).conversationActivity.load(c.id)).lastAt ?? c.startedAt;
  }

  @FieldResolver(() => PageObjectType)
  page(@Root() c: ConversationEntity): PageObjectType {
    return { type: c.pageType as PageObjectType['type'], contextObject: c.pageContextObject, recordId: c.pageRecordId };
  }

  @FieldResolver(() => ProjectType, { nullable: true })
  owningProject(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext) {
    return c.owningProjectId ? loadersOf(ctx).project.load(c.owningProjectId) : null;
  }

  @FieldResolver(() => ConversationType, { nullable: true })
  parent(@Root() c: ConversationEntity, @Ctx() ctx: RequestContext) {
    return c.parentId ? loadersOf(ctx).conversation.load(c.parentId) : null;
  }

  @FieldResolver(() => TurnConnectionType, { description: 'Its turns, by index, a page at a time.' })
  turns(@Root() c: ConversationEntity, @FirstArg() first: number | null, @AfterArg() after: string | null, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).turnPage(c.id, first, after);
  }
}

@Resolver(() => TurnType)
export class TurnFieldsResolver {
  @FieldResolver(() => ConversationType)
  conversation(@Root() t: TurnEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).conversation.load(t.conversationId);
  }

  @FieldResolver(() => ToolboxSnapshotType)
  toolbox(@Root() t: TurnEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).snapshot.load(t.snapshotId);
  }

  @FieldResolver(() => ToolboxDiffType, { nullable: true, description: 'Against the previous turn; null on the first turn.' })
  diff(@Root() t: TurnEntity, @Ctx() ctx: RequestContext) {
    return diffOfTurn(loadersOf(ctx), t);
  }

  @FieldResolver(() => TurnUsageType, { nullable: true })
  usage(@Root() t: TurnEntity): TurnUsageType | null {
    if (!t.completedAt || t.inputTokens === null || t.outputTokens === null) return null;
    return {
      inputTokens: t.inputTokens,
      cachedInputTokens: t.cachedInputTokens ?? 0,
      cacheWriteTokens: t.cacheWriteTokens ?? 0,
      cacheWrite1hTokens: t.cacheWrite1hTokens,
      outputTokens: t.outputTokens,
      serverToolUse: t.serverToolUse,
    };
  }

  @FieldResolver(() => ProviderUsageType, { nullable: true, description: PROVIDER_USAGE_FIELD_TEXT })
  providerUsage(@Root() t: TurnEntity): ProviderUsageType | null {
    return t.providerUsageFormat && t.providerUsage ? { format: t.providerUsageFormat, usage: t.providerUsage } : null;
  }

  @FieldResolver(() => TurnCostType, { nullable: true })
  cost(@Root() t: TurnEntity, @Ctx() ctx: RequestContext) {
    return costOfTurn(loadersOf(ctx), t);
  }
}

@Resolver(() => ToolboxSnapshotType)
export class SnapshotFieldsResolver {
  @FieldResolver(() => JSONScalar, {
    description:
      "The tools as sent, ready for the request's `tools`, in toolbox order, in the provider's shape (default: the turn model's provider).",
  })
  async rendered(
    @Root() snapshot: FrozenSnapshot,
    @Arg('provider', () => ToolProviderEnum, { nullable: true, description: PROVIDER_ARG_TEXT }) provider: ToolProviderEnum | null,
    @Ctx() ctx: RequestContext,
  ) {
    const loadout = await ctx.services.toolbox.loadoutOf(actorOf(ctx));
    const tools = snapshot.tools.map((t) => toolToRender(t, recordedToolNames(loadout, t)));
    return renderTools(provider ?? providerOf(snapshot.model), tools);
  }
}

/** From the organisation's loadout, which holds every definition: no database work on the turn path. */
async function namesOf(ctx: RequestContext, tool: FrozenTool): Promise<CarriedNames> {
  return recordedToolNames(await ctx.services.toolbox.loadoutOf(actorOf(ctx)), tool);
}

@Resolver(() => SnapshotToolType)
export class SnapshotToolFieldsResolver {
  @FieldResolver(() => String, { description: CARRIED_TOOL_TEXT.toolName })
  async toolName(@Root() tool: FrozenTool, @Ctx() ctx: RequestContext) {
    return (await namesOf(ctx, tool)).toolName;
  }

  @FieldResolver(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName })
  async mcpToolName(@Root() tool: FrozenTool, @Ctx() ctx: RequestContext) {
    return (await namesOf(ctx, tool)).mcpToolName;
  }

  @FieldResolver(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName })
  async mcpServerName(@Root() tool: FrozenTool, @Ctx() ctx: RequestContext) {
    return (await namesOf(ctx, tool)).mcpServerName;
  }

  @FieldResolver(() => ToolDefinitionType, {
    nullable: true,
    description: 'The definition it came from; null once that definition is deleted.',
  })
  toolDefinition(@Root() tool: FrozenTool, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).toolDefinition.load(tool.toolDefinitionId);
  }

  @FieldResolver(() => JSONScalar, {
    nullable: true,
    description:
      'MCP tools: the tools/list entry beyond what the model is sent (outputSchema, _meta, annotations, ...), as the server last reported it; null for other tools and once the definition is deleted. Never sent to a model.',
  })
  async mcpEntry(@Root() tool: FrozenTool, @Ctx() ctx: RequestContext) {
    return (await loadersOf(ctx).toolDefinition.load(tool.toolDefinitionId))?.mcpEntry ?? null;
  }
}

@Resolver(() => SnapshotDroppedToolType)
export class SnapshotDroppedToolFieldsResolver {
  @FieldResolver(() => ToolDefinitionType, { nullable: true, description: 'The definition; null once it is deleted.' })
  toolDefinition(@Root() tool: FrozenDroppedTool, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).toolDefinition.load(tool.toolDefinitionId);
  }

  @FieldResolver(() => ToolDefinitionType, { nullable: true })
  shadowedBy(@Root() tool: FrozenDroppedTool, @Ctx() ctx: RequestContext) {
    return tool.shadowedById ? loadersOf(ctx).toolDefinition.load(tool.shadowedById) : null;
  }

  @FieldResolver(() => SnapshotRuleType, { nullable: true })
  rule(@Root() tool: FrozenDroppedTool) {
    return tool.rule ?? null;
  }

  @FieldResolver(() => SchemaRefusalType, { nullable: true })
  schemaRefusal(@Root() tool: FrozenDroppedTool) {
    return tool.schemaRefusal ?? null;
  }
}
