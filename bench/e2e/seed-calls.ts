import { Client } from 'pg';
import { pgConfig } from './database';
import { SCOPE } from './raw-sql';
import { TimeoutError } from './http';
import { forEachConcurrent } from './pool';
import type { Prng } from './prng';
import type { World } from './world';
import { DAY_MS } from '../../src/common/time';
import type { LogMonth } from '../../src/usage/call-log-retention';
import type { CallPlan } from './request-bodies';

const API_BATCH = 500;

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

/** Calls per statement of the SQL seeding: one statement writes them to the log and adds them to the counters. */
const SQL_CHUNK = 250_000;

/**
 * Calls written by PostgreSQL itself with generate_series, as recordToolCalls
 * writes them (the log, and the counters summed per user and tool in the same
 * statement), into the log's monthly partitions: `count` calls between `from`
 * and `to`, skewed as seedCalls skews them (setseed makes the draw the same
 * every run).
 */
export async function seedCallsWithSql(
  databaseUrl: string,
  organizationId: string,
  seed: CallSeed,
  count: number,
  range: { from: number; to: number },
): Promise<void> {
  const client = new Client(pgConfig(databaseUrl));
  await client.connect();
  const hot = Math.max(1, Math.ceil(seed.toolNames.length / 50));
  try {
    await client.query('SELECT setseed(0.5)');
    for (let done = 0; done < count; done += SQL_CHUNK) {
      await client.query(
        `WITH c AS (
           INSERT INTO tool_calls (organization_id, user_id, project_id, tool_name, at, is_error)
           SELECT $1::uuid, ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int], $2::uuid,
                  ($3::text[])[1 + floor(random() * CASE WHEN random() < 0.8 THEN $5::int ELSE cardinality($3::text[]) END)::int],
                  to_timestamp($6::float8 + random() * ($7::float8 - $6::float8)), random() < 0.05
             FROM generate_series(1, $8::int)
           RETURNING user_id, tool_name, at, is_error
         )
         INSERT INTO tool_usage (organization_id, user_id, project_id, tool_name, calls, errors, first_called_at, last_called_at)
         SELECT $1, user_id, $2, tool_name, count(*), count(*) FILTER (WHERE is_error), min(at), max(at)
           FROM c GROUP BY user_id, tool_name ORDER BY user_id, tool_name
         ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET
           calls = tool_usage.calls + EXCLUDED.calls,
           errors = tool_usage.errors + EXCLUDED.errors,
           first_called_at = LEAST(tool_usage.first_called_at, EXCLUDED.first_called_at),
           last_called_at = GREATEST(tool_usage.last_called_at, EXCLUDED.last_called_at)`,
        [
          organizationId,
          seed.projectId,
          seed.toolNames,
          seed.userIds,
          hot,
          range.from / 1000,
          range.to / 1000,
          Math.min(SQL_CHUNK, count - done),
        ],
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * A month the call log kept while it was young and that has expired since:
 * its partition made on `client`'s database, and `count` of the plan's calls
 * seeded into it, for the maintenance to drop.
 */
export async function seedExpiredMonth(
  client: Client,
  databaseUrl: string,
  organizationId: string,
  calls: CallPlan,
  month: LogMonth,
  count: number,
): Promise<void> {
  await client.query(
    `CREATE TABLE "${month.name}" PARTITION OF tool_calls FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
  );
  const seed = { projectId: calls.projectId, toolNames: calls.toolNames, userIds: calls.userIds, days: 30 };
  await seedCallsWithSql(databaseUrl, organizationId, seed, count, { from: month.from.getTime(), to: month.to.getTime() - 1 });
}
