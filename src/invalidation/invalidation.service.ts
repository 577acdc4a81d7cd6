import { randomUUID } from 'node:crypto';
import { In, LessThan, MoreThanOrEqual, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import type { InvalidationCauseEnum } from '../common/enums';
import { cursorCodec, emptyPage, pageOf, pageSize, type Page } from '../common/pagination';
import type { Stats } from '../common/stats';
import { findOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { PrincipalEntity } from '../organizations/principal.entity';
import type { AgentRow, CompiledLoadout } from '../toolbox/compiled-loadout';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { compactAffected, expandAffected } from './affected-sets';
import { changedToolboxes, type ChangedToolbox } from './changed-toolboxes';
import { rewrittenTokens } from './compare-situations';
import type { InvalidationBus } from './invalidation-bus';
import type { ChangeObserver, ObserverFactory } from './loadout-change';
import {
  InvalidationAffectedSetEntity,
  ToolboxInvalidationEntity,
  type CompactAffectedSet,
  type StoredAffectedToolbox,
} from './toolbox-invalidation.entity';

/** At most this many events are listed for one turn (the newest). */
export const TURN_EVENTS_MAX = 200;

/** An event that changed a turn's situation, with its entry for that situation. */
export interface TurnEvent {
  event: ToolboxInvalidationEntity;
  affected: StoredAffectedToolbox;
}

/** The conversation's cell in a grid row (see affected-sets.ts), counted from 1; null where its context object is not a column. */
const GRID_CELL = `CASE WHEN c.page_type = 'HOME' THEN 1 WHEN c.page_type = 'LIST' THEN 2 WHEN c.page_context_object IS NULL THEN 3
  ELSE (SELECT 3 + x.n::int FROM jsonb_array_elements_text(s.affected->'contexts') WITH ORDINALITY AS x(k, n) WHERE x.k = c.page_context_object) END`;

/**
 * The events of a turn's agent recorded between the previous turn's start and
 * the turn's whose affected situations include the turn's conversation's
 * ($1: turn ids, $2: the organisation); only turns whose toolbox changed.
 */
const TURN_EVENTS = `FROM turns t
   JOIN conversations c ON c.id = t.conversation_id
   JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
   JOIN toolbox_invalidations i ON i.agent_id = c.agent_id AND i.at > p.started_at AND i.at <= t.started_at
   LEFT JOIN invalidation_affected_sets s ON s.id = i.affected_set_id
  WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2 AND t.toolbox_changed
    AND (EXISTS (SELECT 1 FROM jsonb_array_elements(i.affected) a
                  WHERE a->'channel'->>'id' = c.channel_id::text AND a->'page'->>'type' = c.page_type
                    AND coalesce(a->'page'->>'contextObject', '') = coalesce(c.page_context_object, ''))
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(s.affected->'situations') a
                  WHERE s.affected->'channels'->((a->>0)::int)->>'id' = c.channel_id::text AND a->>1 = c.page_type
                    AND coalesce(a->>2, '') = coalesce(c.page_context_object, ''))
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(s.affected->'channels') WITH ORDINALITY AS ch(v, n)
                  WHERE ch.v->>'id' = c.channel_id::text
                    AND split_part(s.affected->'grid'->>(ch.n::int - 1), ',', ${GRID_CELL}) <> ''))`;

export interface InvalidationFilter {
  agentId?: string | null;
  projectId?: string | null;
  since?: Date | null;
}

/** Carries the event's `seq`. */
const cursors = cursorCodec('invalidation', (seq) => (/^\d{1,19}$/.test(seq) ? seq : null));

/**
 * Cache invalidation, SEMANTICS section 5: what each change did to the
 * toolboxes of the agents it touched, stored as events and published after
 * commit; and the queries over those events.
 */
export class InvalidationService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: InvalidationBus,
    readonly stats: Stats,
  ) {}

  /** The factory every LoadoutChanges run uses: record and publish. */
  readonly observe: ObserverFactory = (actor, cause) => this.recorder(actor, cause, { dryRun: false });

  recorder(actor: Actor, cause: InvalidationCauseEnum, options: { dryRun: boolean }): InvalidationRecorder {
    return new InvalidationRecorder(this, this.bus, actor, cause, options.dryRun);
  }

  async list(
    actor: Actor,
    filter: InvalidationFilter,
    first?: number | null,
    after?: string | null,
  ): Promise<Page<ToolboxInvalidationEntity>> {
    const size = pageSize(first);
    const afterSeq = after ? cursors.decode(after) : null;
    // Another organisation's id, or no id at all, matches nothing: an empty list, as for an unknown id.
    if ((filter.agentId && !isUuid(filter.agentId)) || (filter.projectId && !isUuid(filter.projectId))) return emptyPage();
    const where: FindOptionsWhere<ToolboxInvalidationEntity> = {
      organizationId: actor.organizationId,
      ...(filter.agentId ? { agentId: filter.agentId } : {}),
      ...(filter.projectId ? { projectId: filter.projectId } : {}),
      ...(filter.since ? { at: MoreThanOrEqual(filter.since) } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      this.db.manager.find(ToolboxInvalidationEntity, {
        where: afterSeq ? { ...where, seq: LessThan(afterSeq) } : where,
        order: { seq: 'DESC' },
        take: size + 1,
      }),
      this.db.manager.count(ToolboxInvalidationEntity, { where }),
    ]);
    return pageOf(rows, size, (e) => cursors.encode(e.seq), totalCount);
  }

  /** The affected situations of events, shared sets read once (for a page of events, or a subscription's event). */
  async affectedOf(organizationId: string, events: readonly ToolboxInvalidationEntity[]): Promise<StoredAffectedToolbox[][]> {
    const wanted = [...new Set(events.flatMap((e) => (e.affectedSetId && !setsInMemory.has(e) ? [e.affectedSetId] : [])))];
    const sets = wanted.length
      ? await this.db.manager.find(InvalidationAffectedSetEntity, { where: { organizationId, id: In(wanted) } })
      : [];
    const byId = new Map(sets.map((s) => [s.id, s.affected]));
    return events.map((e) => {
      if (!e.affectedSetId) return e.affected;
      const set = setsInMemory.get(e)?.compact ?? byId.get(e.affectedSetId);
      return set ? expandAffected(set) : [];
    });
  }

  agentOf(actor: Actor, event: ToolboxInvalidationEntity) {
    return findOwned(this.db.manager, AgentEntity, actor, event.agentId);
  }

  actorOf(actor: Actor, event: ToolboxInvalidationEntity) {
    return event.actorPrincipalId ? findOwned(this.db.manager, PrincipalEntity, actor, event.actorPrincipalId) : null;
  }

  /**
   * The event that made a turn's toolbox differ from the previous turn's: the
   * newest invalidation of the conversation's agent recorded between the two
   * turns' starts whose affected situations include the conversation's.
   * Null on a first turn and on a turn whose toolbox did not change. For
   * many turns at once (a page of the debugger), in key order.
   */
  async forTurns(organizationId: string, turnIds: readonly string[]): Promise<Array<ToolboxInvalidationEntity | null>> {
    const ids = turnIds.filter(isUuid);
    const rows: Array<{ turn_id: string; id: string }> = ids.length
      ? await this.db.query(`SELECT DISTINCT ON (t.id) t.id AS turn_id, i.id ${TURN_EVENTS} ORDER BY t.id, i.seq DESC`, [
          ids,
          organizationId,
        ])
      : [];
    const events = rows.length ? await this.db.manager.findBy(ToolboxInvalidationEntity, { id: In(rows.map((r) => r.id)) }) : [];
    return turnIds.map((turnId) => {
      const eventId = rows.find((r) => r.turn_id === turnId)?.id;
      return events.find((e) => e.id === eventId) ?? null;
    });
  }

  /**
   * Every event between a turn's previous turn and it that changed the
   * turn's situation, oldest first (the newest TURN_EVENTS_MAX where there
   * were more), each with that situation's entry of its affected list.
   */
  async allForTurns(organizationId: string, turnIds: readonly string[]): Promise<TurnEvent[][]> {
    const ids = turnIds.filter(isUuid);
    const rows: Array<{ turn_id: string; id: string; channel_id: string; page_type: string; page_context_object: string | null }> =
      ids.length
        ? await this.db.query(
            `SELECT turn_id, id, channel_id, page_type, page_context_object FROM (
               SELECT t.id AS turn_id, i.id, i.seq, c.channel_id, c.page_type, c.page_context_object,
                      row_number() OVER (PARTITION BY t.id ORDER BY i.seq DESC) AS newest ${TURN_EVENTS}) e
              WHERE newest <= ${TURN_EVENTS_MAX} ORDER BY turn_id, seq`,
            [ids, organizationId],
          )
        : [];
    const events = rows.length ? await this.db.manager.findBy(ToolboxInvalidationEntity, { id: In(rows.map((r) => r.id)) }) : [];
    const byId = new Map(events.map((e) => [e.id, e]));
    const affected = await this.affectedOf(organizationId, events);
    const affectedOfEvent = new Map(events.map((e, i) => [e, affected[i]]));
    return turnIds.map((turnId) =>
      rows.flatMap((r) => {
        const event = r.turn_id === turnId ? byId.get(r.id) : undefined;
        const entry = event
          ? affectedOfEvent
              .get(event)!
              .find(
                (a) =>
                  a.channel.id === r.channel_id && a.page.type === r.page_type && (a.page.contextObject ?? null) === r.page_context_object,
              )
          : undefined;
        return event && entry ? [{ event, affected: entry }] : [];
      }),
    );
  }

  /** Conversations of these agents with a turn begun in the last 24 hours: the ones a change would hit next. */
  async liveConversations(m: EntityManager, agentIds: readonly string[]): Promise<number> {
    if (agentIds.length === 0) return 0;
    const [row]: Array<{ n: number }> = await m.query(
      `SELECT count(DISTINCT c.id)::int AS n FROM conversations c JOIN turns t ON t.conversation_id = c.id
        WHERE c.agent_id = ANY($1::uuid[]) AND t.started_at > now() - interval '24 hours'`,
      [agentIds],
    );
    return row?.n ?? 0;
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
    private readonly service: InvalidationService,
    private readonly bus: InvalidationBus,
    private readonly actor: Actor,
    private readonly cause: InvalidationCauseEnum,
    private readonly dryRun: boolean,
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
    if (this.dryRun) {
      this.liveConversations = await this.service.liveConversations(
        tx,
        this.events.map((e) => e.agentId),
      );
    } else await this.bus.stored(tx, this.events);
  }

  /**
   * Two statements whatever the number of agents: the events in agent order,
   * then the distinct sets, whose fingerprints and JSON are made while the
   * database stores the events.
   */
  private async store(
    tx: EntityManager,
    sets: AffectedSet[],
    pending: Array<{ agent: AgentRow; set: AffectedSet }>,
  ): Promise<Array<{ id: string; seq: string; at: Date }>> {
    const events: Promise<Array<{ id: string; seq: string; at: Date }>> = tx.query(
      `INSERT INTO toolbox_invalidations (organization_id, agent_id, project_id, cause, actor_principal_id, loadout_version, affected, affected_set_id)
       SELECT $1, e.agent_id, e.project_id, $2, $3, e.version, '[]'::jsonb, e.set_id
         FROM unnest($4::uuid[], $5::uuid[], $6::int[], $7::uuid[]) WITH ORDINALITY AS e(agent_id, project_id, version, set_id, n)
        ORDER BY e.n
       RETURNING id, seq::text AS seq, at`,
      [
        this.actor.organizationId,
        this.cause,
        this.actor.principalId,
        pending.map((p) => p.agent.id),
        pending.map((p) => p.agent.projectId),
        pending.map((p) => p.agent.loadoutVersion),
        pending.map((p) => p.set.id),
      ],
    );
    const json = sets.map((s) => JSON.stringify(s.compact));
    const stored = await events;
    await tx.query(
      `INSERT INTO invalidation_affected_sets (id, organization_id, affected)
       SELECT s.id, $1, s.affected::jsonb FROM unnest($2::uuid[], $3::text[]) AS s(id, affected)`,
      [this.actor.organizationId, sets.map((s) => s.id), json],
    );
    return stored;
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
          (sum, c) => sum + rewrittenTokens(c.previous.entries, c.next.entries, (e) => estimateToolTokens(e.row, model)),
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
    this.service.stats.eventsPublished += this.events.length;
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
