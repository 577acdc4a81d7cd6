import fc from 'fast-check';
import { contentHash } from '../../common/content-hash';
import type { LoadoutRows, RuleRow, ToolRow } from '../compiled/rows';
import { statedHints } from '../rules/hints';
import { schemaRefusals } from '../tokens/provider-schema-rules';
import { EXECUTION_CONTEXTS, TOOL_HINTS, TOOLS_MODES, type ExecutionContext, type ToolsMode } from '../vocabulary';

/**
 * Random organisations and random changes to them, for the property specs
 * that hold the compiled loadout, its patches and the incremental
 * invalidation to the simple computations they replace. Small pools of
 * names, keys and sort orders make ties, cuts and one name held in several
 * scopes (agent, project, organisation, built-in: SHADOWED) common.
 */

const ORG = 'org';
export const PROJECTS = ['p1', 'p2'];
export const CHANNELS = ['c0', 'c1', 'c2', 'c3'];
const CONTEXTS = ['k0', 'k1', 'k2'];
const NAMES = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];
/** Names drawn with n0 and n1 favoured, so several scopes often hold one. */
export const nameArb = fc.constantFrom('n0', 'n0', 'n1', ...NAMES);
const MODELS = ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'google/gemini-2.5-pro'];
export const DESCRIPTIONS = ['short', 'a somewhat longer description of what the tool does'];
export const AGENT_IDS = ['a0', 'a1', 'a2', 'a3', 'a4'];

export const subset = <T>(pool: readonly T[]) => fc.subarray([...pool]);

/** What a server's annotations state: each hint true, false or left out (MCP's defaults then apply), often none at all. */
export const statedHintsArb = fc
  .tuple(...TOOL_HINTS.map(() => fc.constantFrom<boolean | undefined>(undefined, undefined, true, false)))
  .map((values) => statedHints(Object.fromEntries(TOOL_HINTS.map((hint, i) => [`${hint}Hint`, values[i]]))));

export const toolArb = (i: number) =>
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
      tier: fc.constantFrom<number | null>(null, 1, 3),
      hostDependent: fc.boolean(),
      hints: statedHintsArb,
      schema: fc.constantFrom<SchemaKind>('plain', 'plain', 'plain', 'arrayWithoutItems', 'topLevelAnyOf', 'danglingRef'),
    })
    .map((t): ToolRow => toolRow(`t${i}`, t));

/** A definition every agent of the organisation can carry everywhere: it enters full toolboxes ahead of their cut. */
export const plainToolArb = fc
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
      tier: null,
      hostDependent: false,
      hints: [],
      schema: 'plain',
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
  /** Read by no rule: varied so a rule that starts reading them shows in the specs. */
  tier: number | null;
  hostDependent: boolean;
  /** Stated by MCP servers only. */
  hints: string[];
  /** Schemas some provider refuses (INCOMPATIBLE_SCHEMA): stored for MCP tools only, as the write path allows. */
  schema: SchemaKind;
}

type SchemaKind = 'plain' | 'arrayWithoutItems' | 'topLevelAnyOf' | 'danglingRef';

/** `params` string properties, then what makes the kind's provider refuse it (OpenAI; OpenAI and Anthropic; Gemini). */
function schemaOf(params: number, kind: SchemaKind): Record<string, unknown> {
  const properties: Record<string, unknown> = Object.fromEntries(Array.from({ length: params }, (_, p) => [`p${p}`, { type: 'string' }]));
  if (kind === 'arrayWithoutItems') properties.list = { type: 'array' };
  if (kind === 'danglingRef') properties.ref = { $ref: '#/$defs/missing' };
  return { type: 'object', properties, ...(kind === 'topLevelAnyOf' ? { anyOf: [{ required: ['p0'] }, {}] } : {}) };
}

type Owner = 'none' | 'builtin' | 'm0' | 'm1' | 's0' | 's1';

