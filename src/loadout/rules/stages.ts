import type { AgentFacts } from './facts';
import { FILTERS, compareSortOrder, type Placed } from './filters';
import type { DropReason } from '../vocabulary';

/**
 * The toolbox's twelve filters as one ordered table, docs/semantics.md §3.2.
 * Filters 1 to 9 drop a definition on its own (the rows of FILTERS); the
 * shadow step (10) and the cut (11, 12) work on the survivors together and
 * are defined here once: the reference assembly, the compiled path, the
 * class keys, the incremental invalidation and the budget surface all call
 * them (a spec checks who calls what).
 */

export type StageKind = 'filter' | 'shadow' | 'cut';

export interface Stage {
  reason: DropReason;
  /** Where docs/semantics.md states the rule. */
  section: string;
  /** A filter drops a definition on its own; the shadow step and the cut read the survivors together. */
  kind: StageKind;
}

export const STAGES: readonly Stage[] = [
  ...FILTERS.map((f): Stage => ({ reason: f.reason, section: f.section, kind: 'filter' })),
  { reason: 'SHADOWED', section: '§3.10', kind: 'shadow' },
  { reason: 'OVER_MAX_TOOLS', section: '§3.12', kind: 'cut' },
  { reason: 'OVER_TOKEN_BUDGET', section: '§3.12', kind: 'cut' },
];

/**
 * Where a drop is listed (§3.2): the drops of the filters and the shadow
 * step in Sort Order, then each stage of the cut's drops in table order.
 */
const DROP_RANK = new Map(STAGES.map((s, i) => [s.reason, s.kind === 'cut' ? i : 0]));

/** Drops in the order a toolbox lists them; sorts in place, keeping Sort Order within a rank. */
export function inDropOrder<D extends { reason: DropReason }>(drops: D[]): D[] {
  return drops.sort((x, y) => DROP_RANK.get(x.reason)! - DROP_RANK.get(y.reason)!);
}

/**
 * The shadow rank (§3.10): agent-scoped, then project, then
 * organisation-wide; ties by Sort Order. Negative: `a` wins.
 */
export function compareShadowRank(a: Placed, b: Placed): number {
  const rank = (t: Placed) => (t.agentId !== null ? 0 : t.projectId !== null ? 1 : 2);
  return rank(a) - rank(b) || compareSortOrder(a, b);
}

/**
 * The definitions of each rendered name more than one holds, each group in
 * shadow rank. A name held once cannot be shadowed and gets no group, so
 * the groups stay as small as the sharing.
 */
export function rivalsByName<T extends Placed>(tools: Iterable<T>): Map<string, T[]> {
  const holder = new Map<string, T>();
  const groups = new Map<string, T[]>();
  for (const tool of tools) {
    const first = holder.get(tool.renderedName);
    if (!first) holder.set(tool.renderedName, tool);
    else {
      const group = groups.get(tool.renderedName);
      if (group) group.push(tool);
      else groups.set(tool.renderedName, [first, tool]);
    }
  }
  for (const group of groups.values()) group.sort(compareShadowRank);
  return groups;
}

/**
 * The shadow step, filter 10 (§3.10), for a survivor of filters 1 to 9:
 * the definition of its rendered name the toolbox carries, the first of
 * `rivals` (its name's definitions in shadow rank; undefined where it holds
 * the name alone) that survives. One name is one rendered name, what the
 * provider would see twice.
 */
export function shadowWinner<T>(tool: T, rivals: readonly T[] | undefined, survives: (other: T) => boolean): T {
  if (!rivals) return tool;
  for (const other of rivals) {
    if (other === tool) return tool;
    if (survives(other)) return other;
  }
  return tool;
}

/** What the cut reads of an agent. */
export type CutLimits = Pick<AgentFacts, 'maxTools' | 'maxSchemaTokens'>;

export type CutReason = 'OVER_MAX_TOOLS' | 'OVER_TOKEN_BUDGET';

/**
 * Whether the cut reads schema tokens: only under a token cap (§3.12).
 * Without one, no definition's tokens, nor the model they are counted for,
 * can change a toolbox.
 */
export const readsTokens = <L extends Pick<CutLimits, 'maxSchemaTokens'>>(limits: L): limits is L & { maxSchemaTokens: number } =>
  limits.maxSchemaTokens !== null;

/** Whether `count` survivors fill the toolbox: every later one drops with OVER_MAX_TOOLS. */
export const cutFull = (count: number, limits: CutLimits): boolean => count >= limits.maxTools;

/**
 * The cut, filters 11 and 12 (§3.12), over the survivors in Sort Order one
 * at a time: past Max Tools a survivor drops with OVER_MAX_TOOLS; within
 * it, from the first whose schema tokens take the sum past the cap, every
 * one drops with OVER_TOKEN_BUDGET, even smaller ones, so the toolbox stays
 * a prefix of one order. `tokensOf` is asked only where it `readsTokens`.
 */
export class Cut<T> {
  private count = 0;
  private tokens = 0;
  private overBudget = false;

  constructor(
    private readonly limits: CutLimits,
    private readonly tokensOf: (tool: T) => number,
  ) {}

  /** Whether every later survivor drops with OVER_MAX_TOOLS. */
  get full(): boolean {
    return cutFull(this.count, this.limits);
  }

  /** Where the next survivor falls: null where the toolbox carries it. */
  next(tool: T): CutReason | null {
    if (cutFull(this.count++, this.limits)) return 'OVER_MAX_TOOLS';
    if (!this.overBudget && readsTokens(this.limits)) {
      this.tokens += this.tokensOf(tool);
      this.overBudget = this.tokens > this.limits.maxSchemaTokens;
    }
    return this.overBudget ? 'OVER_TOKEN_BUDGET' : null;
  }
}

/** The cut over all survivors at once: what the toolbox carries, and the others with their reasons in drop order. */
export function cut<T>(
  survivors: readonly T[],
  limits: CutLimits,
  tokensOf: (tool: T) => number,
): { kept: T[]; dropped: Array<{ tool: T; reason: CutReason }> } {
  const stage = new Cut(limits, tokensOf);
  const kept: T[] = [];
  const dropped: Array<{ tool: T; reason: CutReason }> = [];
  for (const tool of survivors) {
    const reason = stage.next(tool);
    if (reason) dropped.push({ tool, reason });
    else kept.push(tool);
  }
  return { kept, dropped: inDropOrder(dropped) };
}
