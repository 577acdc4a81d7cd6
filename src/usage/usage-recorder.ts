import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, notFound } from '../common/errors';
import type { Stats } from '../common/stats';
import { getOwned } from '../common/tenant';
import { ConversationEntity } from '../conversations/conversation.entity';
import type { LoadoutCache } from '../loadout/compiled';
import { ProjectEntity } from '../organizations/project.entity';
import { retrying } from '../db/retry';
import { mayBeShortForm } from '../loadout/tokens';
import { mayMeetMaintenance, shareCallLog } from './call-log-maintenance';
import { isUuid } from '../common/uuid';
import { keepCallsOnTurns } from '../conversations/turn-calls';
import { SCOPE, type UsageScope } from './usage-scope';

/*
 * recordToolCalls, one of the two hot write paths of usage telemetry (the
 * other is the roster inside every beginTurn's statement, roster-writes.ts).
 * UsageService reads what they write. How a batch is written:
 * docs/architecture.md, note "Writes of tool calls".
 */

/** How far ahead of the server's clock a call's `at` may be (clock skew). */
export const MAX_FUTURE_SKEW_MS = 5 * 60 * 1000;
/** A batch is written this often while it fails retryably (a deadlock, say), pausing about 20 ms, then 40 ms. */
const WRITE_ATTEMPTS = 3;
const WRITE_RETRY_PAUSE_MS = 20;

export interface ToolCallSpec {
  conversationId?: string | null;
  /** The turn whose response made the call; it must be of `conversationId`. */
  turnId?: string | null;
  projectId?: string | null;
  userId?: string | null;
  toolName: string;
  isError: boolean;
  at?: Date | null;
  idempotencyKey?: string | null;
  /** How long the call took; kept on its turn. */
  durationMs?: number | null;
}

interface ScopedCall extends UsageScope {
  toolName: string;
  isError: boolean;
  at: Date;
  idempotencyKey: string | null;
  durationMs: number | null;
  /** Its place in the batch, its turn and that turn's conversation, where it names one. */
  index: number;
  turn: { id: string; conversationId: string } | null;
}

const scopeKey = (s: Omit<UsageScope, 'organizationId'>): string => `${s.userId}\n${s.projectId ?? ''}`;

/** A call scoped by its own projectId and userId (the caller by default, as startConversation does), no key. */
const plainCall = (actor: Actor, call: ToolCallSpec, now: Date, index: number): ScopedCall => ({
  index,
  turn: call.turnId && call.conversationId ? { id: call.turnId, conversationId: call.conversationId } : null,
  organizationId: actor.organizationId,
  userId: call.userId ?? actor.principalId,
  projectId: call.projectId ?? null,
  toolName: call.toolName,
  isError: call.isError,
  at: call.at ?? now,
  idempotencyKey: call.idempotencyKey ?? null,
  durationMs: call.durationMs ?? null,
});

export class UsageRecorder {
  constructor(
    private readonly db: DataSource,
    private readonly stats: Stats,
    private readonly loadouts: LoadoutCache,
  ) {}

  /**
   * Counts a batch of tool calls, all or nothing. Retries naming an
   * idempotency key already counted in their scope (in this batch or an
   * earlier one) are reported as duplicates and change nothing.
   */
  async recordToolCalls(actor: Actor, sent: readonly ToolCallSpec[], now = new Date()): Promise<{ accepted: number; duplicates: number }> {
    sent.forEach((call, i) => {
      if (call.at && call.at.getTime() - now.getTime() > MAX_FUTURE_SKEW_MS) {
        throw badInput(`calls[${i}].at`, 'is more than 5 minutes in the future');
      }
      if (call.turnId && !call.conversationId) throw badInput(`calls[${i}].turnId`, 'needs the conversationId of its turn');
      if (call.turnId && !isUuid(call.turnId)) throw badInput(`calls[${i}].turnId`, 'is not an id of a turn');
    });
    if (sent.length === 0) return { accepted: 0, duplicates: 0 };
    const calls = await this.underStoredNames(actor, sent);
    const plain = calls.every((c) => !c.conversationId && !c.idempotencyKey);
    const sharesLog = calls.some((c) => c.at && mayMeetMaintenance(c.at, now));
    // All or nothing each time: a batch that failed retryably wrote nothing, and is written again whole.
    const counted = await retrying('recordToolCalls', WRITE_ATTEMPTS, WRITE_RETRY_PAUSE_MS, () =>
      plain ? this.recordPlain(actor, calls, now, sharesLog) : this.recordScoped(actor, calls, now, sharesLog),
    );
    this.stats.callsAccepted += counted.accepted;
    this.stats.callsDeduplicated += counted.duplicates;
    return counted;
  }

