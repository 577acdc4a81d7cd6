import { Client } from 'pg';
import { pgConfig } from './database';
import { SCOPE } from './raw-sql';
import { TimeoutError } from './http';
import { forEachConcurrent } from './pool';
import type { Prng } from './prng';
import type { World } from './world';
import { DAY_MS } from '../../common/time';

const API_BATCH = 500;
const SQL_BATCH = 5_000;

export interface CallSeed {
  projectId: string;
  toolNames: string[];
  userIds: string[];
  /** Calls spread over this many days up to now. */
  days: number;
}

interface SeedCall {
  toolName: string;
  userId: string;
  projectId: string;
  isError: boolean;
  at: string;
}

/** Four calls in five go to the first 2% of the tools, as real usage is skewed; ~5% fail. */
function seedCalls(rng: Prng, seed: CallSeed, count: number, now: number): SeedCall[] {
  const hot = seed.toolNames.slice(0, Math.max(1, Math.ceil(seed.toolNames.length / 50)));
  return Array.from({ length: count }, () => ({
    toolName: rng.pick(rng.next() < 0.8 ? hot : seed.toolNames),
    userId: rng.pick(seed.userIds),
    projectId: seed.projectId,
    isError: rng.next() < 0.05,
    at: new Date(now - rng.next() * seed.days * DAY_MS).toISOString(),
  }));
}

/**
 * recordToolCalls batches of 500 until `total` calls or the deadline;
 * returns how many calls were recorded. One at a time: concurrent batches
 * over the same (user, tool) rows can deadlock on the server, and seeding is
 * not what this measures.
 */
export async function seedCallsThroughApi(world: World, seed: CallSeed, total: number, deadline: number, rng: Prng): Promise<number> {
  const now = Date.now();
  const sizes = Array.from({ length: Math.ceil(total / API_BATCH) }, (_, i) => Math.min(API_BATCH, total - i * API_BATCH));
  let recorded = 0;
  try {
    await forEachConcurrent(
      sizes,
      1,
      async (size) => {
        await world.as.RUNTIME.ok(`mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted } }`, {
          calls: seedCalls(rng, seed, size, now),
        });
        recorded += size;
      },
      deadline,
    );
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
  }
  return recorded;
}

/**
 * The rest of the calls written with SQL exactly as recordToolCalls writes
 * them (UsageService.addCalls: the call log, then one upsert of the per
 * (user, tool) sums), in larger batches.
 */
export async function seedCallsWithSql(
  databaseUrl: string,
  organizationId: string,
  seed: CallSeed,
  count: number,
  rng: Prng,
): Promise<void> {
  const client = new Client(pgConfig(databaseUrl));
  await client.connect();
  const now = Date.now();
  try {
    for (let done = 0; done < count; done += SQL_BATCH) {
      const calls = seedCalls(rng, seed, Math.min(SQL_BATCH, count - done), now);
      const sums = new Map<string, { userId: string; toolName: string; calls: number; errors: number; first: string; last: string }>();
      for (const c of calls) {
        const key = `${c.userId}\n${c.toolName}`;
        const row = sums.get(key) ?? { userId: c.userId, toolName: c.toolName, calls: 0, errors: 0, first: c.at, last: c.at };
        row.calls += 1;
        row.errors += c.isError ? 1 : 0;
        if (c.at < row.first) row.first = c.at;
        if (c.at > row.last) row.last = c.at;
        sums.set(key, row);
      }
      const rows = [...sums.values()];
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO tool_calls (organization_id, user_id, project_id, tool_name, at, is_error)
         SELECT $1, c.user_id, $2, c.tool_name, c.at, c.is_error
         FROM unnest($3::text[], $4::text[], $5::timestamptz[], $6::boolean[]) AS c(user_id, tool_name, at, is_error)`,
        [
          organizationId,
          seed.projectId,
          calls.map((c) => c.userId),
          calls.map((c) => c.toolName),
          calls.map((c) => c.at),
          calls.map((c) => c.isError),
        ],
      );
      await client.query(
        `INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, calls, errors, first_called_at, last_called_at)
         SELECT $1, r.user_id, $2, r.tool_name, r.calls, r.errors, r.first_at, r.last_at
         FROM unnest($3::text[], $4::text[], $5::int[], $6::int[], $7::timestamptz[], $8::timestamptz[])
           AS r(user_id, tool_name, calls, errors, first_at, last_at)
         ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
           calls = tool_usage.calls + EXCLUDED.calls,
           errors = tool_usage.errors + EXCLUDED.errors,
           first_called_at = LEAST(tool_usage.first_called_at, EXCLUDED.first_called_at),
           last_called_at = GREATEST(tool_usage.last_called_at, EXCLUDED.last_called_at)`,
        [
          organizationId,
          seed.projectId,
          rows.map((r) => r.userId),
          rows.map((r) => r.toolName),
          rows.map((r) => r.calls),
          rows.map((r) => r.errors),
          rows.map((r) => r.first),
          rows.map((r) => r.last),
        ],
      );
      await client.query('COMMIT');
    }
  } finally {
    await client.end();
  }
}
