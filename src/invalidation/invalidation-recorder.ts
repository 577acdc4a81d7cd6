import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import type { InvalidationCauseEnum } from '../common/enums';
import type { Stats } from '../common/stats';
import { timeOrderedUuids } from '../common/uuid';
import type { AgentRow } from '../loadout/rows';
import type { CompiledLoadout } from '../loadout/compile';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { compactAffected } from './affected-sets';
import { changedToolboxes, type ChangedToolbox } from './changed-toolboxes';
import { rewrittenTokens } from './compare-situations';
import type { InvalidationBus } from './invalidation-bus';
import type { ChangeObserver, ObserverFactory } from '../loadout/change';
import { ToolboxInvalidationEntity, type CompactAffectedSet } from './toolbox-invalidation.entity';

/**
 * Cache invalidation, SEMANTICS section 5: what each change did to the
 * toolboxes of the agents it touched, stored as events within the change and
 * published after its commit. The queries over the events are InvalidationService's.
 */
export class InvalidationRecorders {
  constructor(
    private readonly bus: InvalidationBus,
    private readonly stats: Stats,
  ) {}

  /** The factory every LoadoutChanges run uses: record and publish. */
  readonly observe: ObserverFactory = (actor, cause) => this.recorder(actor, cause, { dryRun: false, countLiveConversations: false });

  /** `countLiveConversations`: a change set reports them, applied or dry; a single edit does not pay for the query. */
  recorder(
    actor: Actor,
    cause: InvalidationCauseEnum,
    options: { dryRun: boolean; countLiveConversations: boolean },
  ): InvalidationRecorder {
    return new InvalidationRecorder(this.bus, this.stats, actor, cause, options.dryRun, options.countLiveConversations);
  }
}

/**
 * Observes one change: from the loadouts before and after its writes, the
 * situations each affected agent's toolboxes changed in, and one event per
 * agent where any did. Agents whose changes are alike share one stored list
 * of affected situations. A dry run computes the same events without
 * storing or publishing them.
 */
