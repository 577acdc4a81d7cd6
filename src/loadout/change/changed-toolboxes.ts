import { diffToolboxes, type ToolboxDiff } from './toolbox-diff';
import { agentClass, agentClassSince, situationClass, toolboxClass } from '../compiled/classes';
import type { CompiledLoadout, SituationToolbox } from '../compiled/compile';
import type { CompiledAgent, CompiledTool } from '../compiled/compiled-parts';
import { situationFacts, type PageSituation } from '../rules/facts';
import { compareSortOrder, situationFailure } from '../rules/filters';
import type { CatalogueRow } from '../compiled/rows';
import { passes, remember, situationToolbox, toolboxOf } from '../compiled/serve';
import { keyedSituations, type KeyedSituation } from '../rules/situations';
import { cut, cutFull, readsTokens, shadowWinner } from '../rules/stages';

export interface ChangedToolbox {
  key: string;
  channel: CatalogueRow;
  page: PageSituation;
  previous: SituationToolbox;
  next: SituationToolbox;
  diff: ToolboxDiff;
}

// See docs/architecture.md, note "Changed toolboxes".
/** docs/semantics.md §5.2: for each agent, the situations whose toolbox a change altered, in situation order. */
export function changedToolboxes(
  before: CompiledLoadout,
  after: CompiledLoadout,
  agentIds: readonly string[],
  touchedTools: ReadonlySet<string> | null = null,
): Map<string, readonly ChangedToolbox[]> {
  const sameCatalogue = before.rows.channels === after.rows.channels && before.rows.contextObjects === after.rows.contextObjects;
  const situations = sameCatalogue
    ? after.situations
    : keyedSituations(
        [...after.channels.keys()].filter((k) => before.channels.has(k)),
        [...after.contextObjects.keys()].filter((k) => before.contextObjects.has(k)),
      );
  const movable = touchedTools && movableTools(before, after, touchedTools);
  // By the class before, then the class after: a thousand agents cost two lookups each, no key built.
  const byClass = new Map<string, Map<string, readonly ChangedToolbox[]>>();
  const out = new Map<string, readonly ChangedToolbox[]>();
  for (const id of agentIds) {
    const was = before.agents.get(id);
    const is = after.agents.get(id);
    if (!was || !is) continue;
    const classBefore = agentClass(before, was);
    const classAfter = agentClassSince(before, was, after, is);
    let ofBefore = byClass.get(classBefore);
    if (!ofBefore) byClass.set(classBefore, (ofBefore = new Map()));
    let changed = ofBefore.get(classAfter);
    if (!changed) {
      const toolsOnly = movable && classBefore === classAfter && !readsTokens(is);
      changed = compare(before, was, after, is, situations, toolsOnly ? movable : null);
      ofBefore.set(classAfter, changed);
    }
    out.set(id, changed);
  }
  return out;
}

type Outcome = Pick<ChangedToolbox, 'previous' | 'next' | 'diff'>;

function compare(
  before: CompiledLoadout,
  was: CompiledAgent,
  after: CompiledLoadout,
  is: CompiledAgent,
  situations: readonly KeyedSituation[],
  movable: ReadonlySet<string> | null,
): ChangedToolbox[] {
  // Keyed by the class before, then the class after: a situation alike others before may not be after (a definition now names its channel).
  const outcomes = new Map<string, Map<string, Outcome | null>>();
  const diffs = new Map<string, ToolboxDiff>();
  const changed: ChangedToolbox[] = [];
  for (const situation of situations) {
    const page = situation.page;
    const classBefore = situationClass(before, was, situation.channelKey, page);
    let byAfter = outcomes.get(classBefore);
    if (!byAfter) outcomes.set(classBefore, (byAfter = new Map()));
    const classAfter = situationClass(after, is, situation.channelKey, page);
    let outcome = byAfter.get(classAfter);
    if (outcome === undefined) {
      const previous = toolboxOf(before, was, situation.channelKey, page);
      const known = movable && withMoved(previous, after, is, situation.channelKey, page, movable);
      let next: SituationToolbox;
      if (known) {
        next = known;
        remember(after, toolboxClass(after, is, situation.channelKey, page), known);
      } else next = toolboxOf(after, is, situation.channelKey, page);
      outcome = sameContent(previous.entries, next.entries) ? null : { previous, next, diff: diffOf(previous, next, diffs) };
      byAfter.set(classAfter, outcome);
    }
    if (outcome) {
      const { previous, next, diff } = outcome;
      changed.push({ key: situation.key, channel: after.channels.get(situation.channelKey)!, page, previous, next, diff });
    }
  }
  return changed;
}

