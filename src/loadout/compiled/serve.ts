import { estimateToolTokens } from '../tokens/estimate-tokens';
import { toolboxFingerprint } from '../../common/content-hash';
import { toolboxClass } from './classes';
import type { CompiledLoadout, SituationToolbox } from './compile';
import type { CompiledAgent, CompiledTool } from './compiled-parts';
import { situationFacts, type PageSituation, type SituationFacts } from '../rules/facts';
import { dropDetail, inScope, situationFailure, toolFailure, type DropDetail } from '../rules/filters';
import { Cut, inDropOrder, shadowWinner } from '../rules/stages';
import type { DropReason } from '../vocabulary';

/**
 * The compiled path: docs/semantics.md §3 over a compiled loadout, with the
 * filters of filters.ts, the situation's once and the rest per definition,
 * over candidates already in Sort Order; and each toolbox assembled once
 * per class of agents and situations (see classes.ts).
 */

export interface CompiledDrop extends DropDetail {
  tool: CompiledTool;
  reason: DropReason;
  /** SHADOWED: the definition carried instead. */
  shadowedBy?: CompiledTool;
}

export interface CompiledToolbox {
  entries: CompiledTool[];
  /** Only when asked for: a request that reads the entries alone stops at the cut. */
  dropped: CompiledDrop[] | null;
}

/** The same toolbox as the reference assembly (its test oracle). Without `withDropped` it stops once the toolbox is full. */
export function assembleCompiled(
  loadout: CompiledLoadout,
  agent: CompiledAgent,
  channelKey: string,
  page: PageSituation,
  withDropped: boolean,
): CompiledToolbox {
  const situation = situationFacts(channelKey, page);
  const entries: CompiledTool[] = [];
  const dropped: CompiledDrop[] | null = withDropped ? [] : null;
  const everyone = situationFailure(agent, situation);
  const survives = (other: CompiledTool) => inScope(other, agent) && toolFailure(other, agent, situation) === null;
  const stage = new Cut<CompiledTool>(agent, (tool) => estimateToolTokens(tool.visible, agent.model));
  for (const tool of loadout.sorted) {
    if (!inScope(tool, agent)) continue;
    const reason = everyone ?? toolFailure(tool, agent, situation);
    if (reason) {
      dropped?.push({ tool, reason, ...dropDetail(reason, tool, agent) });
      continue;
    }
    const winner = shadowWinner(tool, loadout.sharedNames.get(tool.renderedName), survives);
    if (winner !== tool) {
      dropped?.push({ tool, reason: 'SHADOWED', shadowedBy: winner });
      continue;
    }
    const past = stage.next(tool);
    if (!past) entries.push(tool);
    else if (dropped) dropped.push({ tool, reason: past });
    else break;
  }
  return { entries, dropped: dropped && inDropOrder(dropped) };
}

/** Whether the definition is a candidate of the agent's and passes every filter in the situation. */
export const passes = (tool: CompiledTool, agent: CompiledAgent, situation: SituationFacts): boolean =>
  inScope(tool, agent) && situationFailure(agent, situation) === null && toolFailure(tool, agent, situation) === null;

class MemoToolbox implements SituationToolbox {
  private hash: string | null = null;
  constructor(readonly entries: readonly CompiledTool[]) {}
  get fingerprint(): string {
    this.hash ??= toolboxFingerprint(this.entries.map((e) => e.contentHash));
    return this.hash;
  }
}

/** Toolboxes remembered per loadout; a loadout lives until the next change, so this bounds one generation. */
const MAX_REMEMBERED_TOOLBOXES = 20_000;

/**
 * The toolbox of an agent in a situation, assembled once per loadout for
 * all agents of one class and all situations no filter tells apart (see
 * toolboxClass). A change's loadout `after` can be handed the toolboxes a
 * change found unaltered, so they are not assembled again.
 */
export function toolboxOf(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): SituationToolbox {
  const key = toolboxClass(loadout, agent, channelKey, page);
  let toolbox = loadout.toolboxes.get(key);
  if (!toolbox) {
    toolbox = new MemoToolbox(assembleCompiled(loadout, agent, channelKey, page, false).entries);
    remember(loadout, key, toolbox);
  }
  return toolbox;
}

export const situationToolbox = (entries: readonly CompiledTool[]): SituationToolbox => new MemoToolbox(entries);

export function remember(loadout: CompiledLoadout, key: string, toolbox: SituationToolbox): void {
  if (loadout.toolboxes.size < MAX_REMEMBERED_TOOLBOXES) loadout.toolboxes.set(key, toolbox);
}
