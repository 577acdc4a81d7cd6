import { Arg, Authorized, ID, Mutation, Query, Resolver } from 'type-graphql';
import { ToolBudgetReportType } from '../budget/budget.types';
import { notImplemented } from '../common/not-implemented';
import { RecordToolCallsResultType, ToolCallInput, ToolUsageType } from '../usage/usage.types';

/** The contract's usage and budget operations, declared ahead of their implementation. */
@Resolver()
export class PendingResolver {
  @Authorized('VIEWER') @Query(() => [ToolUsageType])
  toolUsage(@Arg('projectId', () => ID, { nullable: true }) _p: string, @Arg('userId', () => String, { nullable: true }) _u: string) {
    return notImplemented('toolUsage');
  }

  @Authorized('VIEWER') @Query(() => ToolBudgetReportType, { description: 'projectId null: the no-project scope. userId null: the caller. asOf null: now.' })
  toolBudget(
    @Arg('projectId', () => ID, { nullable: true }) _projectId: string,
    @Arg('agentId', () => ID, { nullable: true }) _agentId: string,
    @Arg('sessionId', () => ID, { nullable: true }) _sessionId: string,
    @Arg('userId', () => String, { nullable: true }) _userId: string,
    @Arg('asOf', () => Date, { nullable: true }) _asOf: Date,
  ) { return notImplemented('toolBudget'); }

  @Authorized('RUNTIME') @Mutation(() => RecordToolCallsResultType)
  recordToolCalls(@Arg('calls', () => [ToolCallInput]) _calls: ToolCallInput[]) { return notImplemented('recordToolCalls'); }
}
