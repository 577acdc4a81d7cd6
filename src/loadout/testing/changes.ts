import fc from 'fast-check';
import { contentHash } from '../../common/content-hash';
import type { LoadoutPatch } from '../compiled/compile';
import type { LoadoutRows, ToolRow } from '../compiled/rows';
import {
  AGENT_IDS,
  CHANNELS,
  DESCRIPTIONS,
  PROJECTS,
  agentArb,
  nameArb,
  plainToolArb,
  ruleArb,
  serversArb,
  statedHintsArb,
  subset,
  toolArb,
  uniqueRules,
} from './arbitraries';

/** A change of any kind the API can make, applied to the rows, with the patch a change tracker would read back. */
export type Change = (rows: LoadoutRows) => { rows: LoadoutRows; patch: LoadoutPatch };

const replaceTool = (rows: LoadoutRows, id: string, next: ToolRow | null): { rows: LoadoutRows; patch: LoadoutPatch } => {
  const tools = rows.tools.flatMap((t) => (t.id !== id ? [t] : next ? [next] : []));
  return { rows: { ...rows, tools }, patch: { tools: { ids: [id], rows: next ? [next] : [] } } };
};

export const changeArb: fc.Arbitrary<Change> = fc.oneof(
  // Versions only: what every change does to the agents it may affect, and all an edit most of them never see does.
  fc.array(fc.nat(), { minLength: 1, maxLength: 3 }).map((picks): Change => (rows) => {
    const versions = new Map(rows.versions);
    for (const pick of picks) {
      const id = rows.agents[pick % rows.agents.length].id;
      versions.set(id, versions.get(id)! + 1);
    }
    return { rows: { ...rows, versions }, patch: { versions: new Map([...versions].filter(([id, v]) => rows.versions.get(id) !== v)) } };
  }),
  // Edit a tool: content, placement, sort order, activity.
  fc.record({ pick: fc.nat(), fields: toolArb(0) }).map(({ pick, fields }): Change => (rows) => {
    if (rows.tools.length === 0) return { rows, patch: {} };
    const old = rows.tools[pick % rows.tools.length];
    const agentIds = new Set(rows.agents.map((a) => a.id));
    const next = {
      ...fields,
      id: old.id,
      agentId: fields.agentId && agentIds.has(fields.agentId) ? fields.agentId : null,
      version: old.version + 1,
    };
    return replaceTool(rows, old.id, next);
  }),
  // An MCP server's report changes only what it says of a tool: its hints (hint:<annotation> rules read them).
  fc.record({ pick: fc.nat(), hints: statedHintsArb }).map(({ pick, hints }): Change => (rows) => {
    const mcp = rows.tools.filter((t) => t.source === 'MCP');
    if (mcp.length === 0) return { rows, patch: {} };
    const old = mcp[pick % mcp.length];
    return replaceTool(rows, old.id, { ...old, hints, version: old.version + 1 });
  }),
  // Move a tool in Sort Order, or rename it, and nothing else.
  fc
    .record({ pick: fc.nat(), sortOrder: fc.integer({ min: -1, max: 4 }), name: fc.option(nameArb, { nil: undefined }) })
    .map(({ pick, sortOrder, name }): Change => (rows) => {
      if (rows.tools.length === 0) return { rows, patch: {} };
      const old = rows.tools[pick % rows.tools.length];
      const renamed = name === undefined || old.source === 'MCP' ? old.name : name;
      const next = {
        ...old,
        sortOrder,
        name: renamed,
        contentHash: contentHash({ name: renamed, description: old.description, inputSchema: old.inputSchema }),
      };
      return replaceTool(rows, old.id, next);
    }),
  // Switch a tool off or on, or move it to other channels, in place.
  fc
    .record({ pick: fc.nat(), active: fc.boolean(), channelKeys: fc.oneof(fc.constant<string[]>([]), subset(CHANNELS)) })
    .map(({ pick, active, channelKeys }): Change => (rows) => {
      if (rows.tools.length === 0) return { rows, patch: {} };
      const old = rows.tools[pick % rows.tools.length];
      return replaceTool(rows, old.id, { ...old, active, channelKeys: [...channelKeys].sort() });
    }),
  // Edit only the content of a tool.
  fc.record({ pick: fc.nat(), description: fc.constantFrom(...DESCRIPTIONS, 'edited') }).map(({ pick, description }): Change => (rows) => {
    if (rows.tools.length === 0) return { rows, patch: {} };
    const old = rows.tools[pick % rows.tools.length];
    const next = { ...old, description, contentHash: contentHash({ name: old.name, description, inputSchema: old.inputSchema }) };
    return replaceTool(rows, old.id, next);
  }),
  fc.nat().map(
    (pick): Change =>
      (rows) =>
        rows.tools.length === 0 ? { rows, patch: {} } : replaceTool(rows, rows.tools[pick % rows.tools.length].id, null),
  ),
  fc.oneof(toolArb(99), plainToolArb).map((fields): Change => (rows) => {
    const agentIds = new Set(rows.agents.map((a) => a.id));
    // Ids are never reused, even after a delete: the database's are unique.
    let n = rows.tools.length;
    while (rows.tools.some((t) => t.id === `new${n}`)) n++;
    const id = `new${n}`;
    const tool = { ...fields, id, agentId: fields.agentId && agentIds.has(fields.agentId) ? fields.agentId : null };
    return { rows: { ...rows, tools: [...rows.tools, tool] }, patch: { tools: { ids: [id], rows: [tool] } } };
  }),
  // Another scope takes an existing tool's name: it may shadow it, or be shadowed.
  fc
    .record({
      pick: fc.nat(),
      scope: fc.constantFrom<Pick<ToolRow, 'projectId' | 'agentId'>>(
        { projectId: null, agentId: null },
        ...PROJECTS.map((p) => ({ projectId: p, agentId: null })),
        ...AGENT_IDS.map((a) => ({ projectId: null, agentId: a })),
      ),
      sortOrder: fc.integer({ min: -1, max: 4 }),
    })
    .map(({ pick, scope, sortOrder }): Change => (rows) => {
      const named = rows.tools.filter((t) => t.source !== 'MCP');
      if (named.length === 0) return { rows, patch: {} };
      const model = named[pick % named.length];
      const agent = rows.agents.find((a) => a.id === scope.agentId);
      let n = rows.tools.length;
      while (rows.tools.some((t) => t.id === `dup${n}`)) n++;
      const tool: ToolRow = {
        ...model,
        id: `dup${n}`,
        source: 'CUSTOM',
        miniAppId: null,
        // An agent-scoped tool lives in its agent's project.
        projectId: scope.agentId ? (agent?.projectId ?? null) : scope.projectId,
        agentId: agent ? agent.id : null,
        sortOrder,
        description: 'copy',
        contentHash: contentHash({ name: model.name, description: 'copy', inputSchema: model.inputSchema }),
      };
      return { rows: { ...rows, tools: [...rows.tools, tool] }, patch: { tools: { ids: [tool.id], rows: [tool] } } };
    }),
  // Agent settings.
  fc.record({ pick: fc.nat(), settings: agentArb('x') }).map(({ pick, settings }): Change => (rows) => {
    const old = rows.agents[pick % rows.agents.length];
    const next = { ...settings, id: old.id, name: old.name };
    const agents = rows.agents.map((a) => (a.id === old.id ? next : a));
    const versions = new Map([...rows.versions, [old.id, rows.versions.get(old.id)! + 1]]);
    return {
      rows: { ...rows, agents, versions },
      patch: { agents: { ids: [old.id], rows: [next] }, versions: new Map([[old.id, versions.get(old.id)!]]) },
    };
  }),
  // Rules: set one, or remove one.
  fc.record({ rule: ruleArb(50), remove: fc.boolean(), pick: fc.nat() }).map(({ rule, remove, pick }): Change => (rows) => {
    const agentIds = new Set(rows.agents.map((a) => a.id));
    const rules =
      remove && rows.rules.length
        ? rows.rules.filter((_, i) => i !== pick % rows.rules.length)
        : rule.agentId && !agentIds.has(rule.agentId)
          ? rows.rules
          : uniqueRules([{ ...rule, id: `r${rows.rules.length + 50}` }, ...rows.rules]);
    return { rows: { ...rows, rules }, patch: { rules } };
  }),
  // Owners: mini apps enabled or not, MCP servers and their filters.
  fc.record({ apps: fc.tuple(fc.boolean(), fc.boolean()), servers: serversArb }).map(({ apps, servers }): Change => (rows) => {
    const miniApps = [
      { id: 'm0', enabled: apps[0] },
      { id: 'm1', enabled: apps[1] },
    ];
    return { rows: { ...rows, miniApps, mcpServers: servers }, patch: { owners: { miniApps, mcpServers: servers } } };
  }),
);

