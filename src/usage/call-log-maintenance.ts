import { performance } from 'node:perf_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import { errorForLog, logger } from '../common/logger';
import { partitionPlan, type LogMonth } from './call-log-retention';
import { SCOPE } from './usage-scope';
import type { UsageService } from './usage.service';

/** How often each instance runs the maintenance step (besides at start); the advisory lock lets one run at a time. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * How long a detach first waits for the log's lock, behind ingestion in
 * flight or a long report, before it lets ingestion by; each further try
 * waits twice as long, up to LOCK_WAIT_MAX_MS, since a wait shorter than the
 * batches in flight (a slow or busy server) never gets the lock.
 */
const LOCK_WAIT_MS = 100;
const LOCK_WAIT_MAX_MS = 800;
const LOCK_ATTEMPTS = 12;
/** A month's table once detached from the log: the shape of a partition's name, but no partition. */
const DETACHED_MONTHS = `SELECT relname AS name FROM pg_class
  WHERE relname ~ '^tool_calls_p[0-9]{4}_[0-9]{2}$' AND relkind = 'r' AND NOT relispartition AND pg_table_is_visible(oid)`;
const COLUMNS = 'organization_id, user_id, project_id, tool_name, at, is_error, id';

export interface MaintenanceRun {
  /** False when another run (of this or another instance) held the lock: it did nothing. */
  ran: boolean;
  created: string[];
  dropped: string[];
  /** The whole run, and its detaches through the commit (the log's exclusive lock awaited and held), in milliseconds. */
  ms: number;
  dropMs: number;
  /** Tries at the log's exclusive lock, all months together (0 when none expired). */
  lockTries: number;
}

/**
 * Stores the latest call of each scope and tool of `source` (a table, or a
 * WITH query's name) among the expired calls, where the budget report finds
 * a last use older than the log.
 */
const foldInto = (source: string) =>
  `INSERT INTO tool_calls_expired (organization_id, user_id, project_id, tool_name, last_called_at)
   SELECT organization_id, user_id, project_id, tool_name, max(at) FROM ${source}
    GROUP BY organization_id, user_id, project_id, tool_name
   ON CONFLICT (${SCOPE}, tool_name) DO UPDATE SET last_called_at = GREATEST(tool_calls_expired.last_called_at, EXCLUDED.last_called_at)`;

/**
 * The call log's retention (LOADOUT_CALL_LOG_RETENTION_DAYS): each run
 * creates the months to come and drops the expired ones, at start and
 * hourly on every instance, one run at a time across instances.
 */