/**
 * The definitions whose place a change that touched only definitions can
 * move: the touched ones and every other holding a name one of them holds,
 * before or after (the shadow step weighs them together).
 */
function movableTools(before: CompiledLoadout, after: CompiledLoadout, touched: ReadonlySet<string>): ReadonlySet<string> {
  const movable = new Set(touched);
  for (const id of touched)
    for (const loadout of [before, after]) {
      const name = loadout.toolsById.get(id)?.renderedName;
      for (const rival of (name !== undefined && loadout.sharedNames.get(name)) || []) movable.add(rival.id);
    }
  return movable;
}

/**
 * The toolbox after a change that moved only these definitions (see
 * movableTools), where it follows from the one before without assembling.
 * One of them that kept its place in Sort Order and is still carried is
 * swapped in place, one now carried ahead of the cut slots in (the last one
 * then falls past the cut), one that was carried and no longer is (or
 * moved) needs the next survivor: null, assemble it.
 */
function withMoved(
  previous: SituationToolbox,
  after: CompiledLoadout,
  agent: CompiledAgent,
  channelKey: string,
  page: PageSituation,
  movable: ReadonlySet<string>,
): SituationToolbox | null {
  const situation = situationFacts(channelKey, page);
  const passing = (tool: CompiledTool) => passes(tool, agent, situation);
  const carried = (tool: CompiledTool) => passing(tool) && shadowWinner(tool, after.sharedNames.get(tool.renderedName), passing) === tool;
  let swapped: CompiledTool[] | null = null;
  for (const [i, tool] of previous.entries.entries()) {
    if (!movable.has(tool.id)) continue;
    const now = after.toolsById.get(tool.id);
    if (!now || compareSortOrder(now, tool) !== 0 || !carried(now)) return null;
    (swapped ??= [...previous.entries])[i] = now;
  }
  if (situationFailure(agent, situation) === null) {
    const full = cutFull(previous.entries.length, agent);
    const last = previous.entries.at(-1);
    for (const id of movable) {
      const tool = after.toolsById.get(id);
      if (!tool || !carried(tool) || previous.entries.some((t) => t.id === id)) continue;
      // Not carried before, carried now: every survivor ahead of the cut was carried, so it slots in among them.
      if (!full || !last || compareSortOrder(tool, last) < 0) {
        const next: CompiledTool[] = (swapped ??= [...previous.entries]);
        const at = next.findIndex((t) => compareSortOrder(tool, t) < 0);
        next.splice(at === -1 ? next.length : at, 0, tool);
      }
    }
  }
  // Only an agent whose cut reads no tokens comes here (`toolsOnly`): the cut counts.
  return swapped ? situationToolbox(cut(swapped, agent, NO_TOKENS).kept) : previous;
}

/**
 * The diff of two toolboxes; where the later holds the same names in the
 * same places (definitions edited in place), only contents changed, and
 * equal diffs are one object (an edit seen in every situation has one diff).
 */
function diffOf(previous: SituationToolbox, next: SituationToolbox, shared: Map<string, ToolboxDiff>): ToolboxDiff {
  const a = previous.entries;
  const b = next.entries;
  // By the names sent, as a turn's diff names them.
  const inPlace = a.length === b.length && a.every((t, i) => t.id === b[i].id && t.renderedName === b[i].renderedName);
  if (!inPlace)
    return diffToolboxes(
      a.map((t) => t.visible),
      b.map((t) => t.visible),
    );
  const changed = b.filter((t, i) => t.contentHash !== a[i].contentHash).map((t) => t.renderedName);
  const key = changed.join('\n');
  let diff = shared.get(key);
  if (!diff) {
    diff = { added: [], removed: [], changed, reordered: false };
    shared.set(key, diff);
  }
  return diff;
}

/** Equal content hashes in equal order: equal fingerprints. */
function sameContent(a: readonly CompiledTool[], b: readonly CompiledTool[]): boolean {
  return a === b || (a.length === b.length && a.every((t, i) => t.contentHash === b[i].contentHash));
}

const NO_TOKENS = (): number => {
  throw new Error('loadout/changed-toolboxes: a cut that reads tokens came the tools-only way');
};
