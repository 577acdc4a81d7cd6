import fc from 'fast-check';
import type { LoadoutPatch, LoadoutRows, RuleRow, ToolRow } from './compiled-loadout';
import { contentHash } from './canonical-json';

/**
 * Random organisations and random changes to them, for the property specs
 * that hold the compiled loadout, its patches and the incremental
 * invalidation to the simple computations they replace. Small pools of
 * names, keys and sort orders make ties, cuts and one name held in several
 * scopes (agent, project, organisation, built-in: SHADOWED) common.
 */

const ORG = 'org';
const PROJECTS = ['p1', 'p2'];
const CHANNELS = ['c0', 'c1', 'c2', 'c3'];
const CONTEXTS = ['k0', 'k1', 'k2'];
const NAMES = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];
/** Names drawn with n0 and n1 favoured, so several scopes often hold one. */
const nameArb = fc.constantFrom('n0', 'n0', 'n1', ...NAMES);
const MODELS = ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5'];
const DESCRIPTIONS = ['short', 'a somewhat longer description of what the tool does'];
const AGENT_IDS = ['a0', 'a1', 'a2', 'a3', 'a4'];
const EPOCH = new Date('2026-01-01T00:00:00Z');

const subset = <T>(pool: readonly T[]) => fc.subarray([...pool]);

const toolArb = (i: number) =>
  fc
    .record({
      name: nameArb,
      description: fc.constantFrom(...DESCRIPTIONS),
      params: fc.integer({ min: 0, max: 3 }),
      active: fc.constantFrom(true, true, true, false),
      sortOrder: fc.integer({ min: 0, max: 3 }),
      projectId: fc.constantFrom<string | null>(null, null, ...PROJECTS),
      agentId: fc.constantFrom<string | null>(null, null, null, ...AGENT_IDS),
      channelKeys: fc.oneof(fc.constant<string[]>([]), subset(CHANNELS)),
      contextObjectKeys: fc.oneof(fc.constant<string[]>([]), fc.constant<string[]>([]), subset(CONTEXTS)),
      requiresMcpServer: fc.boolean(),
      owner: fc.constantFrom<Owner>('none', 'none', 'builtin', 'm0', 'm1', 's0', 's1'),
    })
    .map((t): ToolRow => toolRow(`t${i}`, t));

/** A definition every agent of the organisation can carry everywhere: it enters full toolboxes ahead of their cut. */
const plainToolArb = fc
  .record({ name: nameArb, sortOrder: fc.integer({ min: -1, max: 3 }), params: fc.integer({ min: 0, max: 3 }) })
  .map((t) =>
    toolRow('plain', {
      ...t,
      description: 'plain',
      active: true,
      projectId: null,
      agentId: null,
      channelKeys: [],
      contextObjectKeys: [],
      requiresMcpServer: false,
      owner: 'none',
    }),
  );

interface ToolFields {
  name: string;
  description: string;
  params: number;
  active: boolean;
  sortOrder: number;
  projectId: string | null;
  agentId: string | null;
  channelKeys: string[];
  contextObjectKeys: string[];
  requiresMcpServer: boolean;
  owner: Owner;
}

type Owner = 'none' | 'builtin' | 'm0' | 'm1' | 's0' | 's1';

function toolRow(id: string, t: ToolFields): ToolRow {
  const inputSchema = {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: t.params }, (_, p) => [`p${p}`, { type: 'string' }])),
  };
  const mcp = t.owner === 's0' || t.owner === 's1';
  const name = mcp ? `mcp__${t.owner}__${t.name}` : t.name;
  return {
    id,
    organizationId: ORG,
    projectId: t.owner === 's1' ? 'p1' : t.projectId,
    // Built-in tools may not name an agent.
    agentId: mcp || t.owner === 'builtin' ? null : t.agentId,
    source: mcp ? 'MCP' : t.owner === 'none' ? 'CUSTOM' : t.owner === 'builtin' ? 'BUILT_IN' : 'MINI_APP',
    name,
    description: t.description,
    inputSchema,
    active: t.active,
    sortOrder: t.sortOrder,
    tier: null,
    hostDependent: false,
    requiresMcpServer: t.requiresMcpServer,
    miniAppId: t.owner === 'm0' || t.owner === 'm1' ? t.owner : null,
    mcpServerId: mcp ? t.owner : null,
    mcpToolName: mcp ? t.name : null,
    contentHash: contentHash({ name, description: t.description, inputSchema }),
    version: 1,
    createdAt: EPOCH,
    updatedAt: EPOCH,
    channelKeys: [...t.channelKeys].sort(),
    contextObjectKeys: [...t.contextObjectKeys].sort(),
  };
}

const agentArb = (id: string) =>
  fc
    .record({
      projectId: fc.constantFrom<string | null>(null, ...PROJECTS),
      model: fc.constantFrom(...MODELS),
      maxTools: fc.integer({ min: 1, max: 4 }),
      maxSchemaTokens: fc.constantFrom<number | null>(null, null, 45, 60, 90, 150, 400),
      toolsMode: fc.constantFrom<'ALL_PAGES' | 'RECORD_PAGES_ONLY'>('ALL_PAGES', 'ALL_PAGES', 'RECORD_PAGES_ONLY'),
    })
    .map((a) => ({
      id,
      organizationId: ORG,
      name: id,
      executionContext: 'RUNNING_USER' as const,
      budgetWarnThreshold: 48,
      budgetHotThreshold: 96,
      loadoutVersion: 1,
      createdAt: EPOCH,
      updatedAt: EPOCH,
      ...a,
    }));

