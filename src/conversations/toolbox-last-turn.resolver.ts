import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { loadersOf, type RequestContext } from '../common/context';
import type { ResolvedToolbox } from '../toolbox/toolbox.service';
import { ToolboxType } from '../toolbox/toolbox.types';
import { TurnType } from './conversation.types';

/** Toolbox.lastTurn: the preview beside the turn its situation last recorded (docs/semantics.md §4.1). */
@Resolver(() => ToolboxType)
export class ToolboxLastTurnResolver {
  @FieldResolver(() => TurnType, {
    nullable: true,
    description:
      "The agent's most recent turn in this situation: of its conversations on this channel, page type and context object (whatever their record), the turn begun last; null where there is none. Its `toolbox.fingerprint` against this one's says whether the toolbox moved since.",
  })
  lastTurn(@Root() box: ResolvedToolbox, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).lastTurn.load({
      agentId: box.agent.id,
      channelId: box.channel.id,
      pageType: box.page.type,
      contextObject: box.page.contextObject,
    });
  }
}
