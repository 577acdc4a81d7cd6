import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { listArgument } from '../common/validate-args';
import { CALLS_PER_BATCH_MAX } from '../common/validation';
import { ProjectType } from '../organizations/organization.types';
import { toolCallProblems } from './tool-call-validation';
import { RecordToolCallsResultType, ToolCallInput, ToolUsageType } from './usage.types';

@Resolver(() => ToolUsageType)
export class UsageResolver {
  @Authorized('VIEWER')
  @Query(() => [ToolUsageType], {
    description: 'The roster and counters of one scope. projectId null: the no-project scope. userId null: the caller.',
  })
  toolUsage(
    @Arg('projectId', () => ID, { nullable: true, description: 'The owning project of the scope; null: the no-project scope.' })
    projectId: string | null,
    @Arg('userId', () => String, {
      nullable: true,
      description: 'The end user of the scope, 1 to 256 characters; null: the caller (its principal id).',
    })
    userId: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.usage.toolUsage(actorOf(ctx), projectId, userId);
  }

  @Authorized('RUNTIME')
  @Mutation(() => RecordToolCallsResultType, {
    description: 'Counts tool calls in their usage scopes (docs/semantics.md §6.2): validated whole, then written in one transaction.',
  })
  recordToolCalls(
    @Arg('calls', () => [ToolCallInput], {
      ...listArgument('calls', CALLS_PER_BATCH_MAX, toolCallProblems),
      description: `The calls, at most ${CALLS_PER_BATCH_MAX}.`,
    })
    calls: ToolCallInput[],
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.usageRecorder.recordToolCalls(actorOf(ctx), calls);
  }

  @FieldResolver(() => ProjectType, { nullable: true })
  project(@Root() row: ToolUsageType, @Ctx() ctx: RequestContext) {
    return row.projectId ? loadersOf(ctx).project.load(row.projectId) : null;
  }
}
