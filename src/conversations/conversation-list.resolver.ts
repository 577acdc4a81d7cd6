import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { AfterArg, FirstArg } from '../common/pagination';
import { ConversationConnectionType } from './conversation-list.types';

@Resolver()
export class ConversationListResolver {
  @Authorized('VIEWER')
  @Query(() => ConversationConnectionType, {
    description: "The agent's conversations, newest first; what the conversation debugger lists.",
  })
  conversations(
    @Arg('agentId', () => ID, {
      description: "The agent's id; one that names no agent of the caller's organisation gives an empty page.",
    })
    agentId: string,
    @FirstArg() first: number | null,
    @AfterArg() after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.conversationList.forAgent(actorOf(ctx), agentId, first, after);
  }
}
