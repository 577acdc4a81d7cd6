import { diffToolboxes, type ToolboxDiff } from '../conversations/toolbox-diff';
import type { PageSituation } from '../toolbox/assemble-toolbox';
import {
  assembleCompiled,
  fingerprintOf,
  type CatalogueRow,
  type CompiledAgent,
  type CompiledLoadout,
  type CompiledTool,
} from '../toolbox/compiled-loadout';
import { allSituations, situationKey } from '../toolbox/situations';

export interface SituationSide {
  fingerprint: string;
  entries: readonly CompiledTool[];
}

export interface ChangedToolbox {
  key: string;
  channel: CatalogueRow;
  page: PageSituation;
  previous: SituationSide;
  next: SituationSide;
  diff: ToolboxDiff;
}

/**
 * SEMANTICS section 5 without assembling every situation of every agent:
 * for each agent, the situations whose toolbox a change altered, in
 * situation order (channels by key; HOME, LIST, RECORD, then RECORD with
 * each context object by key).
 *
 * Agents whose toolboxes cannot differ (same project, rules, limits, mode,
 * and no definition scoped to them) share one computation, before and after,
 * and the same result array. Channels no definition names behave alike, and
 * so do context objects no definition names; HOME and LIST always do.
 * Situations present on one side only are left out, as for a channel
 * created or deleted inside the change: no request could have been cached
 * for it, or none can ask for it any more.
 */
export function changedToolboxes(
  before: CompiledLoadout,
  after: CompiledLoadout,
  agentIds: readonly string[],
): Map<string, readonly ChangedToolbox[]> {
  const situations = allSituations(
    [...after.channels.keys()].filter((k) => before.channels.has(k)),
    [...after.contextObjects.keys()].filter((k) => before.contextObjects.has(k)),
  );
  const namedChannels = namedKeys(before, after, 'channelKeys');
  const namedContexts = namedKeys(before, after, 'contextObjectKeys');
  const byClass = new Map<string, readonly ChangedToolbox[]>();
  const out = new Map<string, readonly ChangedToolbox[]>();
  for (const id of agentIds) {
    const was = before.agents.get(id);
    const is = after.agents.get(id);
    if (!was || !is) continue;
    const pair = `${classKey(before, was)}\n${classKey(after, is)}`;
    let changed = byClass.get(pair);
    if (!changed) {
      changed = compare(before, was, after, is, situations, namedChannels, namedContexts);
      byClass.set(pair, changed);
    }
    out.set(id, changed);
  }
  return out;
}

function compare(
  before: CompiledLoadout,
  was: CompiledAgent,
  after: CompiledLoadout,
  is: CompiledAgent,
  situations: ReturnType<typeof allSituations>,
  namedChannels: ReadonlySet<string>,
  namedContexts: ReadonlySet<string>,
): ChangedToolbox[] {
  // Situations that no filter can tell apart assemble once.
  const memo = new Map<string, { previous: SituationSide; next: SituationSide; diff: ToolboxDiff } | null>();
  const changed: ChangedToolbox[] = [];
  for (const situation of situations) {
    const channel = namedChannels.has(situation.channelKey) ? situation.channelKey : '';
    const context = situation.page.contextObject && namedContexts.has(situation.page.contextObject) ? situation.page.contextObject : null;
    const pageClass = situation.page.type === 'RECORD' ? 'RECORD' : 'HOME';
    const memoKey = `${channel}|${pageClass}|${context ?? ''}`;
    let outcome = memo.get(memoKey);
    if (outcome === undefined) {
      const page: PageSituation = { type: situation.page.type, contextObject: situation.page.contextObject ?? null };
      const previous = assembleCompiled(before, was, situation.channelKey, page, false).entries;
      const next = assembleCompiled(after, is, situation.channelKey, page, false).entries;
      outcome = sameContent(previous, next)
        ? null
        : {
            previous: { fingerprint: fingerprintOf(previous), entries: previous },
            next: { fingerprint: fingerprintOf(next), entries: next },
            diff: diffToolboxes(previous, next),
          };
      memo.set(memoKey, outcome);
    }
    if (outcome) {
      changed.push({
        key: situationKey(situation),
        channel: after.channels.get(situation.channelKey)!,
        page: situation.page,
        ...outcome,
      });
    }
  }
  return changed;
}

/** Equal content hashes in equal order: equal fingerprints. */
function sameContent(a: readonly CompiledTool[], b: readonly CompiledTool[]): boolean {
  return a.length === b.length && a.every((t, i) => t.contentHash === b[i].contentHash);
}

function namedKeys(before: CompiledLoadout, after: CompiledLoadout, field: 'channelKeys' | 'contextObjectKeys'): Set<string> {
  const named = new Set<string>();
  for (const loadout of [before, after]) for (const tool of loadout.sorted) for (const key of tool[field]) named.add(key);
  return named;
}

/** What an agent's toolboxes depend on besides the catalogue: agents with equal keys have equal toolboxes. */
function classKey(loadout: CompiledLoadout, agent: CompiledAgent): string {
  const a = agent.row;
  return JSON.stringify([
    a.projectId,
    a.maxTools,
    a.toolsMode,
    a.maxSchemaTokens,
    a.maxSchemaTokens === null ? null : a.model,
    agent.mcpServerInScope,
    agent.rules.map((r) => `${r.on}:${r.effect}:${r.toolName}`).sort(),
    loadout.scopedAgents.has(a.id) ? a.id : null,
  ]);
}