function toolRow(id: string, t: ToolFields): ToolRow {
  const mcp = t.owner === 's0' || t.owner === 's1';
  const inputSchema = schemaOf(t.params, mcp ? t.schema : 'plain');
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
    tier: t.tier,
    hostDependent: t.hostDependent,
    requiresMcpServer: t.requiresMcpServer,
    miniAppId: t.owner === 'm0' || t.owner === 'm1' ? t.owner : null,
    mcpServerId: mcp ? t.owner : null,
    mcpToolName: mcp ? t.name : null,
    hints: mcp ? [...t.hints] : [],
    schemaRefusals: schemaRefusals(inputSchema),
    contentHash: contentHash({ name, description: t.description, inputSchema }),
    version: 1,
    channelKeys: [...t.channelKeys].sort(),
    contextObjectKeys: [...t.contextObjectKeys].sort(),
  };
}

export const agentArb = (id: string) =>
  fc
    .record({
      projectId: fc.constantFrom<string | null>(null, ...PROJECTS),
      model: fc.constantFrom(...MODELS),
      maxTools: fc.integer({ min: 1, max: 4 }),
      maxSchemaTokens: fc.constantFrom<number | null>(null, null, 45, 60, 90, 150, 400),
      toolsMode: fc.constantFrom<ToolsMode>(...TOOLS_MODES, 'ALL_PAGES'),
      // Read by no rule: varied so a rule that starts reading one shows in the specs.
      executionContext: fc.constantFrom<ExecutionContext>(...EXECUTION_CONTEXTS),
      budgetWarnThreshold: fc.constantFrom(10, 48),
      budgetHotThreshold: fc.constantFrom(20, 96),
    })
    .map((a) => ({
      id,
      organizationId: ORG,
      name: id,
      ...a,
    }));

export const ruleArb = (i: number) =>
  fc
    .record({
      on: fc.oneof(
        fc.constantFrom(...AGENT_IDS).map((a) => ({ agentId: a, projectId: null })),
        fc.constantFrom(...PROJECTS).map((p) => ({ agentId: null, projectId: p })),
      ),
      toolName: fc.constantFrom(
        ...NAMES,
        'mcp__s0__n1',
        'hint:destructive',
        'hint:openWorld',
        'hint:!readOnly',
        'hint:idempotent',
        'tool:n2',
      ),
      effect: fc.constantFrom<'ALLOW' | 'DENY'>('ALLOW', 'DENY'),
    })
    .map((r): RuleRow => ({ id: `r${i}`, ...r.on, toolName: r.toolName, effect: r.effect }));

/** One target of each rule: the database keeps (agent, name) and (project, name) unique. */
export const uniqueRules = (rules: RuleRow[]) => {
  const seen = new Set<string>();
  return rules.filter((r) => {
    const key = `${r.agentId ?? r.projectId}:${r.toolName}`;
    return !seen.has(key) && seen.add(key) !== undefined;
  });
};

export const serversArb = fc
  .tuple(fc.boolean(), fc.boolean(), subset(NAMES), subset(NAMES))
  .map(([e0, e1, enabledTools, disabledTools]) => [
    { id: 's0', name: 's0', probed: true, reachable: true, projectId: null, enabled: e0, enabledTools, disabledTools: [] as string[] },
    { id: 's1', name: 's1', probed: false, reachable: false, projectId: 'p1', enabled: e1, enabledTools: [] as string[], disabledTools },
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
      versions: fc.array(fc.integer({ min: 1, max: 9 }), { minLength: shape.agentCount, maxLength: shape.agentCount }),
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
      versions: new Map(w.agents.map((a, i) => [a.id, w.versions[i]])),
      rules: uniqueRules(w.rules.filter((r) => !r.agentId || agentIds.has(r.agentId))),
      miniApps: w.miniApps,
      mcpServers: w.mcpServers,
      channels: w.channels,
      contextObjects: w.contextObjects,
    };
  });

/** fast-check options: PROPERTY_RUNS runs more, PROPERTY_SEED replays a reported failure. */
export const propertyOptions = (runs: number) => ({
  numRuns: Number(process.env.PROPERTY_RUNS ?? runs),
  ...(process.env.PROPERTY_SEED ? { seed: Number(process.env.PROPERTY_SEED) } : {}),
});
