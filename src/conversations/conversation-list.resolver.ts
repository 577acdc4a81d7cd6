import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { ConversationConnectionType } from './conversation-list.types';

@Resolver()
export class ConversationListResolver {
  @Authorized('VIEWER')
  @Query(() => ConversationConnectionType, {
    description: "The agent's conversations, newest first; what the conversation debugger lists.",
  })
  conversations(
    @Arg('agentId', () => ID) agentId: string,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.conversationList.forAgent(actorOf(ctx), agentId, first, after);
  }
}
