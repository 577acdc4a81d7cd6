/** One tool of a toolbox as the provider's cache sees it. */
export interface DiffEntry {
  name: string;
  contentHash: string;
}

export interface ToolboxDiff {
  /** In the order of the later toolbox. */
  added: string[];
  /** In the order of the earlier toolbox. */
  removed: string[];
  /** Same name, other content hash; in the order of the later toolbox. */
  changed: string[];
  /** Same set of names in another order. */
  reordered: boolean;
}

/**
 * What changed between two toolboxes, by tool name. `reordered` is only set
 * when nothing was added or removed: with a different set, order is moot.
 */
export function diffToolboxes(before: readonly DiffEntry[], after: readonly DiffEntry[]): ToolboxDiff {
  const beforeByName = new Map(before.map((e) => [e.name, e.contentHash]));
  const afterNames = new Set(after.map((e) => e.name));
  const added = after.filter((e) => !beforeByName.has(e.name)).map((e) => e.name);
  const removed = before.filter((e) => !afterNames.has(e.name)).map((e) => e.name);
  const changed = after.filter((e) => beforeByName.has(e.name) && beforeByName.get(e.name) !== e.contentHash).map((e) => e.name);
  const sameSet = added.length === 0 && removed.length === 0;
  const reordered = sameSet && before.some((e, i) => after[i]?.name !== e.name);
  return { added, removed, changed, reordered };
}

export const isEmptyDiff = (d: ToolboxDiff): boolean =>
  d.added.length === 0 && d.removed.length === 0 && d.changed.length === 0 && !d.reordered;

/**
 * The entries of a turn's diff one event accounts for: those naming a tool the
 * event itself added, removed or changed in the turn's situation. Several
 * events between two turns each get their share; a tool two of them touched
 * is in both shares, and an event whose effect a later one undid has none.
 */
export function diffShare(turn: ToolboxDiff, event: ToolboxDiff): ToolboxDiff {
  const touched = new Set([...event.added, ...event.removed, ...event.changed]);
  return {
    added: turn.added.filter((name) => touched.has(name)),
    removed: turn.removed.filter((name) => touched.has(name)),
    changed: turn.changed.filter((name) => touched.has(name)),
    reordered: turn.reordered && event.reordered,
  };
}
