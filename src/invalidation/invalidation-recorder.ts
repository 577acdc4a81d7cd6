import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ChangeActor } from '../common/actor';
import { type ChangedToolbox, changedToolboxes, type InvalidationCauseEnum, rewrittenTokens } from '../loadout/change';
import type { Stats } from '../common/stats';
import { blockUuid, blockUuidSql, uuidBlockPrefix, UUID_BLOCK_SIZE } from '../common/uuid';
import type { AgentRow, CompiledLoadout } from '../loadout/compiled';
import { estimateToolTokens } from '../loadout/tokens';
import { compactAffected } from './affected-sets';
import type { InvalidationBus } from './invalidation-bus';
import type { ChangeObserver, ObserverFactory } from '../loadout/edge';
import { ToolboxInvalidationEntity, type CompactAffectedSet } from './toolbox-invalidation.entity';

/**
 * Cache invalidation, docs/semantics.md §5.3: what each change did to the
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
    actor: ChangeActor,
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
  private readonly rewrites: Array<{ set: AffectedSet; model: string }> = [];
  private pending: readonly PendingEvent[] = [];
  private blocks: readonly StoredBlock[] | null = null;
  private built: ToolboxInvalidationEntity[] | null = null;
  /** Conversations of the changed agents with a turn in the last 24 hours (computed in the transaction). */
  liveConversations = 0;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly stats: Stats,
    private readonly actor: ChangeActor,
    private readonly cause: InvalidationCauseEnum,
    private readonly dryRun: boolean,
    private readonly countLiveConversations: boolean,
  ) {}

  /** The events, as stored (or, in a dry run, as they would be): made when first asked for, since a single edit's caller never asks. */
  get events(): readonly ToolboxInvalidationEntity[] {
    this.built ??= this.pending.map(({ agent, version, set }, i) => {
      const stored = this.blocks && storedAt(this.blocks, i);
      const event = Object.assign(new ToolboxInvalidationEntity(), {
        id: stored?.id ?? randomUUID(),
        seq: stored?.seq ?? '0',
        at: this.blocks?.[0].at ?? new Date(),
        organizationId: agent.organizationId,
        agentId: agent.id,
        projectId: agent.projectId,
        cause: this.cause,
        actorPrincipalId: this.actor.principalId,
        loadoutVersion: version,
        affectedSetId: set.id,
      });
      setsInMemory.set(event, set);
      return event;
    });
    return this.built;
  }

  async afterChange(
    tx: EntityManager,
    { before, after, touchedOnlyTools }: { before: CompiledLoadout; after: CompiledLoadout; touchedOnlyTools: ReadonlySet<string> | null },
    agentIds: string[],
  ): Promise<void> {
    const changes = changedToolboxes(before, after, agentIds, touchedOnlyTools);
    const contextOrder = after.rows.contextObjects.map((o) => o.key);
    const sets = new Map<readonly ChangedToolbox[], AffectedSet>();
    const pending: PendingEvent[] = [];
    for (const agentId of agentIds) {
      const changed = changes.get(agentId);
      if (!changed?.length) continue;
      const agent = after.agents.get(agentId)!.row;
      let set = sets.get(changed);
      if (!set) {
        set = new AffectedSet(changed, contextOrder);
        sets.set(changed, set);
      }
      pending.push({ agent, version: after.versionOf(agentId), set });
      this.rewrites.push({ set, model: agent.model });
    }
    this.pending = pending;
    if (pending.length === 0) return;
    if (!this.dryRun) this.blocks = await this.store(tx, [...sets.values()], pending);
    if (this.countLiveConversations)
      this.liveConversations = await liveConversations(
        tx,
        pending.map((p) => p.agent.id),
      );
    if (this.blocks)
      await this.bus.stored(
        tx,
        this.blocks.map(({ base, count }) => ({ organizationId: this.actor.organizationId, first: base + 1n, last: base + BigInt(count) })),
      );
  }

  /**
   * One statement per block of up to UUID_BLOCK_SIZE events (one block
   * whatever the number of agents, in practice), the first storing the
   * distinct sets too.
   */
  private async store(tx: EntityManager, sets: AffectedSet[], pending: readonly PendingEvent[]): Promise<StoredBlock[]> {
    // Queued on the transaction's connection at once.
    const blocks: Array<Promise<StoredBlock>> = [];
    for (let from = 0; from < pending.length; from += UUID_BLOCK_SIZE)
      blocks.push(this.storeBlock(tx, pending.slice(from, from + UUID_BLOCK_SIZE), from === 0 ? sets : []));
    return Promise.all(blocks);
  }

  /**
   * One block of events: their ids share a prefix (uuidBlockPrefix) and
   * their seqs one draw of toolbox_invalidation_blocks, numbered from 1 in
   * agent order in both, so a thousand events send no thousand ids and draw
   * no thousand seqs. Agents go as one comma-separated text (a thousand
   * array elements cost more to escape and parse), versions as an array,
   * projects and sets as positions in their distinct lists, and the sets
   * named are stored by the same statement.
   */
  private async storeBlock(tx: EntityManager, pending: readonly PendingEvent[], sets: readonly AffectedSet[]): Promise<StoredBlock> {
    const prefix = uuidBlockPrefix();
    const projects = positions(pending.map((p) => p.agent.projectId));
    const setPositions = positions(pending.map((p) => p.set.id));
    const [{ base, at }]: Array<{ base: string; at: Date }> = await tx.query(
      `WITH b AS MATERIALIZED (SELECT nextval('toolbox_invalidation_blocks') * ${UUID_BLOCK_SIZE + 1} AS base),
       s AS (
         INSERT INTO invalidation_affected_sets (id, organization_id, affected)
         SELECT s.id, $1, s.affected::jsonb FROM unnest($11::uuid[], $12::text[]) AS s(id, affected)),
       e AS (
         INSERT INTO toolbox_invalidations
           (id, seq, organization_id, agent_id, project_id, cause, actor_principal_id, loadout_version, affected_set_id)
         SELECT ${blockUuidSql('$4', 'e.n')}, b.base + e.n, $1, e.agent_id, ($6::uuid[])[e.project_at], $2, $3,
                e.version, ($9::uuid[])[e.set_at]
           FROM b, unnest(string_to_array($5, ',')::uuid[], $7::int[], $8::int[], $10::int[])
                   WITH ORDINALITY AS e(agent_id, project_at, version, set_at, n))
       SELECT base::text AS base, now() AS at FROM b`,
      [
        this.actor.organizationId,
        this.cause,
        this.actor.principalId,
        prefix,
        pending.map((p) => p.agent.id).join(','),
        projects.distinct,
        projects.at,
        pending.map((p) => p.version),
        setPositions.distinct,
        setPositions.at,
        sets.map((s) => s.id),
        sets.map((s) => JSON.stringify(s.compact)),
      ],
    );
    return { prefix, base: BigInt(base), count: pending.length, at };
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
    this.bus.committed(() => this.events);
    this.stats.eventsPublished += this.pending.length;
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

interface PendingEvent {
  agent: AgentRow;
  version: number;
  set: AffectedSet;
}

/** A block of events as stored: see storeBlock. */
interface StoredBlock {
  prefix: string;
  /** The seq before the block's first. */
  base: bigint;
  count: number;
  at: Date;
}

/** The id and seq of the `i`th event of a change stored as `blocks`. */
function storedAt(blocks: readonly StoredBlock[], i: number): { id: string; seq: string } {
  const { prefix, base } = blocks[Math.floor(i / UUID_BLOCK_SIZE)];
  const n = (i % UUID_BLOCK_SIZE) + 1;
  return { id: blockUuid(prefix, n), seq: String(base + BigInt(n)) };
}

/** A list of values as its distinct non-null values and, per value, its position among them (1 on, for SQL arrays; null for null). */
function positions(values: ReadonlyArray<string | null>): { distinct: string[]; at: Array<number | null> } {
  const index = new Map<string, number>();
  const at = values.map((v) => {
    if (v === null) return null;
    let i = index.get(v);
    if (i === undefined) index.set(v, (i = index.size + 1));
    return i;
  });
  return { distinct: [...index.keys()], at };
}