  /**
   * The calls with each tool named as its definition is: a model calls a
   * tool by the name it was sent, a short form for a name no provider
   * accepts. Only a name shaped like a short form is looked up, in the
   * organisation's compiled loadout (which keeps the short forms).
   */
  private async underStoredNames(actor: Actor, calls: readonly ToolCallSpec[]): Promise<readonly ToolCallSpec[]> {
    if (!calls.some((c) => mayBeShortForm(c.toolName))) return calls;
    const loadout = (await this.loadouts.current(actor.organizationId))?.loadout;
    if (!loadout) return calls;
    return calls.map((c) => {
      const toolName = loadout.storedNameOf(c.toolName);
      return toolName === c.toolName ? c : { ...c, toolName };
    });
  }

  /**
   * A batch with no conversation to resolve and no idempotency key to claim:
   * one statement on its own, which writes nothing unless every project it
   * names is the organisation's. One with calls a maintenance run may meet
   * takes the log's lock first, in a transaction (see shareCallLog).
   */
  private async recordPlain(
    actor: Actor,
    calls: readonly ToolCallSpec[],
    now: Date,
    sharesLog: boolean,
  ): Promise<{ accepted: number; duplicates: number }> {
    const projects = [...new Set(calls.flatMap((c) => (c.projectId ? [c.projectId] : [])))];
    // The first project, in the batch's order, that is not the organisation's: the one the transactional path names.
    const notOwned = async () => {
      const owned: Array<{ id: string }> = await this.db.query(
        `SELECT id FROM projects WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
        [actor.organizationId, projects],
      );
      const id = projects.find((p) => !owned.some((o) => o.id === p))!;
      return notFound('Project', `calls[${calls.findIndex((c) => c.projectId === id)}].projectId`);
    };
    const scoped = calls.map((call, i) => plainCall(actor, call, now, i));
    const owned = sharesLog
      ? await this.db.transaction(async (tx) => {
          await shareCallLog(tx);
          return this.addCalls(tx, actor.organizationId, scoped, projects);
        })
      : await this.addCalls(this.db.manager, actor.organizationId, scoped, projects);
    if (!owned) throw await notOwned();
    return { accepted: calls.length, duplicates: 0 };
  }

  /** A batch that reads conversations or claims idempotency keys first: one transaction. */
  private recordScoped(
    actor: Actor,
    calls: readonly ToolCallSpec[],
    now: Date,
    sharesLog: boolean,
  ): Promise<{ accepted: number; duplicates: number }> {
    return this.db.transaction(async (tx) => {
      if (sharesLog) await shareCallLog(tx);
      const scoped = await this.scopeCalls(tx, actor, calls, now);

      const seen = new Set<string>();
      const keyed: ScopedCall[] = [];
      const unkeyed: ScopedCall[] = [];
      for (const call of scoped) {
        if (call.idempotencyKey === null) unkeyed.push(call);
        else {
          const k = `${scopeKey(call)}\n${call.idempotencyKey}`;
          if (!seen.has(k)) keyed.push(call);
          seen.add(k);
        }
      }
      const fresh = await this.claimKeys(tx, actor.organizationId, keyed);
      const accepted = [...unkeyed, ...keyed.filter((c) => fresh.has(`${scopeKey(c)}\n${c.idempotencyKey}`))];
      await this.addCalls(tx, actor.organizationId, accepted);
      await keepCallsOnTurns(tx, actor.organizationId, accepted);
      return { accepted: accepted.length, duplicates: scoped.length - accepted.length };
    });
  }

  /**
   * Each call's scope: from its conversation (userId and owning project, so a
   * child conversation credits the root's project), else from projectId and
   * userId, defaulting to the caller as startConversation does.
   */
  private async scopeCalls(tx: EntityManager, actor: Actor, calls: readonly ToolCallSpec[], now: Date): Promise<ScopedCall[]> {
    const conversations = new Map<string, ConversationEntity>();
    const projects = new Set<string>();
    const out: ScopedCall[] = [];
    for (const [i, call] of calls.entries()) {
      if (call.conversationId) {
        let conversation = conversations.get(call.conversationId);
        if (!conversation) {
          conversation = await getOwned(tx, ConversationEntity, actor, call.conversationId, `calls[${i}].conversationId`, 'Conversation');
          conversations.set(call.conversationId, conversation);
        }
        out.push({ ...plainCall(actor, call, now, i), userId: conversation.userId, projectId: conversation.owningProjectId });
        continue;
      }
      if (call.projectId && !projects.has(call.projectId)) {
        await getOwned(tx, ProjectEntity, actor, call.projectId, `calls[${i}].projectId`, 'Project');
        projects.add(call.projectId);
      }
      out.push(plainCall(actor, call, now, i));
    }
    return out;
  }

  /** Stores the keys not yet recorded in their scope; returns those it stored. */
  private async claimKeys(tx: EntityManager, organizationId: string, unordered: readonly ScopedCall[]): Promise<Set<string>> {
    if (unordered.length === 0) return new Set();
    // Keys in one order for every batch, as the usage rows: no deadlock between concurrent retries.
    const calls = [...unordered].sort((a, b) => {
      const x = `${scopeKey(a)}\n${a.idempotencyKey}`;
      const y = `${scopeKey(b)}\n${b.idempotencyKey}`;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const rows: Array<{ user_id: string; project_id: string | null; idempotency_key: string }> = await tx.query(
      `INSERT INTO tool_call_keys (organization_id, user_id, project_id, idempotency_key)
       SELECT $1, k.user_id, k.project_id, k.idempotency_key
       FROM unnest($2::text[], $3::uuid[], $4::text[]) AS k(user_id, project_id, idempotency_key)
       ON CONFLICT (${SCOPE}, idempotency_key) DO NOTHING
       RETURNING user_id, project_id, idempotency_key`,
      [organizationId, calls.map((c) => c.userId), calls.map((c) => c.projectId), calls.map((c) => c.idempotencyKey)],
    );
    return new Set(rows.map((r) => `${scopeKey({ userId: r.user_id, projectId: r.project_id })}\n${r.idempotency_key}`));
  }

  /**
   * One statement for the whole batch: the calls go in once, as compact JSON
   * rows [user, project, tool, at, error], appended to the log and summed by
   * (scope, tool) in SQL so no usage row is touched twice. The usage rows go
   * in one order for every batch, so concurrent batches wait for each other's
   * rows instead of deadlocking. PostgreSQL runs the statements of a WITH
   * that the query does not read last one first: the log is written first,
   * so the usage rows stay locked only for their own upsert and the commit,
   * not for the log's insert too (a batch touching the same rows waits less).
   */
  private async addCalls(
    m: EntityManager,
    organizationId: string,
    calls: readonly ScopedCall[],
    checkedProjects: readonly string[] = [],
  ): Promise<boolean> {
    if (calls.length === 0) return true;
    // Most calls of a batch share their instant (the server's clock): each distinct one formatted once.
    const instants = new Map<number, string>();
    const iso = (at: Date) => {
      const ms = at.getTime();
      let text = instants.get(ms);
      if (text === undefined) instants.set(ms, (text = at.toISOString()));
      return text;
    };
    const rows = calls.map((c) => [c.userId, c.projectId, c.toolName, iso(c.at), c.isError]);
    const [{ owned }]: Array<{ owned: boolean }> = await m.query(
      `WITH checked AS (
         SELECT count(*) = cardinality($3::uuid[]) AS owned FROM projects WHERE organization_id = $1 AND id = ANY($3::uuid[])
       ), c AS (
         SELECT r->>0 AS user_id, (r->>1)::uuid AS project_id, r->>2 AS tool_name, (r->>3)::timestamptz AS at, (r->>4)::boolean AS is_error
           FROM jsonb_array_elements($2::jsonb) AS r
          WHERE (SELECT owned FROM checked)
       ), usage AS (
         INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, calls, errors, first_called_at, last_called_at)
         SELECT $1, user_id, project_id, tool_name, count(*), count(*) FILTER (WHERE is_error), min(at), max(at)
           FROM c
          GROUP BY user_id, project_id, tool_name
          ORDER BY user_id, project_id, tool_name
         ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
           calls = tool_usage.calls + EXCLUDED.calls,
           errors = tool_usage.errors + EXCLUDED.errors,
           first_called_at = LEAST(tool_usage.first_called_at, EXCLUDED.first_called_at),
           last_called_at = GREATEST(tool_usage.last_called_at, EXCLUDED.last_called_at)
       ), log AS (
         INSERT INTO tool_calls (organization_id, user_id, project_id, tool_name, at, is_error)
         SELECT $1, user_id, project_id, tool_name, at, is_error FROM c
       )
       SELECT owned FROM checked`,
      [organizationId, JSON.stringify(rows), checkedProjects],
    );
    return owned;
  }
}
