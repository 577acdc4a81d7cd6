import { randomUUID } from 'node:crypto';
import { In, LessThan, MoreThanOrEqual, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import type { InvalidationCauseEnum } from '../common/enums';
import { badInput } from '../common/errors';
import { findOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { PrincipalEntity } from '../organizations/principal.entity';
import { sha256Hex } from '../toolbox/canonical-json';
import type { AgentRow, CompiledLoadout } from '../toolbox/compiled-loadout';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { changedToolboxes, type ChangedToolbox } from './changed-toolboxes';
import { rewrittenTokens } from './compare-situations';
import type { InvalidationBus } from './invalidation-bus';
import type { ChangeObserver, ObserverFactory } from './loadout-change';
import { InvalidationAffectedSetEntity, ToolboxInvalidationEntity, type StoredAffectedToolbox } from './toolbox-invalidation.entity';

export interface InvalidationFilter {
  agentId?: string | null;
  projectId?: string | null;
  since?: Date | null;
}

export interface InvalidationPage {
  edges: Array<{ cursor: string; node: ToolboxInvalidationEntity }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const CURSOR_PREFIX = 'invalidation:';

/** Opaque to clients; carries the event's `seq`. */
export const encodeInvalidationCursor = (seq: string): string => Buffer.from(`${CURSOR_PREFIX}${seq}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const match = /^invalidation:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || encodeInvalidationCursor(match[1]) !== cursor) throw badInput('after', 'not a cursor of this list');
  return match[1];
}

function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw badInput('first', `must be 0 to ${MAX_PAGE_SIZE}`);
  return first;
}

/**
 * Cache invalidation, SEMANTICS section 5: what each change did to the
 * toolboxes of the agents it touched, stored as events and published after
 * commit; and the queries over those events.
 */
export class InvalidationService {
  constructor(
    private readonly db: DataSource,
    private readonly bus: InvalidationBus,
  ) {}

  /** The factory every LoadoutChanges run uses: record and publish. */
  readonly observe: ObserverFactory = (actor, cause) => this.recorder(actor, cause, { dryRun: false });

  recorder(actor: Actor, cause: InvalidationCauseEnum, options: { dryRun: boolean }): InvalidationRecorder {
    return new InvalidationRecorder(this, this.bus, actor, cause, options.dryRun);
  }

  async list(actor: Actor, filter: InvalidationFilter, first?: number | null, after?: string | null): Promise<InvalidationPage> {
    const size = pageSize(first);
    const afterSeq = after ? decodeCursor(after) : null;
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
    const edges = rows.slice(0, size).map((node) => ({ cursor: encodeInvalidationCursor(node.seq), node }));
    return { edges, pageInfo: { hasNextPage: rows.length > size, endCursor: edges.at(-1)?.cursor ?? null }, totalCount };
  }

  /** The affected situations of events, shared sets read once (for a page of events, or a subscription's event). */
  async affectedOf(organizationId: string, events: readonly ToolboxInvalidationEntity[]): Promise<StoredAffectedToolbox[][]> {
    const hashes = [...new Set(events.flatMap((e) => (e.affectedSetHash && e.affected.length === 0 ? [e.affectedSetHash] : [])))];
    const sets = hashes.length
      ? await this.db.manager.find(InvalidationAffectedSetEntity, { where: { organizationId, hash: In(hashes) } })
      : [];
    const byHash = new Map(sets.map((s) => [s.hash, s.affected]));
    return events.map((e) => (e.affectedSetHash && e.affected.length === 0 ? (byHash.get(e.affectedSetHash) ?? []) : e.affected));
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
      ? await this.db.query(
          `SELECT DISTINCT ON (t.id) t.id AS turn_id, i.id FROM turns t
             JOIN conversations c ON c.id = t.conversation_id
             JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
             JOIN toolbox_invalidations i ON i.agent_id = c.agent_id AND i.at > p.started_at AND i.at <= t.started_at
             LEFT JOIN invalidation_affected_sets s ON s.organization_id = i.organization_id AND s.hash = i.affected_set_hash
            WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2 AND t.toolbox_changed
              AND EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(s.affected, i.affected)) a
                           WHERE a->'channel'->>'id' = c.channel_id::text AND a->'page'->>'type' = c.page_type
                             AND coalesce(a->'page'->>'contextObject', '') = coalesce(c.page_context_object, ''))
            ORDER BY t.id, i.seq DESC`,
          [ids, organizationId],
        )
      : [];
    const events = rows.length ? await this.db.manager.findBy(ToolboxInvalidationEntity, { id: In(rows.map((r) => r.id)) }) : [];
    return turnIds.map((turnId) => {
      const eventId = rows.find((r) => r.turn_id === turnId)?.id;
      return events.find((e) => e.id === eventId) ?? null;
    });
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

const emptyPage = (): InvalidationPage => ({ edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 });

/**
 * Observes one change: from the loadouts before and after its writes, the
 * situations each affected agent's toolboxes changed in, and one event per
 * agent where any did. Agents whose changes are alike share one stored list
 * of affected situations. A dry run computes the same events without
 * storing or publishing them.
 */
export class InvalidationRecorder implements ChangeObserver {
  readonly events: ToolboxInvalidationEntity[] = [];
  /** Sum over the changed situations of the new toolbox's schema tokens from the first changed position on. */
  rewrittenToolTokens = 0;
  /** Conversations of the changed agents with a turn in the last 24 hours (computed in the transaction). */
  liveConversations = 0;

  constructor(
    private readonly service: InvalidationService,
    private readonly bus: InvalidationBus,
    private readonly actor: Actor,
    private readonly cause: InvalidationCauseEnum,
    private readonly dryRun: boolean,
  ) {}

  async afterChange(tx: EntityManager, before: CompiledLoadout, after: CompiledLoadout, agentIds: string[]): Promise<void> {
    const changes = changedToolboxes(before, after, agentIds);
    const sets = new Map<readonly ChangedToolbox[], AffectedSet>();
    const rewritten = new Map<string, number>();
    const pending: Array<{ agent: AgentRow; set: AffectedSet }> = [];
    for (const agentId of agentIds) {
      const changed = changes.get(agentId);
      if (!changed?.length) continue;
      const agent = after.agents.get(agentId)!.row;
      let set = sets.get(changed);
      if (!set) {
        set = affectedSet(changed);
        sets.set(changed, set);
      }
      const tokensKey = `${set.hash}\n${agent.model}`;
      let tokens = rewritten.get(tokensKey);
      if (tokens === undefined) {
        tokens = changed.reduce(
          (sum, c) => sum + rewrittenTokens(c.previous.entries, c.next.entries, (e) => estimateToolTokens(e.row, agent.model)),
          0,
        );
        rewritten.set(tokensKey, tokens);
      }
      this.rewrittenToolTokens += tokens;
      pending.push({ agent, set });
    }
    if (pending.length === 0) return;
    const stored = this.dryRun ? null : await this.store(tx, [...sets.values()], pending);
    pending.forEach(({ agent, set }, i) => {
      this.events.push(
        Object.assign(new ToolboxInvalidationEntity(), {
          id: stored?.[i].id ?? randomUUID(),
          seq: stored?.[i].seq ?? '0',
          at: stored?.[i].at ?? new Date(),
          organizationId: agent.organizationId,
          agentId: agent.id,
          projectId: agent.projectId,
          cause: this.cause,
          actorPrincipalId: this.actor.principalId,
          loadoutVersion: agent.loadoutVersion,
          affected: set.affected,
          affectedSetHash: set.hash,
        }),
      );
    });
    if (this.dryRun) {
      this.liveConversations = await this.service.liveConversations(
        tx,
        this.events.map((e) => e.agentId),
      );
    } else await this.bus.stored(tx, this.events);
  }

  /** Two statements whatever the number of agents: the distinct sets, then the events in agent order. */
  private async store(
    tx: EntityManager,
    sets: AffectedSet[],
    pending: Array<{ agent: AgentRow; set: AffectedSet }>,
  ): Promise<Array<{ id: string; seq: string; at: Date }>> {
    await tx.query(
      `INSERT INTO invalidation_affected_sets (organization_id, hash, affected)
       SELECT $1, h, a::jsonb FROM unnest($2::text[], $3::text[]) AS s(h, a)
       ON CONFLICT (organization_id, hash) DO NOTHING`,
      [this.actor.organizationId, sets.map((s) => s.hash), sets.map((s) => s.json)],
    );
    return tx.query(
      `INSERT INTO toolbox_invalidations (organization_id, agent_id, project_id, cause, actor_principal_id, loadout_version, affected, affected_set_hash)
       SELECT $1, e.agent_id, e.project_id, $2, $3, e.version, '[]'::jsonb, e.hash
         FROM unnest($4::uuid[], $5::uuid[], $6::int[], $7::text[]) WITH ORDINALITY AS e(agent_id, project_id, version, hash, n)
        ORDER BY e.n
       RETURNING id, seq::text AS seq, at`,
      [
        this.actor.organizationId,
        this.cause,
        this.actor.principalId,
        pending.map((p) => p.agent.id),
        pending.map((p) => p.agent.projectId),
        pending.map((p) => p.agent.loadoutVersion),
        pending.map((p) => p.set.hash),
      ],
    );
  }

  async afterCommit(): Promise<void> {
    if (!this.dryRun) this.bus.committed(this.events);
  }
}

interface AffectedSet {
  hash: string;
  json: string;
  affected: StoredAffectedToolbox[];
}

function affectedSet(changed: readonly ChangedToolbox[]): AffectedSet {
  const affected: StoredAffectedToolbox[] = changed.map((c) => ({
    channel: { id: c.channel.id, key: c.channel.key, name: c.channel.name },
    page: { type: c.page.type, contextObject: c.page.contextObject ?? null, recordId: null },
    previousFingerprint: c.previous.fingerprint,
    newFingerprint: c.next.fingerprint,
    diff: c.diff,
  }));
  const json = JSON.stringify(affected);
  return { hash: sha256Hex(json), json, affected };
}
