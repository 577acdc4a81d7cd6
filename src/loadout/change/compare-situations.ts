import { diffToolboxes, type DiffEntry, type ToolboxDiff } from './toolbox-diff';

/** What the model sees in one situation: the fingerprint and the ordered entries. */
export interface ComparedToolbox<E extends DiffEntry = DiffEntry> {
  fingerprint: string;
  entries: readonly E[];
}

export interface ChangedSituation<S extends ComparedToolbox = ComparedToolbox> {
  key: string;
  previous: S;
  next: S;
  diff: ToolboxDiff;
}

/**
 * The situations whose fingerprint differs, in the order of `after`.
 *
 * A situation present on one side only is left out. Missing before (a
 * channel or context object created inside the change): no request can have
 * been cached for it, so no cache is invalidated. Missing after (one deleted
 * inside the change): no request can ask for it any more.
 */
export function changedSituations<S extends ComparedToolbox>(
  before: ReadonlyMap<string, S>,
  after: ReadonlyMap<string, S>,
): Array<ChangedSituation<S>> {
  const changed: Array<ChangedSituation<S>> = [];
  for (const [key, next] of after) {
    const previous = before.get(key);
    if (!previous || previous.fingerprint === next.fingerprint) continue;
    changed.push({ key, previous, next, diff: diffToolboxes(previous.entries, next.entries) });
  }
  return changed;
}

/**
 * Tokens a provider's prompt cache must write again: tool definitions form a
 * prefix, so everything from the first position that differs onwards (in the
 * new toolbox) is re-written; what comes before it stays cached.
 */
export function rewrittenTokens<E extends DiffEntry>(previous: readonly E[], next: readonly E[], tokensOf: (entry: E) => number): number {
  let first = 0;
  while (first < previous.length && first < next.length && previous[first].contentHash === next[first].contentHash) first++;
  return next.slice(first).reduce((sum, entry) => sum + tokensOf(entry), 0);
}
