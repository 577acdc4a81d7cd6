import { performance } from 'node:perf_hooks';
import type { DataSource, EntityManager } from 'typeorm';
import { logger } from '../common/logger';
import { DAY_MS } from '../common/time';
import { retrying, sqlState } from '../db/retry';
import { MIN_RETENTION_DAYS, keptFrom, partitionPlan, type LogMonth } from './call-log-retention';
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
const LOCK_ATTEMPTS = 6;
/** Each part of a run is tried this often while it fails retryably (a lock still held after every detach's try, say), pausing 1 s, then 2 s. */
const RUN_ATTEMPTS = 3;
const RUN_RETRY_PAUSE_MS = 1000;
/** A month's table once detached from the log: the shape of a partition's name, but no partition. */
const DETACHED_MONTHS = `SELECT relname AS name FROM pg_class
  WHERE relname ~ '^tool_calls_p[0-9]{4}_[0-9]{2}$' AND relkind = 'r' AND NOT relispartition AND pg_table_is_visible(oid)`;
const COLUMNS = 'organization_id, user_id, project_id, tool_name, at, is_error, id';

/** Lets one run at a time, across instances: a run that finds it taken does nothing. */
const RUN_LOCK = `hashtext('loadout_call_log_maintenance')`;
/**
 * The order the log's writers take their locks in, so that none waits for
 * another in a cycle: this advisory lock, then the log, then its
 * partitions. A run holds it alone, a batch with a call a run may lock the
 * month of (mayMeetMaintenance) holds it shared: such a batch never holds
 * the log (which a detach waits for) while it waits for a month a run has
 * locked. Any other batch writes only months no run locks.
 */
const LOG_LOCK = `hashtext('loadout_call_log')`;

/**
 * Whether a call at `at` may go to a month a maintenance run locks: one it
 * drops, or the default partition. Every instance keeps at least
 * MIN_RETENTION_DAYS, so every later call goes to a month no run drops; a
 * day's margin covers instances whose clocks run ahead.
 */
export const mayMeetMaintenance = (at: Date, now: Date): boolean => at < keptFrom(new Date(now.getTime() + DAY_MS), MIN_RETENTION_DAYS);

/** Inside a batch's transaction, before it touches the log: waits for a maintenance run, and keeps one from starting. */
export async function shareCallLog(tx: EntityManager): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock_shared(${LOG_LOCK})`);
}

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

/** What the part of a run that drops the expired months did. */
interface Drops {
  dropped: string[];
  /** Tables to drop after the commit: the months detached, and any a failed drop left. */
  detached: string[];
  lockTries: number;
  detachesFrom: number | null;
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
      this.run().then(report, (error: unknown) => logger.error({ err: error }, 'call log maintenance failed')),
    );
    return this.running;
  }

  // See docs/architecture.md, note "A maintenance run".
  /** One run, in two transactions under the advisory locks, each tried again while it fails retryably. */
  async run(now = new Date()): Promise<MaintenanceRun> {
    const started = performance.now();
    const created = await retrying('call log maintenance', RUN_ATTEMPTS, RUN_RETRY_PAUSE_MS, () =>
      this.underLocks((tx) => this.createMonths(tx, now)),
    );
    if (created === null) return { ran: false, created: [], dropped: [], ms: performance.now() - started, dropMs: 0, lockTries: 0 };
    const drops = (await retrying('call log maintenance', RUN_ATTEMPTS, RUN_RETRY_PAUSE_MS, () =>
      this.underLocks((tx) => this.dropMonths(tx, now)),
    )) ?? { dropped: [], detached: [], lockTries: 0, detachesFrom: null };
    const committed = performance.now();
    for (const name of drops.detached) await this.db.query(`DROP TABLE IF EXISTS "${name}"`);
    return {
      ran: true,
      created,
      dropped: drops.dropped,
      ms: performance.now() - started,
      dropMs: drops.detachesFrom === null || drops.dropped.length === 0 ? 0 : committed - drops.detachesFrom,
      lockTries: drops.lockTries,
    };
  }

  /** `work` in a transaction holding both advisory locks (see LOG_LOCK); null when another run holds them. */
  private underLocks<T>(work: (tx: EntityManager) => Promise<T>): Promise<T | null> {
    return this.db.transaction(async (tx) => {
      const [{ locked }]: Array<{ locked: boolean }> = await tx.query(`SELECT pg_try_advisory_xact_lock(${RUN_LOCK}) AS locked`);
      if (!locked) return null;
      // Moving a month out of the default partition or folding one may outlast a request's statement_timeout; the detaches' waits are bounded by lock_timeout.
      await tx.query(`SET LOCAL statement_timeout = 0`);
      // Waits for the batches in flight that hold the log shared; those to come wait for the run.
      await tx.query(`SELECT pg_advisory_xact_lock(${LOG_LOCK})`);
      return work(tx);
    });
  }

  private async plan(tx: EntityManager, now: Date) {
    const partitions: Array<{ name: string }> = await tx.query(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'tool_calls'::regclass`,
    );
    return partitionPlan(
      now,
      this.retentionDays,
      partitions.map((p) => p.name),
      await this.usage.callLogCut(tx),
    );
  }

  private async createMonths(tx: EntityManager, now: Date): Promise<string[]> {
    const plan = await this.plan(tx, now);
    for (const month of plan.create) await createMonth(tx, month);
    return plan.create.map((m) => m.name);
  }

  private async dropMonths(tx: EntityManager, now: Date): Promise<Drops> {
    const plan = await this.plan(tx, now);
    const detached: Array<{ name: string }> = await tx.query(DETACHED_MONTHS);
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
    const detachesFrom = performance.now();
    let lockTries = 0;
    for (const month of plan.drop) lockTries += await detachMonth(tx, month);
    const dropped = plan.drop.map((m) => m.name);
    return { dropped, detached: [...detached.map((d) => d.name), ...dropped], lockTries, detachesFrom };
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
      const lockTimeout = sqlState(error) === '55P03';
      if (!lockTimeout || attempt === LOCK_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  }
}
