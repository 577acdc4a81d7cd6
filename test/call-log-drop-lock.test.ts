import { jest } from '@jest/globals';
import { Client } from 'pg';
import { errorForLog, logger } from '../src/common/logger';
import { CallLogMaintenance } from '../src/usage/call-log-maintenance';
import { monthOf } from '../src/usage/call-log-retention';
import { startTestServer, type TestServer } from './support/harness';

/*
 * An expired month detached from the call log while another session holds
 * the log (an insert's transaction still open): the maintenance step waits
 * for the lock a try at a time, and either gets it once the session ends or,
 * its tries and the run's retries spent, gives up with nothing changed.
 * Held only on a PostgreSQL server: the embedded database has one session,
 * where the lock is there at the first try.
 */

const DAY = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const onServer = Boolean(process.env.DATABASE_URL);

describe('detaching an expired month of the call log', () => {
  let t: TestServer;
  let holder: Client | null = null;
  let organizationId: string;
  const month = monthOf(new Date(Date.now() - 120 * DAY));
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t.server.services.db.dataSource.query(sql, params);
  const maintenance = () => new CallLogMaintenance(t.server.services.db.dataSource, t.server.services.usage, 90);
  const partitions = async () =>
    (
      await query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'tool_calls'::regclass`,
      )
    ).map((r) => r.name);
  const state = async () => ({
    partitions: (await partitions()).sort(),
    horizon: await query(`SELECT kept_from FROM call_log_horizon`),
    expired: await query(`SELECT tool_name, last_called_at FROM tool_calls_expired ORDER BY tool_name`),
    calls: await query(`SELECT count(*)::int AS n FROM "${month.name}"`),
  });
  /** An insert into the log whose transaction stays open: it holds the log until `release`. */
  const holdLog = async () => {
    await holder!.query('BEGIN');
    await holder!.query(
      `INSERT INTO tool_calls (organization_id, user_id, tool_name, at, is_error) VALUES ($1, 'u', 'now_tool', now(), false)`,
      [organizationId],
    );
    return () => holder!.query('COMMIT');
  };
  /** Resolves once the maintenance step waits for the log's lock. */
  const detachWaiting = async () => {
    for (;;) {
      const [{ n }] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'ALTER TABLE tool_calls DETACH%'`,
      );
      if (n > 0) return;
      await sleep(20);
    }
  };

  beforeAll(async () => {
    t = await startTestServer();
    organizationId = (await t.createOrganization('Drop lock org')).id;
    if (onServer) {
      holder = new Client({ connectionString: t.databaseUrl });
      await holder.connect();
    }
  });
  beforeEach(async () => {
    await query(`DROP TABLE IF EXISTS "${month.name}"`);
    await query(
      `CREATE TABLE "${month.name}" PARTITION OF tool_calls FOR VALUES FROM ('${month.from.toISOString()}') TO ('${month.to.toISOString()}')`,
    );
    await query(`INSERT INTO tool_calls (organization_id, user_id, tool_name, at, is_error) VALUES ($1, 'u', 'gone_tool', $2, false)`, [
      organizationId,
      month.from.toISOString(),
    ]);
  });
  afterAll(async () => {
    await holder?.end();
    await t.stop();
  });

  it('detaches, folds and drops the month at the first try when nothing holds the log', async () => {
    const run = await maintenance().run();
    expect(run).toMatchObject({ ran: true, dropped: [month.name], lockTries: 1 });
    expect(await partitions()).not.toContain(month.name);
    expect(await query(`SELECT to_regclass('"${month.name}"') AS left`)).toEqual([{ left: null }]);
    expect(await query(`SELECT tool_name, last_called_at FROM tool_calls_expired`)).toEqual([
      { tool_name: 'gone_tool', last_called_at: month.from },
    ]);
  });

  if (!onServer) return;

  it('gives up when the log stays held, logs why, and changes nothing', async () => {
    const before = await state();
    const release = await holdLog();
    const failed = jest.spyOn(logger, 'error');
    try {
      const run = maintenance();
      await run.start();
      await run.stop();
      expect(failed).toHaveBeenCalledWith({ err: expect.anything() }, 'call log maintenance failed');
      // As the line is written: an error's message and code, not "[object Object]".
      const [[line]] = failed.mock.calls as Array<[{ err: unknown }]>;
      expect(errorForLog(line.err)).toMatchObject({ message: 'canceling statement due to lock timeout', code: '55P03' });
    } finally {
      failed.mockRestore();
      await release();
    }
    expect(await state()).toEqual(before);
    expect(before.partitions).toContain(month.name);
  });

  it('tries again while the log is held and detaches, folds and drops the month once it is free', async () => {
    const release = await holdLog();
    const running = maintenance().run();
    await detachWaiting();
    // Long enough for more than one try: the first waits 100 ms, then lets the queue by for 100 ms.
    await sleep(500);
    await release();
    const run = await running;
    expect(run).toMatchObject({ ran: true, dropped: [month.name] });
    expect(run.lockTries).toBeGreaterThan(1);
    expect(await partitions()).not.toContain(month.name);
    expect(await query(`SELECT to_regclass('"${month.name}"') AS left`)).toEqual([{ left: null }]);
    expect(await query(`SELECT tool_name, last_called_at FROM tool_calls_expired`)).toEqual([
      { tool_name: 'gone_tool', last_called_at: month.from },
    ]);
  });
});
