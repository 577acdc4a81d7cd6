import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { OWNER_PROJECT_FIELD_TEXT, PROJECT_FILTER_TEXT, targetIdText } from '../common/schema-text';
import { ProjectType } from '../organizations/organization.types';
import { CreateMiniAppInput, MiniAppType, ToolDefinitionType } from './tool.types';

@Resolver(() => MiniAppType)
export class MiniAppResolver {
  @Authorized('VIEWER')
  @Query(() => [MiniAppType], { description: "The organisation's mini apps." })
  miniApps(
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_FILTER_TEXT }) projectId: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.miniApps.miniApps(actorOf(ctx), projectId);
  }

  @Authorized('EDITOR')
  @Mutation(() => MiniAppType, { description: 'A new mini app, with no tools yet (createToolDefinition with miniAppId adds them).' })
  createMiniApp(@Arg('input', { description: 'The mini app to create.' }) input: CreateMiniAppInput, @Ctx() ctx: RequestContext) {
    return ctx.services.miniApps.createMiniApp(actorOf(ctx), input);
  }

  @Authorized('EDITOR')
  @Mutation(() => MiniAppType, {
    description: 'Enables or disables a mini app and so all its tools; invalidates the toolboxes that changes, cause MINI_APP_CHANGED.',
  })
  setMiniAppEnabled(
    @Arg('id', () => ID, { description: targetIdText('mini app') }) id: string,
    @Arg('enabled', { description: 'Whether its tools can be carried.' }) enabled: boolean,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.miniApps.setMiniAppEnabled(actorOf(ctx), id, enabled);
  }

  @FieldResolver(() => ProjectType, { nullable: true, description: OWNER_PROJECT_FIELD_TEXT })
  project(@Root() app: MiniAppType, @Ctx() ctx: RequestContext) {
    return app.projectId ? loadersOf(ctx).project.load(app.projectId) : null;
  }

  @FieldResolver(() => [ToolDefinitionType], { description: 'Its tool definitions (source MINI_APP).' })
  tools(@Root() app: MiniAppType, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).miniAppTools.load(app.id);
  }
}