const ruleArb = (i: number) =>
  fc
    .record({
      on: fc.oneof(
        fc.constantFrom(...AGENT_IDS).map((a) => ({ agentId: a, projectId: null })),
        fc.constantFrom(...PROJECTS).map((p) => ({ agentId: null, projectId: p })),
      ),
      toolName: fc.constantFrom(...NAMES, 'mcp__s0__n1'),
      effect: fc.constantFrom<'ALLOW' | 'DENY'>('ALLOW', 'DENY'),
    })
    .map((r): RuleRow => ({ id: `r${i}`, ...r.on, toolName: r.toolName, effect: r.effect }));

/** One target of each rule: the database keeps (agent, name) and (project, name) unique. */
const uniqueRules = (rules: RuleRow[]) => {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = `${r.agentId ?? r.projectId}:${r.toolName}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
};

const serversArb = fc.tuple(fc.boolean(), fc.boolean(), subset(NAMES), subset(NAMES)).map(([e0, e1, enabledTools, disabledTools]) => [
  { id: 's0', name: 's0', probed: true, projectId: null, enabled: e0, enabledTools, disabledTools: [] as string[] },
  { id: 's1', name: 's1', probed: false, projectId: 'p1', enabled: e1, enabledTools: [] as string[], disabledTools },
]);

export const worldArb: fc.Arbitrary<LoadoutRows> = fc
  .record({
    toolCount: fc.integer({ min: 0, max: 16 }),
    agentCount: fc.integer({ min: 1, max: AGENT_IDS.length }),
    ruleCount: fc.integer({ min: 0, max: 5 }),
    channels: fc.subarray(CHANNELS, { minLength: 1 }),
    contexts: subset(CONTEXTS),
  })
  .chain((shape) =>
    fc.record({
      tools: fc.tuple(
        ...Array.from({ length: shape.toolCount }, (_, i) =>
          fc.oneof(
            toolArb(i),
            plainToolArb.map((t) => ({ ...t, id: `t${i}` })),
          ),
        ),
      ),
      agents: fc.tuple(...AGENT_IDS.slice(0, shape.agentCount).map(agentArb)),
      rules: fc.tuple(...Array.from({ length: shape.ruleCount }, (_, i) => ruleArb(i))),
      miniApps: fc.tuple(fc.boolean(), fc.boolean()).map(([a, b]) => [
        { id: 'm0', enabled: a },
        { id: 'm1', enabled: b },
      ]),
      mcpServers: serversArb,
      channels: fc.constant(shape.channels.map((key, i) => ({ id: `ch${i}`, organizationId: ORG, key, name: key }))),
      contextObjects: fc.constant(shape.contexts.map((key, i) => ({ id: `co${i}`, organizationId: ORG, key, name: key }))),
    }),
  )
  .map((w) => {
    const agentIds = new Set(w.agents.map((a) => a.id));
    return {
      organizationId: ORG,
      defaultModel: MODELS[0],
      // A definition names an agent of the organisation, as the database requires.
      tools: w.tools.map((t) => (t.agentId && !agentIds.has(t.agentId) ? { ...t, agentId: null } : t)),
      agents: w.agents,
      rules: uniqueRules(w.rules.filter((r) => !r.agentId || agentIds.has(r.agentId))),
      miniApps: w.miniApps,
      mcpServers: w.mcpServers,
      channels: w.channels,
      contextObjects: w.contextObjects,
    };
  });

/** A change of any kind the API can make, applied to the rows, with the patch a change tracker would read back. */
export type Change = (rows: LoadoutRows) => { rows: LoadoutRows; patch: LoadoutPatch };

const replaceTool = (rows: LoadoutRows, id: string, next: ToolRow | null): { rows: LoadoutRows; patch: LoadoutPatch } => {
  const tools = rows.tools.flatMap((t) => (t.id !== id ? [t] : next ? [next] : []));
  return { rows: { ...rows, tools }, patch: { tools: { ids: [id], rows: next ? [next] : [] } } };
};

export const changeArb: fc.Arbitrary<Change> = fc.oneof(
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
    const next = { ...settings, id: old.id, name: old.name, loadoutVersion: old.loadoutVersion + 1 };
    const agents = rows.agents.map((a) => (a.id === old.id ? next : a));
    return { rows: { ...rows, agents }, patch: { agents: { ids: [old.id], rows: [next] } } };
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
  for (const change of changes) {
    const { rows: next, patch } = change(current);
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
    },
  };
}

/** fast-check options: PROPERTY_RUNS runs more, PROPERTY_SEED replays a reported failure. */
export const propertyOptions = (runs: number) => ({
  numRuns: Number(process.env.PROPERTY_RUNS ?? runs),
  ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
});