export class CallLogMaintenance {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: DataSource,
    private readonly usage: UsageService,
    readonly retentionDays: number,
  ) {}

  /** Runs once now (a failure is logged: inserts never need it, the default partition takes any call), then hourly. */
  async start(): Promise<void> {
    await this.runLogged();
    this.timer = setInterval(() => void this.runLogged(), MAINTENANCE_INTERVAL_MS);
    this.timer.unref();
  }

  /** No further runs; waits for one in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private runLogged(): Promise<unknown> {
    const report = (r: MaintenanceRun) => {
      // Dropping calls is worth a line; creating months ahead happens every month.
      if (r.dropped.length) logger.info(r, 'call log maintenance dropped expired months');
      else if (r.created.length) logger.debug(r, 'call log maintenance created months');
    };
    this.running = this.running.then(() =>
      this.run().then(report, (error: unknown) => logger.error({ err: errorForLog(error) }, 'call log maintenance failed')),
    );
    return this.running;
  }

  /**
   * One run, in one transaction under an advisory lock (a concurrent run
   * finds it taken and does nothing): creates the missing months, folds
   * the expired calls' last use per scope and tool into tool_calls_expired,
   * moves the horizon, and detaches the expired months last, so the log's
   * exclusive lock a detach takes is held only for the detaches and the
   * commit. The detached tables are dropped after the commit, away from the
   * log's lock (where a drop's commit would unlink a month's files); one a
   * failed drop left is dropped by the next run.
   */
  async run(now = new Date()): Promise<MaintenanceRun> {
    const started = performance.now();
    let detachesFrom: number | null = null;
    let lockTries = 0;
    const run = await this.db.transaction(async (tx) => {
      const [{ locked }]: Array<{ locked: boolean }> = await tx.query(
        `SELECT pg_try_advisory_xact_lock(hashtext('loadout_call_log_maintenance')) AS locked`,
      );
      if (!locked) return { ran: false, created: [], dropped: [], detached: [] };
      // Moving a month out of the default partition or folding one may outlast a request's statement_timeout; the detaches' waits are bounded by lock_timeout.
      await tx.query(`SET LOCAL statement_timeout = 0`);
      const partitions: Array<{ name: string }> = await tx.query(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'tool_calls'::regclass`,
      );
      const detached: Array<{ name: string }> = await tx.query(DETACHED_MONTHS);
      const plan = partitionPlan(
        now,
        this.retentionDays,
        partitions.map((p) => p.name),
        await this.usage.callLogCut(tx),
      );
      for (const month of plan.create) await createMonth(tx, month);
      await tx.query(
        `WITH gone AS (DELETE FROM tool_calls_default WHERE at < $1 RETURNING organization_id, user_id, project_id, tool_name, at)
         ${foldInto('gone')}`,
        [plan.keptFrom.toISOString()],
      );
      for (const month of plan.drop) {
        // Calls back-dated into the month wait until it is detached (then the default partition takes them), so none is dropped unfolded.
        await tx.query(`LOCK TABLE "${month.name}" IN SHARE MODE`);
        await tx.query(foldInto(`"${month.name}"`));
      }
      await tx.query(
        `INSERT INTO call_log_horizon (id, kept_from) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET kept_from = EXCLUDED.kept_from`,
        [plan.keptFrom.toISOString()],
      );
      detachesFrom = performance.now();
      for (const month of plan.drop) lockTries += await detachMonth(tx, month);
      return {
        ran: true,
        created: plan.create.map((m) => m.name),
        dropped: plan.drop.map((m) => m.name),
        detached: [...detached.map((d) => d.name), ...plan.drop.map((m) => m.name)],
      };
    });
    const committed = performance.now();
    for (const name of run.detached) await this.db.query(`DROP TABLE IF EXISTS "${name}"`);
    const { detached: _, ...result } = run;
    return {
      ...result,
      ms: performance.now() - started,
      dropMs: detachesFrom === null || run.dropped.length === 0 ? 0 : committed - detachesFrom,
      lockTries,
    };
  }
}

/**
 * A month's partition, made beside the log and attached to it (which does
 * not block inserts, as creating it as a partition would), with the rows
 * the default partition held for it.
 */
async function createMonth(tx: EntityManager, month: LogMonth): Promise<void> {
  const [from, to] = [month.from.toISOString(), month.to.toISOString()];
  await tx.query(`CREATE TABLE "${month.name}" (LIKE tool_calls)`);
  await tx.query(
    `WITH moved AS (DELETE FROM tool_calls_default WHERE at >= $1 AND at < $2 RETURNING ${COLUMNS})
     INSERT INTO "${month.name}" (${COLUMNS}) SELECT ${COLUMNS} FROM moved`,
    [from, to],
  );
  await tx.query(`ALTER TABLE tool_calls ATTACH PARTITION "${month.name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
}

/**
 * Detaching a partition locks the whole log, and inserts queue behind a lock
 * that waits: it waits a bounded time (behind a long report, say), lets the
 * queue through for LOCK_WAIT_MS and tries again. Returns the tries it took.
 */
async function detachMonth(tx: EntityManager, month: LogMonth): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await tx.query(`SET LOCAL lock_timeout = ${Math.min(LOCK_WAIT_MS * 2 ** (attempt - 1), LOCK_WAIT_MAX_MS)}`);
    await tx.query('SAVEPOINT detach_month');
    try {
      await tx.query(`ALTER TABLE tool_calls DETACH PARTITION "${month.name}"`);
      await tx.query('RELEASE SAVEPOINT detach_month');
      return attempt;
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT detach_month');
      const lockTimeout = (error as { driverError?: { code?: string } }).driverError?.code === '55P03';
      if (!lockTimeout || attempt === LOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  }
}
