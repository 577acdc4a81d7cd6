import { Arg, Authorized, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { AgentType } from '../agents/agent.types';
import { ToolBudgetReportType } from '../budget/budget.types';
import { notImplemented } from '../common/not-implemented';
import {
  ChangeSetResultType, LoadoutChangeInput, ToolboxInvalidationConnectionType, ToolboxInvalidationType,
} from '../invalidation/invalidation.types';
import { RecordToolCallsResultType, ToolCallInput, ToolUsageType } from '../usage/usage.types';
import {
  ConversationType, ModelPriceInput, ModelPriceType, StartConversationInput, TurnConnectionType, TurnType, TurnUsageInput,
} from './conversation.types';

/** The contract's debugger, invalidation and budget operations, declared ahead of their implementation. */
@Resolver()
export class PendingResolver {
  @Authorized('VIEWER') @Query(() => ConversationType, { nullable: true })
  conversation(@Arg('id', () => ID) _id: string) { return notImplemented('conversation'); }

  @Authorized('VIEWER') @Query(() => TurnType, { nullable: true })
  turn(@Arg('id', () => ID) _id: string) { return notImplemented('turn'); }

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

  @Authorized('VIEWER') @Query(() => [ModelPriceType])
  modelPrices() { return notImplemented('modelPrices'); }

  @Authorized('EDITOR') @Mutation(() => ChangeSetResultType, { description: 'Many changes in one transaction: at most one invalidation per agent.' })
  applyChangeSet(@Arg('changes', () => [LoadoutChangeInput]) _changes: LoadoutChangeInput[]) { return notImplemented('applyChangeSet'); }

  @Authorized('RUNTIME') @Mutation(() => ConversationType)
  startConversation(@Arg('input') _input: StartConversationInput) { return notImplemented('startConversation'); }

  @Authorized('RUNTIME') @Mutation(() => TurnType, { description: 'Resolves, records and returns the toolbox the model sees on this turn.' })
  beginTurn(@Arg('conversationId', () => ID) _id: string) { return notImplemented('beginTurn'); }

  @Authorized('RUNTIME') @Mutation(() => TurnType)
  completeTurn(@Arg('turnId', () => ID) _id: string, @Arg('usage') _usage: TurnUsageInput) { return notImplemented('completeTurn'); }

  @Authorized('RUNTIME') @Mutation(() => RecordToolCallsResultType)
  recordToolCalls(@Arg('calls', () => [ToolCallInput]) _calls: ToolCallInput[]) { return notImplemented('recordToolCalls'); }

  @Authorized('EDITOR') @Mutation(() => ModelPriceType)
  setModelPrice(@Arg('input') _input: ModelPriceInput) { return notImplemented('setModelPrice'); }

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

@Resolver(() => ConversationType)
export class PendingConversationFieldsResolver {
  @FieldResolver(() => TurnConnectionType)
  turns(@Root() _c: ConversationType, @Arg('first', () => Int, { nullable: true }) _f: number, @Arg('after', () => String, { nullable: true }) _a: string) {
    return notImplemented('Conversation.turns');
  }
}

@Resolver(() => TurnType)
export class PendingTurnFieldsResolver {
  @FieldResolver(() => ToolboxInvalidationType, { nullable: true, description: "The invalidation that changed this turn's toolbox, where one did." })
  invalidation(@Root() _t: TurnType) { return notImplemented('Turn.invalidation'); }
}
