import type { CompiledLoadout } from './compile';

/** Everything a toolbox can depend on, in a canonical order. */
function summary(l: CompiledLoadout): Record<string, unknown> {
  const compiled = new Set(l.sorted);
  const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    tools: l.sorted.map((t) => ({ row: t.row, ownerEnabled: t.ownerEnabled, mcpFiltered: t.mcpFiltered })),
    agents: [...l.agents.values()]
      .map((a) => ({
        row: a.row,
        version: l.versionOf(a.id),
        mcpServerInScope: a.mcpServerInScope,
        rules: a.rules.map((r) => `${r.on}:${r.toolName}:${r.effect}`).sort(),
      }))
      .sort((a, b) => (a.row.id < b.row.id ? -1 : 1)),
    rules: byId(l.rows.rules),
    miniApps: byId(l.rows.miniApps),
    mcpServers: byId(l.rows.mcpServers),
    channels: byId(l.rows.channels),
    contextObjects: byId(l.rows.contextObjects),
    defaultModel: l.rows.defaultModel,
    // A patch derives these from the loadout before: they must equal the ones built over every definition.
    lookups: {
      toolsById: [...l.toolsById].map(([id, t]) => [id, t.id, compiled.has(t)]).sort(),
      sharedNames: [...l.sharedNames].map(([name, group]) => [name, group.map((t) => t.id)]).sort(),
      scopedAgents: [...l.scopedAgents].sort(),
      namedChannels: [...l.namedChannels].sort(),
      contextToolsSharingNames: l.contextToolsSharingNames.map((t) => t.id),
    },
  };
}

/** Null when the two loadouts are the same; else which part differs first. */
export function sameLoadout(actual: CompiledLoadout, expected: CompiledLoadout): string | null {
  const a = summary(actual);
  const e = summary(expected);
  for (const key of Object.keys(e)) {
    // Key order counts: a schema is kept as sent.
    const x = JSON.stringify(a[key]);
    const y = JSON.stringify(e[key]);
    if (x !== y) return `${key} differ:\n  ${x.slice(0, 400)}\n  ${y.slice(0, 400)}`;
  }
  return null;
}
