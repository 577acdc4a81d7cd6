import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { ProjectType } from '../organizations/organization.types';
import { CreateMiniAppInput, MiniAppType, ToolDefinitionType } from './tool.types';

@Resolver(() => MiniAppType)
export class MiniAppResolver {
  @Authorized('VIEWER')
  @Query(() => [MiniAppType])
  miniApps(@Arg('projectId', () => ID, { nullable: true }) projectId: string | null, @Ctx() ctx: RequestContext) {
    return ctx.services.miniApps.miniApps(actorOf(ctx), projectId);
  }

  @Authorized('EDITOR')
  @Mutation(() => MiniAppType)
  createMiniApp(@Arg('input') input: CreateMiniAppInput, @Ctx() ctx: RequestContext) {
    return ctx.services.miniApps.createMiniApp(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => MiniAppType)
  setMiniAppEnabled(@Arg('id', () => ID) id: string, @Arg('enabled') enabled: boolean, @Ctx() ctx: RequestContext) {
    return ctx.services.miniApps.setMiniAppEnabled(actorOf(ctx), id, enabled);
  }

  @FieldResolver(() => ProjectType, { nullable: true })
  project(@Root() app: MiniAppType, @Ctx() ctx: RequestContext) {
    return app.projectId ? loadersOf(ctx).project.load(app.projectId) : null;
  }

  @FieldResolver(() => [ToolDefinitionType])
  tools(@Root() app: MiniAppType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).miniAppTools.load(app.id);
  }
}
