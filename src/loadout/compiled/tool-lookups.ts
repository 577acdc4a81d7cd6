import type { CompiledTool } from './compiled-parts';
import { rivalsByName } from '../rules/stages';
import { LayeredMap } from './layered-map';

/** Lookups over every definition: built once, then patched where a change touched a few definitions. */
export interface ToolLookups {
  toolsById: ReadonlyMap<string, CompiledTool>;
  /** Names sent to a provider that several definitions hold, each group in shadow rank (stages.ts, rivalsByName). */
  sharedNames: ReadonlyMap<string, readonly CompiledTool[]>;
  scopedAgents: ReadonlySet<string>;
  namedChannels: ReadonlySet<string>;
}

export function toolLookups(sorted: readonly CompiledTool[]): ToolLookups {
  const toolsById = new Map<string, CompiledTool>();
  for (const t of sorted) toolsById.set(t.id, t);
  return { toolsById, sharedNames: rivalsByName(sorted), scopedAgents: scopedAgentsOf(sorted), namedChannels: namedChannelsOf(sorted) };
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
 * `sorted`: only the names they held or hold are grouped again (in one
 * pass that compares names, as cheap as copying `sorted`), and the sets
 * read all definitions again only where one of them names an agent or a
 * channel.
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
  const names = new Set(touched.map((t) => t.renderedName));
  const regrouped = rivalsByName(sorted.filter((t) => names.has(t.renderedName)));
  return {
    toolsById: LayeredMap.patch(before.toolsById, new Map(added.map((t) => [t.id, t])), goneIds),
    sharedNames: LayeredMap.patch(
      before.sharedNames,
      regrouped,
      [...names].filter((name) => !regrouped.has(name)),
    ),
    scopedAgents: touched.some((t) => t.agentId) ? scopedAgentsOf(sorted) : before.scopedAgents,
    namedChannels: touched.some((t) => t.row.channelKeys.length > 0) ? namedChannelsOf(sorted) : before.namedChannels,
  };
}
