import { jest } from '@jest/globals';
import { logger } from '../src/common/logger';
import { monthOf, type LogMonth } from '../src/usage/call-log-retention';
import { RecordToolCallsDocument, type ToolCallInput } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * The maintenance step dropping an expired month of the call log while
 * runtimes record calls back-dated into that month, into the default
 * partition and into the retained months: no batch fails, the run drops the
 * month, and no call is lost: every call is counted, and each back-dated one
 * is either still in the log or folded into the expired months' last uses.
 * On the embedded database the one session serialises them; on a
 * PostgreSQL server they overlap.
 */

const DAY = 24 * 60 * 60 * 1000;
/** Rows already in the expired month, so its fold takes a while and batches arrive during it. */
const SEEDED = 50_000;
const WORKERS = 4;
const BATCH = 6;

let t: TestServer;
let runtime: string;
let organizationId: string;
let projectId: string;
const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t.server.services.db.dataSource.query(sql, params);

beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  const [org] = await world.organizations(['Concurrent maintenance org']);
  organizationId = org.id;
  runtime = await world.key(org.adminKey, 'RUNTIME');
  [{ id: projectId }] = await world.projects(org.adminKey, [{ name: 'P' }]);
});
afterAll(() => t.stop());

/** An expired month of the log, partitioned as maintenance leaves a month, holding SEEDED calls. */
async function expiredMonth(daysAgo: number): Promise<LogMonth> {
  const month = monthOf(new Date(Date.now() - daysAgo * DAY));
  await query(
    `CREATE TABLE "${month.name}" PARTITION OF tool_calls FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
  );
  await query(
    `INSERT INTO tool_calls (organization_id, user_id, tool_name, at, is_error)
     SELECT $1, 'seed', 'seeded_' || (i % 50), $2::timestamptz + i * interval '1 second', false FROM generate_series(1, $3) AS i`,
    [organizationId, month.from.toISOString(), SEEDED],
  );
  return month;
}

interface Sent {
  toolName: string;
  at: string;
}

/**
 * One batch of one tool of its own. An even worker's: calls in the expired
 * month, before every month (the default partition), retained and now; an
 * odd worker's: retained and now only, the batches a detach waits for.
 */
function batch(worker: number, n: number, month: LogMonth): { toolName: string; calls: ToolCallInput[] } {
  const toolName = `w${worker}_${n}`;
  const inMonth = (i: number) => new Date(month.from.getTime() + DAY + (worker * 1000 + n) * 1000 + i).toISOString();
  const backDated = worker % 2 === 0 ? [inMonth(0), inMonth(1), new Date(Date.now() - 400 * DAY).toISOString()] : [];
  const ats = [...backDated, new Date(Date.now() - DAY).toISOString()];
  while (ats.length < BATCH) ats.push(new Date().toISOString());
  return { toolName, calls: ats.map((at, i) => ({ toolName, projectId, userId: 'u', isError: i === 0, at })) };
}

it.each([120, 151, 182])(
  'a run dropping the month of %i days ago beside batches back-dated into it: no batch fails, nothing is lost',
  async (daysAgo) => {
    const month = await expiredMonth(daysAgo);
    const failed = jest.spyOn(logger, 'error');
    const sent: Sent[] = [];
    const failures: unknown[] = [];
    let done = false;
    try {
      const run = t.server.services.callLog.run().finally(() => (done = true));
      const worker = async (w: number) => {
        // At least two batches each, and on until the run ends.
        for (let n = 0; n < 2 || !done; n++) {
          const { toolName, calls } = batch(w, n + daysAgo * 100, month);
          const result = await t.gql(runtime, RecordToolCallsDocument, { calls });
          if (result.errors || result.data?.recordToolCalls.accepted !== calls.length) failures.push(result);
          else sent.push(...calls.map((c) => ({ toolName, at: c.at as string })));
        }
      };
      const [outcome] = await Promise.all([run, ...Array.from({ length: WORKERS }, (_, w) => worker(w))]);
      expect(failures).toEqual([]);
      expect(outcome).toMatchObject({ ran: true, dropped: [month.name] });
      expect(failed).not.toHaveBeenCalled();
    } finally {
      failed.mockRestore();
    }

    // Counted: every call of every batch.
    const tools = [...new Set(sent.map((s) => s.toolName))];
    const counted = await query<{ tool_name: string; calls: number }>(
      `SELECT tool_name, calls FROM tool_usage WHERE organization_id = $1 AND tool_name = ANY($2::text[])`,
      [organizationId, tools],
    );
    expect(Object.fromEntries(counted.map((c) => [c.tool_name, Number(c.calls)]))).toEqual(
      Object.fromEntries(tools.map((n) => [n, BATCH])),
    );

    // Kept: each call in the expired month is still in the log (recorded after the detach) or its last use was folded.
    const inLog = await query<{ tool_name: string; at: Date }>(
      `SELECT tool_name, at FROM tool_calls WHERE organization_id = $1 AND tool_name = ANY($2::text[]) AND at >= $3 AND at < $4`,
      [organizationId, tools, month.from.toISOString(), month.to.toISOString()],
    );
    const folded = await query<{ tool_name: string; last_called_at: Date }>(
      `SELECT tool_name, last_called_at FROM tool_calls_expired WHERE organization_id = $1 AND tool_name = ANY($2::text[])`,
      [organizationId, tools],
    );
    const lastFolded = new Map(folded.map((f) => [f.tool_name, f.last_called_at.getTime()]));
    const logged = new Set(inLog.map((c) => `${c.tool_name} ${c.at.getTime()}`));
    const lost = sent.filter((s) => {
      const at = Date.parse(s.at);
      if (at < month.from.getTime() || at >= month.to.getTime()) return false;
      return !logged.has(`${s.toolName} ${at}`) && !((lastFolded.get(s.toolName) ?? -Infinity) >= at);
    });
    expect(lost).toEqual([]);
    expect(sent.length).toBeGreaterThanOrEqual(WORKERS * 2 * BATCH);
  },
);
