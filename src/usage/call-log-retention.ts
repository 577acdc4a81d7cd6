import { DAY_MS } from '../common/time';

/*
 * The call log's retention as pure functions: its monthly partitions (UTC
 * months of the call's `at`), which of them the maintenance step creates and
 * which it drops, and the earliest `asOf` the budget report can answer.
 */

export const DEFAULT_RETENTION_DAYS = 90;
/** The budget's longest window is 30 days (COLD), its evidence gate 7: a shorter log could not answer as of now. */
export const MIN_RETENTION_DAYS = 31;
/**
 * Two years: about 27 monthly partitions. Each is one more table the
 * maintenance step walks at start and the planner weighs for every budget
 * report, so a longer log costs every start and report (docs/operations.md, "The call log's retention").
 */
export const MAX_RETENTION_DAYS = 731;
/** Months created beyond the current one, so a month's partition exists long before its first call. */
export const MONTHS_AHEAD = 2;

export interface LogMonth {
  /** The partition's table name, `tool_calls_pYYYY_MM`. */
  name: string;
  /** The first instant of the month, inclusive. */
  from: Date;
  /** The first instant of the next month, exclusive. */
  to: Date;
}

const PARTITION_NAME = /^tool_calls_p(\d{4})_(\d{2})$/;

function month(year: number, monthIndex: number): LogMonth {
  const from = new Date(Date.UTC(year, monthIndex, 1));
  const to = new Date(Date.UTC(year, monthIndex + 1, 1));
  const name = `tool_calls_p${String(from.getUTCFullYear()).padStart(4, '0')}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
  return { name, from, to };
}

/** The month holding `at`. */
export const monthOf = (at: Date): LogMonth => month(at.getUTCFullYear(), at.getUTCMonth());

/** The month a partition's name stands for, or null for any other table (the default partition). */
export function parseMonth(name: string): LogMonth | null {
  const m = PARTITION_NAME.exec(name);
  if (!m) return null;
  const monthIndex = Number(m[2]) - 1;
  return monthIndex >= 0 && monthIndex < 12 ? month(Number(m[1]), monthIndex) : null;
}

/**
 * The first instant the log keeps: the start of the month holding the
 * instant `retentionDays` before now. Every call since now − retention is
 * kept, in whole months; older calls go.
 */
export const keptFrom = (now: Date, retentionDays: number): Date => monthOf(new Date(now.getTime() - retentionDays * DAY_MS)).from;

export interface PartitionPlan {
  keptFrom: Date;
  /** Months to create, oldest first: every kept month through MONTHS_AHEAD past now's that has no partition. */
  create: LogMonth[];
  /** Partitions wholly before keptFrom, oldest first. */
  drop: LogMonth[];
}

/**
 * What a maintenance run at `now` does, given the partitions' names and
 * where the log was cut before (null: never): a month once cut is not made
 * again, whoever cut it.
 */
export function partitionPlan(now: Date, retentionDays: number, existing: readonly string[], cutAt: Date | null = null): PartitionPlan {
  const byAge = keptFrom(now, retentionDays);
  const from = cutAt && cutAt > byAge ? cutAt : byAge;
  const months = existing.map(parseMonth).filter((m): m is LogMonth => m !== null);
  const have = new Set(months.map((m) => m.name));
  const current = monthOf(now);
  const end = month(current.from.getUTCFullYear(), current.from.getUTCMonth() + MONTHS_AHEAD + 1).from;
  const create: LogMonth[] = [];
  for (let m = monthOf(from); m.from < end; m = monthOf(m.to)) if (!have.has(m.name)) create.push(m);
  const drop = months.filter((m) => m.to <= from).sort((a, b) => a.from.getTime() - b.from.getTime());
  return { keptFrom: from, create, drop };
}

/**
 * The earliest `asOf` the budget report answers: every call after it must
 * still be in the log. That is `retentionDays` before now, or later where
 * the log was cut later (by an instance keeping fewer days).
 */
export function retainedHorizon(now: Date, retentionDays: number, cutAt: Date | null): Date {
  const byAge = new Date(now.getTime() - retentionDays * DAY_MS);
  return cutAt && cutAt > byAge ? cutAt : byAge;
}
