import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { AgentType } from '../agents/agent.types';
import { actorOf, loadersOf, type RequestContext } from '../common/context';
import { AfterArg, FirstArg } from '../common/pagination';
import { listArgument } from '../common/validate-args';
import { CHANGES_PER_SET_MAX } from '../common/validation';
import { diffOfTurn } from '../conversations/conversation.loaders';
import { TurnType } from '../conversations/conversation.types';
import { diffShare, type ToolboxDiff } from '../loadout/change';
import type { TurnEntity } from '../conversations/turn.entity';
import { PrincipalType } from '../organizations/organization.types';
import { Topic } from './invalidation-bus';
import {
  AffectedToolboxType,
  ChangeSetResultType,
  ExpectedLoadoutVersionInput,
  LoadoutChangeInput,
  ToolboxInvalidationConnectionType,
  ToolboxInvalidationType,
  TurnInvalidationType,
} from './invalidation.types';
import type { StoredAffectedToolbox, ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

const AGENT_EVENTS_TEXT = "Only this agent's events; null or absent: every agent's.";
const PROJECT_EVENTS_TEXT = "Only the events of this project's agents; null or absent: every agent's.";

interface SubscriptionArgs {
  agentId?: string | null;
  projectId?: string | null;
}

@Resolver(() => ToolboxInvalidationType)
export class InvalidationResolver {
  @Authorized('VIEWER')
  @Query(() => ToolboxInvalidationConnectionType, {
    description: "The organisation's invalidation events, newest first, a page at a time (docs/semantics.md §5.6).",
  })
  toolboxInvalidations(
    @Arg('agentId', () => ID, { nullable: true, description: AGENT_EVENTS_TEXT })
    agentId: string | null,
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_EVENTS_TEXT })
    projectId: string | null,
    @Arg('since', () => Date, { nullable: true, description: 'Only events at or after this instant; null or absent: all.' })
    since: Date | null,
    @FirstArg() first: number | null,
    @AfterArg() after: string | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.invalidations.list(actorOf(ctx), { agentId, projectId, since }, first, after);
  }

  @Authorized('EDITOR')
  @Mutation(() => ChangeSetResultType, {
    description: 'Many changes in one transaction, all or none: at most one invalidation per agent, cause CHANGE_SET.',
  })
  applyChangeSet(
    @Arg('changes', () => [LoadoutChangeInput], {
      ...listArgument('changes', CHANGES_PER_SET_MAX),
      description: `The changes, at most ${CHANGES_PER_SET_MAX}, applied in order; a failing one names itself (changes[i]) and nothing is kept.`,
    })
    changes: LoadoutChangeInput[],
    @Arg('dryRun', () => Boolean, {
      defaultValue: false,
      description:
        'Apply and measure everything, then roll back: returns the invalidations the change set would cause, storing and publishing nothing.',
    })
    dryRun: boolean,
    @Arg('expectLoadoutVersion', () => ExpectedLoadoutVersionInput, {
      nullable: true,
      description:
        "Apply only while this agent's loadoutVersion is still this one (the version a page showed): otherwise CONFLICT naming the version it moved to, and nothing is applied. Checked with dryRun too; the check itself moves no version.",
    })
    expectLoadoutVersion: ExpectedLoadoutVersionInput | null,
    @Ctx() ctx: RequestContext,
  ) {
    return ctx.services.changeSets.apply(actorOf(ctx), changes, dryRun, expectLoadoutVersion);
  }

  @Authorized('VIEWER')
  @Subscription(() => ToolboxInvalidationType, {
    topics: Topic.TOOLBOX_INVALIDATED,
    topicId: ({ context }: { context: RequestContext }) => context.actor?.organizationId,
    filter: ({ payload, args, context }: { payload: ToolboxInvalidationEntity; args: SubscriptionArgs; context: RequestContext }) =>
      payload.organizationId === context.actor?.organizationId &&
      (!args.agentId || payload.agentId === args.agentId) &&
      (!args.projectId || payload.projectId === args.projectId),
    description: "Filtered to the caller's organisation; optionally to one agent or project.",
  })
  toolboxInvalidated(
    @Root() event: ToolboxInvalidationEntity,
    @Arg('agentId', () => ID, { nullable: true, description: AGENT_EVENTS_TEXT })
    _agentId: string | null,
    @Arg('projectId', () => ID, { nullable: true, description: PROJECT_EVENTS_TEXT })
    _projectId: string | null,
  ): ToolboxInvalidationEntity {
    return event;
  }

  @FieldResolver(() => AgentType)
  agent(@Root() event: ToolboxInvalidationEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).agent.load(event.agentId);
  }

  @FieldResolver(() => [AffectedToolboxType], { description: 'Each situation of the agent whose fingerprint the change moved.' })
  affected(@Root() event: ToolboxInvalidationEntity, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).affected.load(event);
  }

  @FieldResolver(() => PrincipalType, { nullable: true })
  actor(@Root() event: ToolboxInvalidationEntity, @Ctx() ctx: RequestContext) {
    return event.actorPrincipalId ? loadersOf(ctx).principal.load(event.actorPrincipalId) : null;
  }
}

@Resolver(() => AgentType)
export class AgentInvalidationsResolver {
  @FieldResolver(() => ToolboxInvalidationConnectionType, { description: "The agent's invalidation events, newest first." })
  invalidations(@Root() agent: AgentType, @FirstArg() first: number | null, @AfterArg() after: string | null, @Ctx() ctx: RequestContext) {
    return loadersOf(ctx).agentInvalidations(agent.id, first, after);
  }
}

@Resolver(() => TurnType)
export class TurnInvalidationResolver {
  @FieldResolver(() => ToolboxInvalidationType, {
    nullable: true,
    description: "The invalidation that changed this turn's toolbox, where one did.",
  })
  invalidation(@Root() turn: { id: string; toolboxChanged: boolean }, @Ctx() ctx: RequestContext) {
    // Only a turn whose toolbox changed can have a cause.
    return turn.toolboxChanged ? loadersOf(ctx).turnInvalidation.load(turn.id) : null;
  }

  @FieldResolver(() => [TurnInvalidationType], {
    description:
      "Every invalidation between the previous turn and this one that changed this turn's situation, oldest first (at most the newest 200), each with the part of the diff it caused. `invalidation` is the last of them.",
  })
  async invalidations(
    @Root() turn: TurnEntity,
    @Ctx() ctx: RequestContext,
  ): Promise<Array<{ invalidation: ToolboxInvalidationEntity; affected: StoredAffectedToolbox; diff: ToolboxDiff }>> {
    if (!turn.toolboxChanged) return [];
    const loaders = loadersOf(ctx);
    const [events, turnDiff] = await Promise.all([loaders.turnInvalidations.load(turn.id), diffOfTurn(loaders, turn)]);
    if (!turnDiff) return [];
    return events.map(({ event, affected }) => ({ invalidation: event, affected, diff: diffShare(turnDiff, affected.diff) }));
  }
}
