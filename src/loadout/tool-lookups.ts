import type { CompiledTool } from './compile';
import { compareShadowRank } from './filters';
import { LayeredMap } from './layered-map';

/** Lookups over every definition: built once, then patched where a change touched a few definitions. */
export interface ToolLookups {
  toolsById: ReadonlyMap<string, CompiledTool>;
  /** Every name sent to a provider with the definitions holding it (one name per toolbox: see shadowing). */
  byName: ReadonlyMap<string, readonly CompiledTool[]>;
  sharedNames: ReadonlyMap<string, readonly CompiledTool[]>;
  scopedAgents: ReadonlySet<string>;
  namedChannels: ReadonlySet<string>;
}

// One pass in plain loops: flatMap costs more than the rest together.
export function toolLookups(sorted: readonly CompiledTool[]): ToolLookups {
  const toolsById = new Map<string, CompiledTool>();
  const byName = new Map<string, CompiledTool[]>();
  for (const t of sorted) {
    toolsById.set(t.id, t);
    const group = byName.get(t.renderedName);
    if (group) group.push(t);
    else byName.set(t.renderedName, [t]);
  }
  const sharedNames = new Map<string, CompiledTool[]>();
  for (const [name, group] of byName) if (group.length > 1) sharedNames.set(name, [...group].sort(compareShadowRank));
  return { toolsById, byName, sharedNames, scopedAgents: scopedAgentsOf(sorted), namedChannels: namedChannelsOf(sorted) };
}

const scopedAgentsOf = (sorted: readonly CompiledTool[]): ReadonlySet<string> => {
  const out = new Set<string>();
  for (const t of sorted) if (t.agentId) out.add(t.agentId);
  return out;
};

const namedChannelsOf = (sorted: readonly CompiledTool[]): ReadonlySet<string> => {
  const out = new Set<string>();
  for (const t of sorted) for (const key of t.row.channelKeys) out.add(key);
  return out;
};

/**
 * The lookups after `gone` were replaced by `added` (compiled anew) in
 * `sorted`: only the names they held or hold are grouped again, and the
 * sets read all definitions again only where one of them names an agent or
 * a channel.
 */
export function patchedLookups(
  before: ToolLookups,
  sorted: readonly CompiledTool[],
  gone: readonly CompiledTool[],
  added: readonly CompiledTool[],
): ToolLookups {
  if (gone.length === 0 && added.length === 0) return before;
  const touched = [...gone, ...added];
  const goneIds = new Set(gone.map((t) => t.id));
  const groups = new Map<string, CompiledTool[]>();
  for (const name of new Set(touched.map((t) => t.renderedName)))
    groups.set(name, [
      ...(before.byName.get(name) ?? []).filter((t) => !goneIds.has(t.id)),
      ...added.filter((t) => t.renderedName === name),
    ]);
  const held = (keep: (group: CompiledTool[]) => boolean) => [...groups].filter(([, group]) => keep(group)).map(([name]) => name);
  const shared = new Map(held((g) => g.length > 1).map((name) => [name, [...groups.get(name)!].sort(compareShadowRank)]));
  return {
    toolsById: LayeredMap.patch(before.toolsById, new Map(added.map((t) => [t.id, t])), goneIds),
    byName: LayeredMap.patch(
      before.byName,
      new Map([...groups].filter(([, g]) => g.length > 0)),
      held((g) => g.length === 0),
    ),
    sharedNames: LayeredMap.patch(
      before.sharedNames,
      shared,
      held((g) => g.length <= 1),
    ),
    scopedAgents: touched.some((t) => t.agentId) ? scopedAgentsOf(sorted) : before.scopedAgents,
    namedChannels: touched.some((t) => t.row.channelKeys.length > 0) ? namedChannelsOf(sorted) : before.namedChannels,
  };
}
