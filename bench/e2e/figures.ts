import { TimeoutError } from './http';
import { failuresOf, type LoadResult } from './load-spec';
import type { RawResult } from './raw-spec';

/** A bound a figure must keep, on its ratio to the baseline or on its value. */
export interface Target {
  on: 'ratio' | 'value';
  op: '>=' | '<=' | '<' | '=';
  bound: number;
}

export interface Figure {
  scenario: string;
  name: string;
  unit: string;
  value: number | null;
  baseline: number | null;
  /** value ÷ baseline. */
  ratio: number | null;
  target: Target | null;
  /** null: no target, or nothing measured to hold against it. */
  met: boolean | null;
  /** Why a value is missing or how it was obtained (timeout, extrapolated, n/a). */
  note?: string;
}

const holds = (x: number, t: Target): boolean =>
  t.op === '>=' ? x >= t.bound : t.op === '<=' ? x <= t.bound : t.op === '<' ? x < t.bound : x === t.bound;

/** A figure with its ratio and whether it meets its target; `met` given outright where nothing could be measured. */
export function figure(f: Omit<Figure, 'ratio' | 'met'> & { met?: boolean | null }): Figure {
  const ratio = f.value !== null && f.baseline !== null && f.baseline !== 0 ? f.value / f.baseline : null;
  const subject = f.target?.on === 'ratio' ? ratio : f.value;
  const measured = f.target !== null && subject !== null && Number.isFinite(subject);
  const met = f.met !== undefined ? f.met : f.target === null ? null : measured && holds(subject, f.target);
  return { ...f, ratio, met };
}

/** Embedded PGlite in memory is reachable from the server process only: no raw-SQL baseline there. */
export const NO_RAW_BASELINE_ON_EMBEDDED =
  'no raw-SQL baseline on embedded PGlite (memory://): only the server process can reach that database; run on the PostgreSQL server for the ratio';

/** A scenario that failed: one unmet row saying why, so the bench goes on and the table shows it. */
export function failedFigure(scenario: string, error: unknown): Figure {
  const note = error instanceof TimeoutError ? error.message : `error: ${error instanceof Error ? error.message : String(error)}`;
  return { scenario, name: `${scenario} (failed)`, unit: '', value: null, baseline: null, ratio: null, target: null, met: false, note };
}

/** The parts that are set, joined; undefined when none is. */
export const joinNotes = (...parts: Array<string | null | undefined | false>): string | undefined =>
  parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('; ') || undefined;

/** Failed responses of the API over all rounds, against those of its raw baseline (none on embedded), with a sample of each. */
export function failuresAgainstRaw(
  scenario: string,
  operation: string,
  apiRuns: readonly LoadResult[],
  rawRuns: readonly RawResult[],
  serverError: string | null,
): Figure {
  const apiSample = apiRuns.find((r) => r.sampleFailure)?.sampleFailure;
  const rawSample = rawRuns.find((r) => r.sampleFailure)?.sampleFailure;
  return figure({
    scenario,
    name: `${operation} failed responses, all rounds (baseline: raw)`,
    unit: '',
    value: apiRuns.reduce((n, r) => n + failuresOf(r), 0),
    baseline: rawRuns.length ? rawRuns.reduce((n, r) => n + r.failures, 0) : null,
    target: { on: 'value', op: '=', bound: 0 },
    note: joinNotes(apiSample && `API: ${apiSample}`, apiSample && serverError, rawSample && `raw: ${rawSample}`),
  });
}
