import { Arg, Authorized, Ctx, ID, Query, Resolver } from 'type-graphql';
import { actorOf, type RequestContext } from '../common/context';
import { PageInput, ToolboxType } from './toolbox.types';

@Resolver()
export class ToolboxResolver {
  @Authorized('VIEWER')
  @Query(() => ToolboxType, { description: 'The Agent Runtime Preview: what the agent would carry in this situation.' })
  toolbox(
    @Arg('agentId', () => ID) agentId: string,
    @Arg('channel') channel: string,
    @Arg('page', () => PageInput, { nullable: true }) page: PageInput | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.toolbox.resolve(actorOf(ctx), agentId, channel, page ?? undefined);
  }
}
