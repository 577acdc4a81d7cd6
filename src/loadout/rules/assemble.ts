import { toolboxFingerprint } from '../../common/content-hash';
import {
  situationFacts,
  toolFacts,
  type AgentFacts,
  type PageSituation,
  type PlainTool,
  type SituationFacts,
  type ToolFacts,
} from './facts';
import { SURFACE_FILTERS, compareSortOrder, dropDetail, firstFailure, inScope, type DropDetail, type Placed } from './filters';
import { cut, inDropOrder, rivalsByName, shadowWinner } from './stages';
import type { DropReason } from '../vocabulary';

/**
 * Toolbox assembly, docs/semantics.md §3, as simply as it can be said: a pure
 * function from plain data to the ordered entries, the dropped tools with
 * the first filter each failed, and the fingerprint. It is the oracle every
 * faster path is held to; the rules themselves are the table in filters.ts.
 */

/** A definition as the reference takes it: plain lists, and its schema tokens for the agent's model where a cap reads them. */
export interface CandidateTool extends PlainTool {
  schemaTokens?: number;
}

export interface AssemblyInput<T extends CandidateTool> {
  agent: AgentFacts;
  channelKey: string;
  page: PageSituation;
  /** The organisation's definitions: those of another project than the agent's are no candidates. */
  candidates: readonly T[];
}

export interface ToolboxEntryResult<T> {
  position: number;
  tool: T;
}

export interface DroppedResult<T> extends DropDetail {
  tool: T;
  reason: DropReason;
  /** SHADOWED: the definition of the same name the toolbox carries instead. */
  shadowedBy?: T;
}

export interface AssembledToolbox<T> {
  entries: ToolboxEntryResult<T>[];
  dropped: DroppedResult<T>[];
  fingerprint: string;
}

/** Filters in table order, then the shadow step among the survivors: what is left, and what dropped why, in Sort Order. */
function survive<T extends CandidateTool>(
  candidates: readonly T[],
  agent: AgentFacts,
  channelKey: string,
  page: PageSituation,
): { survivors: T[]; dropped: DroppedResult<T>[] } {
  const situation = situationFacts(channelKey, page);
  const sorted = candidates.filter((tool) => inScope(tool, agent)).sort(compareSortOrder);
  const facts = sorted.map((tool) => toolFacts(tool));
  const reasons = new Map(facts.map((tool) => [tool, firstFailure(tool, agent, situation)]));
  const rivals = rivalsByName(facts);
  const survives = (tool: ToolFacts) => reasons.get(tool) === null;
  const survivors: T[] = [];
  const dropped: DroppedResult<T>[] = [];
  for (const [i, tool] of sorted.entries()) {
    const reason = reasons.get(facts[i])!;
    const winner = reason ? null : shadowWinner(facts[i], rivals.get(facts[i].renderedName), survives);
    if (reason) dropped.push({ tool, reason, ...dropDetail(reason, facts[i], agent) });
    else if (winner !== facts[i]) dropped.push({ tool, reason: 'SHADOWED', shadowedBy: sorted[facts.indexOf(winner!)] });
    else survivors.push(tool);
  }
  return { survivors, dropped };
}

export function assembleToolbox<T extends CandidateTool>(input: AssemblyInput<T>): AssembledToolbox<T> {
  const { agent } = input;
  const { survivors, dropped } = survive(input.candidates, agent, input.channelKey, input.page);
  const { kept, dropped: past } = cut(survivors, agent, (tool) => tool.schemaTokens ?? 0);
  return {
    entries: kept.map((tool, i) => ({ position: i + 1, tool })),
    dropped: inDropOrder([...dropped, ...past]),
    fingerprint: toolboxFingerprint(kept.map((t) => t.contentHash)),
  };
}

/**
 * The budget surface (docs/semantics.md §7.1): the candidates that pass the
 * table's surface filters (2 to 6 and 9), one per name as filter 10 picks
 * it, in Sort Order. No tools mode, channel, context or cut. With no agent
 * (`id` null) every agent-scoped definition drops at filter 6, and `rules`
 * are the project's. One function for the reference (plain candidates) and
 * the budget report (compiled definitions, already facts).
 */
export function budgetSurface<T extends Placed>(tools: readonly T[], agent: AgentFacts, factsOf: (tool: T) => ToolFacts): T[] {
  const survivors = tools
    .filter((tool) => inScope(tool, agent) && firstFailure(factsOf(tool), agent, NO_SITUATION, SURFACE_FILTERS) === null)
    .sort(compareSortOrder);
  const rivals = rivalsByName(survivors);
  return survivors.filter((tool) => shadowWinner(tool, rivals.get(tool.renderedName), () => true) === tool);
}

/**
 * The candidates the surface leaves out only for their schema: they pass
 * every surface filter before INCOMPATIBLE_SCHEMA and it drops them. The
 * budget report names them, since the agent's provider would refuse them.
 */
export function incompatibleOnSurface<T extends Placed>(tools: readonly T[], agent: AgentFacts, factsOf: (tool: T) => ToolFacts): T[] {
  return tools.filter(
    (tool) => inScope(tool, agent) && firstFailure(factsOf(tool), agent, NO_SITUATION, SURFACE_FILTERS) === 'INCOMPATIBLE_SCHEMA',
  );
}

/** The surface's filters read nothing of the situation (a spec holds them to it). */
const NO_SITUATION = Object.freeze({}) as SituationFacts;

export function referenceSurface<T extends CandidateTool>(candidates: readonly T[], agent: AgentFacts): T[] {
  const candidateOf = new Map(candidates.map((c) => [toolFacts(c), c]));
  return budgetSurface([...candidateOf.keys()], agent, (facts) => facts).map((facts) => candidateOf.get(facts)!);
}