/** Several changes applied in order, as a change set does, with the union of what they touched. */
export function applyChanges(rows: LoadoutRows, changes: readonly Change[]): { rows: LoadoutRows; patch: LoadoutPatch } {
  let current = rows;
  const toolIds = new Set<string>();
  const agentIds = new Set<string>();
  let rules = false;
  let owners = false;
  const versions = new Map<string, number>();
  for (const change of changes) {
    const { rows: next, patch } = change(current);
    patch.versions?.forEach((version, id) => versions.set(id, version));
    patch.tools?.ids.forEach((id) => toolIds.add(id));
    patch.agents?.ids.forEach((id) => agentIds.add(id));
    rules ||= Boolean(patch.rules);
    owners ||= Boolean(patch.owners);
    current = next;
  }
  return {
    rows: current,
    patch: {
      ...(toolIds.size ? { tools: { ids: [...toolIds], rows: current.tools.filter((t) => toolIds.has(t.id)) } } : {}),
      ...(agentIds.size ? { agents: { ids: [...agentIds], rows: current.agents.filter((a) => agentIds.has(a.id)) } } : {}),
      ...(rules ? { rules: current.rules } : {}),
      ...(owners ? { owners: { miniApps: current.miniApps, mcpServers: current.mcpServers } } : {}),
      ...(versions.size ? { versions } : {}),
    },
  };
}
