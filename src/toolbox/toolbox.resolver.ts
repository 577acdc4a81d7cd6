import { Arg, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { AgentType } from '../agents/agent.types';
import { actorOf, type RequestContext } from '../common/context';
import { ToolProviderEnum } from '../common/enums';
import { JSONScalar } from '../common/scalars';
import { providerOf, renderTools } from '../tokens/providers';
import { toolToRender } from './carried-names';
import { ToolDefinitionType } from '../tools/tool.types';
import { storedAgent, storedDefinition } from './stored-objects';
import type { ResolvedDrop, ResolvedToolbox } from './toolbox.service';
import { DroppedToolType, PageInput, ToolboxEntryType, ToolboxType } from './toolbox.types';

@Resolver(() => ToolboxType)
export class ToolboxResolver {
  @Authorized('VIEWER')
  @Query(() => ToolboxType, {
    description:
      'The Agent Runtime Preview: what the agent would carry in this situation now; it records nothing. A runtime calls `beginTurn` on every model request instead: it records the turn, and its `toolbox` reads with the same fragment (`ToolboxContent`).',
  })
  toolbox(
    @Arg('agentId', () => ID) agentId: string,
    @Arg('channel') channel: string,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
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
  rendered(@Root() box: ResolvedToolbox, @Arg('provider', () => ToolProviderEnum, { nullable: true }) provider: ToolProviderEnum | null) {
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
