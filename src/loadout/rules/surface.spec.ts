import fc from 'fast-check';
import { budgetSurface, referenceSurface, type CandidateTool } from './assemble';
import { compileLoadout } from '../compiled/compile';
import type { AgentFacts } from './facts';
import { SURFACE_FILTERS } from './filters';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { agentFacts, candidateTool } from '../testing/candidate.fixture';
import { oracleSurface } from '../testing/oracle';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';

const candidate = candidateTool;
/** No agent in project p (or, with `id`, an agent of it). */
const noAgent = (over: Partial<AgentFacts> = {}) => agentFacts({ id: null, projectId: 'p', ...over });

it('the surface is filters 2 to 6 (4a included) and 9 of the table, which read nothing of the situation', () => {
  expect(SURFACE_FILTERS.map((f) => f.reason)).toEqual([
    'INACTIVE',
    'OWNER_DISABLED',
    'MCP_FILTERED',
    'INCOMPATIBLE_SCHEMA',
    'REQUIRES_MCP_SERVER',
    'AGENT_SCOPE',
    'EXCLUDED',
  ]);
  expect(SURFACE_FILTERS.flatMap((f) => f.reads.situation)).toEqual([]);
});

describe('the budget surface (docs/semantics.md §7.1)', () => {
  const surfaced = (c: CandidateTool, over: Partial<AgentFacts> = {}) => referenceSurface([c], noAgent(over)).length === 1;
  const mcp = (reportedName: string, enabledTools: string[] = [], disabledTools: string[] = []): CandidateTool['mcp'] => ({
    reportedName,
    enabledTools,
    disabledTools,
  });

  it.each([
    ['an active tool', candidate('t'), {}, true],
    ['an inactive tool', candidate('t', { active: false }), {}, false],
    ['a tool of a disabled owner', candidate('t', { ownerEnabled: false }), {}, false],
    ['an MCP tool outside enabledTools', candidate('mcp__s__t', { mcp: mcp('t', ['u']) }), {}, false],
    ['an MCP tool in disabledTools', candidate('mcp__s__t', { mcp: mcp('t', [], ['t']) }), {}, false],
    ['McpResources without a server in scope', candidate('ListMcpResources', { requiresMcpServer: true }), {}, false],
    ['McpResources with a server in scope', candidate('ListMcpResources', { requiresMcpServer: true }), { mcpServerInScope: true }, true],
    [
      "an agent's own tool, no agent given: a project counts what its agents carry by default",
      candidate('t', { agentId: 'other' }),
      {},
      false,
    ],
    ["another agent's tool, agent given", candidate('t', { agentId: 'other' }), { id: 'mine' }, false],
    ["the agent's own tool", candidate('t', { agentId: 'mine' }), { id: 'mine' }, true],
    ['a project DENY', candidate('t'), { rules: [{ toolName: 't', effect: 'DENY', on: 'PROJECT' }] }, false],
    [
      'a project DENY overridden by an agent ALLOW',
      candidate('t'),
      {
        rules: [
          { toolName: 't', effect: 'DENY', on: 'PROJECT' },
          { toolName: 't', effect: 'ALLOW', on: 'AGENT' },
        ],
      },
      true,
    ],
    ['an agent DENY', candidate('t'), { rules: [{ toolName: 't', effect: 'DENY', on: 'AGENT' }] }, false],
    ['a tool limited to channels and context objects', candidate('t', { channelKeys: ['web'], contextObjectKeys: ['account'] }), {}, true],
  ] as const)('%s', (_name, c, over, expected) => {
    expect(surfaced(c, over as Partial<AgentFacts>)).toBe(expected);
  });

  it('counts a name once: the definition a toolbox would carry (agent, then project, then organisation-wide)', () => {
    const candidates = [
      candidate('y', { id: 'org', source: 'BUILT_IN', sortOrder: -1 }),
      candidate('y', { id: 'project', projectId: 'p', sortOrder: 5, schemaTokens: 30 }),
      candidate('z'),
    ];
    const own = candidate('y', { id: 'own', projectId: 'p', agentId: 'mine', sortOrder: 9 });
    expect(referenceSurface([...candidates, own], noAgent()).map((t) => t.id)).toEqual(['id-z', 'project']);
    expect(referenceSurface([...candidates, own], noAgent({ id: 'mine' })).map((t) => t.id)).toEqual(['id-z', 'own']);
  });

  it('keeps Sort Order and ignores maxTools', () => {
    const tools = Array.from({ length: 120 }, (_, i) => candidate(`t${String(i).padStart(3, '0')}`, { sortOrder: 120 - i }));
    const out = referenceSurface(tools, noAgent({ maxTools: 1 }));
    expect(out).toHaveLength(120);
    expect(out[0].name).toBe('t119');
  });
});

describe('the budget surface over a compiled loadout against the reference', () => {
  const ids = (tools: readonly { id: string }[]) => tools.map((t) => t.id);

  it('surfaces, for every agent and for every project without one, what the reference does', () => {
    fc.assert(
      fc.property(worldArb, (rows) => {
        const loadout = compileLoadout(rows);
        for (const agent of rows.agents) {
          const compiled = budgetSurface(loadout.sorted, loadout.agents.get(agent.id)!, (t) => t);
          expect(ids(compiled)).toEqual(ids(oracleSurface(rows, agent, agent.projectId)));
        }
        for (const projectId of [null, ...new Set(rows.agents.map((a) => a.projectId))]) {
          const compiled = budgetSurface(loadout.sorted, loadout.withoutAgent(projectId), (t) => t);
          expect(ids(compiled)).toEqual(ids(oracleSurface(rows, null, projectId)));
        }
      }),
      propertyOptions(300),
    );
  });

  it("counts a project's mini app tool, not one agent's private override of its name", () => {
    const rows = {
      ...exampleWorld(
        [
          toolRow('app-lookup', 'lookup', { source: 'MINI_APP', miniAppId: 'app', projectId: 'p' }),
          toolRow('own-lookup', 'lookup', { projectId: 'p', agentId: 'a' }),
        ],
        [agentRow('a', { projectId: 'p' }), agentRow('b', { projectId: 'p' })],
      ),
      miniApps: [{ id: 'app', enabled: true }],
    };
    const loadout = compileLoadout(rows);
    expect(ids(budgetSurface(loadout.sorted, loadout.withoutAgent('p'), (t) => t))).toEqual(['app-lookup']);
    expect(ids(budgetSurface(loadout.sorted, loadout.agents.get('a')!, (t) => t))).toEqual(['own-lookup']);
    expect(ids(budgetSurface(loadout.sorted, loadout.agents.get('b')!, (t) => t))).toEqual(['app-lookup']);
  });
});
