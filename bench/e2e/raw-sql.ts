import type { PoolClient } from 'pg';
import type { Prng } from './prng';
import type { RawConversation } from './raw-spec';
import { toolCallBatch, type CallPlan } from './request-bodies';

/**
 * The writes of beginTurn and recordToolCalls done by hand: the baselines
 * the API is read against. The statements are the server's own (see
 * src/usage/usage-recorder.ts), or the least a turn needs.
 */

const NO_PROJECT = '00000000-0000-0000-0000-000000000000';
export const SCOPE = `organization_id, user_id, (COALESCE(project_id, '${NO_PROJECT}'::uuid))`;

/** recordSurfaced: the scope's turn of the day and one roster row per tool, in one statement. */
const RECORD_SURFACED = `WITH turn AS (
    INSERT INTO scope_turn_days (organization_id, user_id, project_id, day, turns)
    VALUES ($1, $2, $3, ($4::timestamptz AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (${SCOPE}, day) DO UPDATE SET turns = scope_turn_days.turns + 1
  )
  INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, first_surfaced_at, last_surfaced_at, turns_surfaced)
  SELECT $1, $2, $3, name, $4, $4, 1 FROM unnest($5::text[]) AS name
  ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
    first_surfaced_at = COALESCE(tool_usage.first_surfaced_at, EXCLUDED.first_surfaced_at),
    last_surfaced_at = GREATEST(tool_usage.last_surfaced_at, EXCLUDED.last_surfaced_at),
    turns_surfaced = tool_usage.turns_surfaced + 1`;

/** One turn: conversation locked (indexes never repeat), snapshot found, turn inserted, roster upserted. */
export async function beginTurnRaw(client: PoolClient, organizationId: string, c: RawConversation): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SELECT id FROM conversations WHERE id = $1 AND organization_id = $2 FOR UPDATE`, [c.id, organizationId]);
    const snapshot = await client.query<{ id: string }>(
      `SELECT id FROM toolbox_snapshots WHERE organization_id = $1 AND fingerprint = $2 LIMIT 1`,
      [organizationId, c.fingerprint],
    );
    if (snapshot.rows.length === 0) throw new Error(`no snapshot with fingerprint ${c.fingerprint}`);
    const turn = await client.query<{ started_at: Date }>(
      `INSERT INTO turns (organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed,
                          agent_id, channel_id, page_type, page_context_object)
       SELECT $1, $2, (SELECT COALESCE(max(index), 0) + 1 FROM turns WHERE conversation_id = $2), $3, $4, $5, false,
              c.agent_id, c.channel_id, c.page_type, c.page_context_object
         FROM conversations c WHERE c.id = $2
       RETURNING started_at`,
      [organizationId, c.id, snapshot.rows[0].id, c.model, c.loadoutVersion],
    );
    await client.query(RECORD_SURFACED, [organizationId, c.userId, c.projectId, turn.rows[0].started_at.toISOString(), c.toolNames]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * One batch of calls as pre-aggregated per-(user, tool) rows in one upsert,
 * as addCalls writes tool_usage (without its call log). Sorted by key so
 * concurrent batches lock rows in one order and cannot deadlock: the least a
 * careful hand-written writer would do.
 */
export async function addCallsRaw(client: PoolClient, organizationId: string, rng: Prng, plan: CallPlan): Promise<void> {
  const now = new Date().toISOString();
  const rows = new Map<string, { userId: string; toolName: string; calls: number; errors: number }>();
  for (const call of toolCallBatch(rng, plan)) {
    const key = `${call.userId}\n${call.toolName}`;
    const row = rows.get(key) ?? { userId: call.userId, toolName: call.toolName, calls: 0, errors: 0 };
    row.calls += 1;
    row.errors += call.isError ? 1 : 0;
    rows.set(key, row);
  }
  const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  await client.query(
    `INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, calls, errors, first_called_at, last_called_at)
     SELECT $1, r.user_id, $2, r.tool_name, r.calls, r.errors, $3, $3
     FROM unnest($4::text[], $5::text[], $6::int[], $7::int[]) AS r(user_id, tool_name, calls, errors)
     ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
       calls = tool_usage.calls + EXCLUDED.calls,
       errors = tool_usage.errors + EXCLUDED.errors,
       first_called_at = LEAST(tool_usage.first_called_at, EXCLUDED.first_called_at),
       last_called_at = GREATEST(tool_usage.last_called_at, EXCLUDED.last_called_at)`,
    [
      organizationId,
      plan.projectId,
      now,
      sorted.map((r) => r.userId),
      sorted.map((r) => r.toolName),
      sorted.map((r) => r.calls),
      sorted.map((r) => r.errors),
    ],
  );
}
