import { Arg, Authorized, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { AgentType } from '../agents/agent.types';
import { ToolBudgetReportType } from '../budget/budget.types';
import { notImplemented } from '../common/not-implemented';
import {
  ChangeSetResultType, LoadoutChangeInput, ToolboxInvalidationConnectionType, ToolboxInvalidationType,
} from '../invalidation/invalidation.types';
import { RecordToolCallsResultType, ToolCallInput, ToolUsageType } from '../usage/usage.types';
import { TurnType } from './conversation.types';

/** The contract's debugger, invalidation and budget operations, declared ahead of their implementation. */
@Resolver()
export class PendingResolver {
  @Authorized('VIEWER') @Query(() => ToolboxInvalidationConnectionType)
  toolboxInvalidations(
    @Arg('agentId', () => ID, { nullable: true }) _agentId: string,
    @Arg('projectId', () => ID, { nullable: true }) _projectId: string,
    @Arg('since', () => Date, { nullable: true }) _since: Date,
    @Arg('first', () => Int, { nullable: true }) _first: number,
    @Arg('after', () => String, { nullable: true }) _after: string,
  ) { return notImplemented('toolboxInvalidations'); }

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

  @Authorized('EDITOR') @Mutation(() => ChangeSetResultType, { description: 'Many changes in one transaction: at most one invalidation per agent.' })
  applyChangeSet(@Arg('changes', () => [LoadoutChangeInput]) _changes: LoadoutChangeInput[]) { return notImplemented('applyChangeSet'); }

  @Authorized('RUNTIME') @Mutation(() => RecordToolCallsResultType)
  recordToolCalls(@Arg('calls', () => [ToolCallInput]) _calls: ToolCallInput[]) { return notImplemented('recordToolCalls'); }

  @Authorized('VIEWER')
  @Subscription(() => ToolboxInvalidationType, {
    topics: 'TOOLBOX_INVALIDATED',
    description: "Filtered to the caller's organisation; optionally to one agent or project.",
  })
  toolboxInvalidated(@Arg('agentId', () => ID, { nullable: true }) _a: string, @Arg('projectId', () => ID, { nullable: true }) _p: string): ToolboxInvalidationType {
    return notImplemented('toolboxInvalidated');
  }
}

@Resolver(() => AgentType)
export class PendingAgentFieldsResolver {
  @FieldResolver(() => ToolboxInvalidationConnectionType)
  invalidations(@Root() _agent: AgentType, @Arg('first', () => Int, { nullable: true }) _f: number, @Arg('after', () => String, { nullable: true }) _a: string) {
    return notImplemented('Agent.invalidations');
  }
}

@Resolver(() => TurnType)
export class PendingTurnFieldsResolver {
  @FieldResolver(() => ToolboxInvalidationType, { nullable: true, description: "The invalidation that changed this turn's toolbox, where one did." })
  invalidation(@Root() _t: TurnType) { return notImplemented('Turn.invalidation'); }
}
