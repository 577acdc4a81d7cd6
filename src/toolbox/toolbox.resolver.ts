import { Arg, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { ToolProviderEnum } from '../loadout/edge';
import { AgentType } from '../agents/agent.types';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { JSONScalar } from '../common/scalars';
import { targetIdText } from '../common/schema-text';
import { providerOf, renderTools } from '../loadout/tokens';
import { toolToRender } from './carried-names';
import { ToolDefinitionType } from '../tools/tool.types';
import { storedAgent, storedDefinition } from '../tools/stored-objects';
import type { ResolvedDrop, ResolvedToolbox } from './toolbox.service';
import { PROVIDER_ARG_TEXT } from './toolbox-content.types';
import { CHANNEL_ARG_TEXT, DroppedToolType, PAGE_ARG_TEXT, PageInput, ToolboxEntryType, ToolboxType } from './toolbox.types';

@Resolver(() => ToolboxType)
export class ToolboxResolver {
  @Authorized('VIEWER')
  @Query(() => ToolboxType, {
    description:
      'The Agent Runtime Preview: what the agent would carry in this situation now; it records nothing. A runtime calls `beginTurn` on every model request instead: it records the turn, and its `toolbox` reads with the same fragment (`ToolboxContent`).',
  })
  toolbox(
    @Arg('agentId', () => ID, { description: targetIdText('agent') }) agentId: string,
    @Arg('channel', { description: CHANNEL_ARG_TEXT }) channel: string,
    @Arg('page', () => PageInput, { nullable: true, description: PAGE_ARG_TEXT }) page: PageInput | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.toolbox.resolve(actorOf(ctx), agentId, channel, page ?? undefined);
  }

  @FieldResolver(() => AgentType)
  agent(@Root() box: ResolvedToolbox, @Ctx() ctx: RequestContext) {
    return storedAgent(ctx, box.agent.id);
  }

  @FieldResolver(() => JSONScalar, {
    description:
      "The tools ready to send as the request's `tools`, in toolbox order, in the shape `provider` names (default: the agent model's provider; docs/renderings.md).",
  })
  rendered(
    @Root() box: ResolvedToolbox,
    @Arg('provider', () => ToolProviderEnum, { nullable: true, description: PROVIDER_ARG_TEXT }) provider: ToolProviderEnum | null,
  ) {
    return renderTools(
      provider ?? providerOf(box.agent.model),
      box.tools.map((e) => toolToRender(e.visible, e)),
    );
  }
}

@Resolver(() => ToolboxEntryType)
export class ToolboxEntryFieldsResolver {
  @FieldResolver(() => ToolDefinitionType)
  tool(@Root() entry: ResolvedToolbox['tools'][number], @Ctx() ctx: RequestContext) {
    return storedDefinition(ctx, entry.tool.id);
  }
}

@Resolver(() => DroppedToolType)
export class DroppedToolFieldsResolver {
  @FieldResolver(() => ToolDefinitionType)
  tool(@Root() drop: ResolvedDrop, @Ctx() ctx: RequestContext) {
    return storedDefinition(ctx, drop.tool.id);
  }

  @FieldResolver(() => ToolDefinitionType, { nullable: true })
  shadowedBy(@Root() drop: ResolvedDrop, @Ctx() ctx: RequestContext) {
    return drop.shadowedBy ? storedDefinition(ctx, drop.shadowedBy.id) : null;
  }
}

@Resolver(() => AgentType)
export class AgentToolboxFieldResolver {
  @FieldResolver(() => ToolboxType, {
    description: "The preview of this agent's toolbox in one situation, as the `toolbox` query answers it.",
  })
  toolbox(
    @Root() agent: AgentType,
    @Arg('channel', { description: CHANNEL_ARG_TEXT }) channel: string,
    @Arg('page', () => PageInput, { nullable: true, description: PAGE_ARG_TEXT }) page: PageInput | null,
    @Ctx() ctx: RequestContext,
  ) {
    return loadersOf(ctx).agentToolbox.load({ agentId: agent.id, channel, page: page ?? undefined });
  }
}