export class InvalidationRecorder implements ChangeObserver {
  readonly events: ToolboxInvalidationEntity[] = [];
  private readonly rewrites: Array<{ set: AffectedSet; model: string }> = [];
  /** Conversations of the changed agents with a turn in the last 24 hours (computed in the transaction). */
  liveConversations = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly stats: Stats,
    private readonly actor: Actor,
    private readonly cause: InvalidationCauseEnum,
    private readonly dryRun: boolean,
    private readonly countLiveConversations: boolean,
  ) {}

  async afterChange(
    tx: EntityManager,
    { before, after, touchedOnlyTools }: { before: CompiledLoadout; after: CompiledLoadout; touchedOnlyTools: ReadonlySet<string> | null },
    agentIds: string[],
  ): Promise<void> {
    const changes = changedToolboxes(before, after, agentIds, touchedOnlyTools);
    const contextOrder = after.rows.contextObjects.map((o) => o.key);
    const sets = new Map<readonly ChangedToolbox[], AffectedSet>();
    const pending: Array<{ agent: AgentRow; set: AffectedSet }> = [];
    for (const agentId of agentIds) {
      const changed = changes.get(agentId);
      if (!changed?.length) continue;
      const agent = after.agents.get(agentId)!.row;
      let set = sets.get(changed);
      if (!set) {
        set = new AffectedSet(changed, contextOrder);
        sets.set(changed, set);
      }
      pending.push({ agent, set });
      this.rewrites.push({ set, model: agent.model });
    }
    if (pending.length === 0) return;
    const stored = this.dryRun ? null : await this.store(tx, [...sets.values()], pending);
    pending.forEach(({ agent, set }, i) => {
      const event = Object.assign(new ToolboxInvalidationEntity(), {
        id: stored?.[i].id ?? randomUUID(),
        seq: stored?.[i].seq ?? '0',
        at: stored?.[i].at ?? new Date(),
        organizationId: agent.organizationId,
        agentId: agent.id,
        projectId: agent.projectId,
        cause: this.cause,
        actorPrincipalId: this.actor.principalId,
        loadoutVersion: agent.loadoutVersion,
        affected: [],
        affectedSetId: set.id,
      });
      setsInMemory.set(event, set);
      this.events.push(event);
    });
    if (this.countLiveConversations)
      this.liveConversations = await liveConversations(
        tx,
        this.events.map((e) => e.agentId),
      );
    if (!this.dryRun) await this.bus.stored(tx, this.events);
  }

  /**
   * Two statements whatever the number of agents: the events in agent order,
   * then the distinct sets, whose fingerprints and JSON are made while the
   * database stores the events. The events' ids are made here, ordered by
   * time (see timeOrderedUuids), and their seqs come back as one list
   * (ascending: they are drawn in insertion order), so a thousand events
   * cost no thousand result rows to read.
   */
  private async store(
    tx: EntityManager,
    sets: AffectedSet[],
    pending: Array<{ agent: AgentRow; set: AffectedSet }>,
  ): Promise<Array<{ id: string; seq: string; at: Date }>> {
    const ids = timeOrderedUuids(pending.length);
    const events: Promise<Array<{ seqs: string; at: Date }>> = tx.query(
      `WITH e AS (
         INSERT INTO toolbox_invalidations (id, organization_id, agent_id, project_id, cause, actor_principal_id, loadout_version, affected, affected_set_id)
         SELECT e.id, $1, e.agent_id, e.project_id, $2, $3, e.version, '[]'::jsonb, e.set_id
           FROM unnest($4::uuid[], $5::uuid[], $6::uuid[], $7::int[], $8::uuid[]) WITH ORDINALITY AS e(id, agent_id, project_id, version, set_id, n)
          ORDER BY e.n
         RETURNING seq, at)
       SELECT string_agg(seq::text, ',' ORDER BY seq) AS seqs, min(at) AS at FROM e`,
      [
        this.actor.organizationId,
        this.cause,
        this.actor.principalId,
        ids,
        pending.map((p) => p.agent.id),
        pending.map((p) => p.agent.projectId),
        pending.map((p) => p.agent.loadoutVersion),
        pending.map((p) => p.set.id),
      ],
    );
    const json = sets.map((s) => JSON.stringify(s.compact));
    const [{ seqs, at }] = await events;
    await tx.query(
      `INSERT INTO invalidation_affected_sets (id, organization_id, affected)
       SELECT s.id, $1, s.affected::jsonb FROM unnest($2::uuid[], $3::text[]) AS s(id, affected)`,
      [this.actor.organizationId, sets.map((s) => s.id), json],
    );
    return seqs.split(',').map((seq, i) => ({ id: ids[i], seq, at }));
  }

  /**
   * Sum over the changed situations of the new toolbox's schema tokens from
   * the first changed position on; computed when asked for (a change set's
   * result), once per shared list and model.
   */
  get rewrittenToolTokens(): number {
    const perSet = new Map<string, number>();
    let total = 0;
    for (const { set, model } of this.rewrites) {
      const key = `${set.id}\n${model}`;
      let tokens = perSet.get(key);
      if (tokens === undefined) {
        tokens = set.changed.reduce(
          (sum, c) => sum + rewrittenTokens(c.previous.entries, c.next.entries, (e) => estimateToolTokens(e.visible, model)),
          0,
        );
        perSet.set(key, tokens);
      }
      total += tokens;
    }
    return total;
  }

  async afterCommit(): Promise<void> {
    if (this.dryRun) return;
    this.bus.committed(this.events);
    this.stats.eventsPublished += this.events.length;
  }
}

/** The changed situations one or more agents share, stored once; compacted on first use. */
class AffectedSet {
  readonly id = randomUUID();
  private stored: CompactAffectedSet | null = null;
  constructor(
    readonly changed: readonly ChangedToolbox[],
    private readonly contextOrder: readonly string[],
  ) {}
  get compact(): CompactAffectedSet {
    this.stored ??= compactAffected(this.changed, this.contextOrder);
    return this.stored;
  }
}

/** Events this instance recorded keep their set at hand: a mutation's result or a local subscriber reads it without a query. */
const setsInMemory = new WeakMap<ToolboxInvalidationEntity, AffectedSet>();

/** The affected set of an event this instance recorded; undefined for an event read from the database. */
export const recordedSet = (event: ToolboxInvalidationEntity): CompactAffectedSet | undefined => setsInMemory.get(event)?.compact;

/** Conversations of these agents with a turn begun in the last 24 hours: the ones a change would hit next. */
async function liveConversations(m: EntityManager, agentIds: readonly string[]): Promise<number> {
  if (agentIds.length === 0) return 0;
  const [row]: Array<{ n: number }> = await m.query(
    `SELECT count(DISTINCT c.id)::int AS n FROM conversations c JOIN turns t ON t.conversation_id = c.id
      WHERE c.agent_id = ANY($1::uuid[]) AND t.started_at > now() - interval '24 hours'`,
    [agentIds],
  );
  return row?.n ?? 0;
}
