import { startTestServer, typed, type Query, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
let toolId: string;
let otherProjectAgent: string;
let projectId: string;

const ok = <T = unknown>(query: string | Query<T>, vars?: Record<string, unknown>) => t.ok<T>(key, query, vars);
const versionOf = async (id: string): Promise<number> =>
  (await ok<{ agent: { loadoutVersion: number } | null }>(`query($id: ID!) { agent(id: $id) { loadoutVersion } }`, { id })).agent!
    .loadoutVersion;
const fingerprint = async (): Promise<string> => (await world.toolbox(key, { agentId })).fingerprint;
const tool = (input: { name: string; projectId?: string; agentId?: string }) => ({
  description: 'd',
  inputSchema: { type: 'object' },
  ...input,
});
const VERSION = typed<{ toolDefinition: { version: number } | null }>(`query($id: ID!) { toolDefinition(id: $id) { version } }`);
const TOOL = typed<{ toolDefinition: { version: number; contentHash: string; tier: number | null } | null }>(
  `query($id: ID!) { toolDefinition(id: $id) { version contentHash tier } }`,
);

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  ({
    adminKey: key,
    agents: [{ id: agentId }],
    tools: [{ id: toolId }],
  } = await world.organization('Test org', { agents: [{ name: 'watched' }], tools: [tool({ name: 'base' })] }));
  [{ id: projectId }] = await world.projects(key, [{ name: 'p' }]);
  [{ id: otherProjectAgent }] = await world.agents(key, [{ name: 'elsewhere', projectId }]);
});
afterAll(() => t.stop());

/** Runs one change and reports by how much the watched agent's loadoutVersion moved. */
async function bumpOf(change: () => Promise<unknown>): Promise<number> {
  const before = await versionOf(agentId);
  await change();
  return (await versionOf(agentId)) - before;
}

describe('loadoutVersion moves by one with each change that can alter the toolbox', () => {
  let miniAppId: string;
  let serverId: string;
  let ruleId: string;
  let scratchTool: string;

  it.each<[string, () => Promise<unknown>]>([
    [
      'createToolDefinition',
      async () => {
        [{ id: scratchTool }] = await world.tools(key, [tool({ name: 'scratch' })]);
      },
    ],
    [
      'updateToolDefinition description',
      () => ok(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new" }) { id } }`, { id: scratchTool }),
    ],
    [
      'updateToolDefinition sortOrder',
      () => ok(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { sortOrder: 5 }) { id } }`, { id: scratchTool }),
    ],
    [
      'updateToolDefinition active',
      () => ok(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { active: false }) { id } }`, { id: scratchTool }),
    ],
    ['deleteToolDefinition', () => ok(`mutation($id: ID!) { deleteToolDefinition(id: $id) }`, { id: scratchTool })],
    [
      'setToolRule',
      async () => {
        [{ id: ruleId }] = await world.rules(key, [{ agentId, toolName: 'base', effect: 'DENY' }]);
      },
    ],
    ['setToolRule changing the effect', () => world.rules(key, [{ agentId, toolName: 'base', effect: 'ALLOW' }])],
    ['removeToolRule', () => ok(`mutation($id: ID!) { removeToolRule(id: $id) }`, { id: ruleId })],
    ['updateAgent maxTools', () => ok(`mutation($id: ID!) { updateAgent(id: $id, input: { maxTools: 10 }) { id } }`, { id: agentId })],
    [
      'updateAgent toolsMode',
      () => ok(`mutation($id: ID!) { updateAgent(id: $id, input: { toolsMode: RECORD_PAGES_ONLY }) { id } }`, { id: agentId }),
    ],
    [
      'updateAgent model',
      () => ok(`mutation($id: ID!) { updateAgent(id: $id, input: { model: "anthropic/claude-sonnet-4-5" }) { id } }`, { id: agentId }),
    ],
    [
      'setMiniAppEnabled false',
      async () => {
        [{ id: miniAppId }] = await world.miniApps(key, [{ name: 'app' }]);
        return ok(`mutation($id: ID!) { setMiniAppEnabled(id: $id, enabled: false) { id } }`, { id: miniAppId });
      },
    ],
    ['setMiniAppEnabled true', () => ok(`mutation($id: ID!) { setMiniAppEnabled(id: $id, enabled: true) { id } }`, { id: miniAppId })],
    [
      'registerMcpServer',
      async () => {
        [{ id: serverId }] = await world.mcpServers(key, [{ name: 'srv' }]);
      },
    ],
    [
      'updateMcpServer',
      () => ok(`mutation($id: ID!) { updateMcpServer(id: $id, input: { disabledTools: ["x"] }) { id } }`, { id: serverId }),
    ],
    [
      'reportMcpInventory',
      () =>
        ok(
          `mutation($id: ID!) { reportMcpInventory(serverId: $id, tools: [{ name: "x", description: "d", inputSchema: { type: "object" } }], advertisesResources: false) { id } }`,
          { id: serverId },
        ),
    ],
  ])('%s', async (_name, change) => {
    expect(await bumpOf(change)).toBe(1);
  });
});

describe('loadoutVersion stays put when nothing the toolbox depends on changed', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['updateAgent name', () => ok(`mutation($id: ID!) { updateAgent(id: $id, input: { name: "renamed" }) { id } }`, { id: agentId })],
    [
      'updateAgent thresholds',
      () =>
        ok(`mutation($id: ID!) { updateAgent(id: $id, input: { budgetWarnThreshold: 10, budgetHotThreshold: 20 }) { id } }`, {
          id: agentId,
        }),
    ],
    [
      'updateAgent maxTools to its current value',
      async () => {
        const current = (
          await ok<{ agent: { maxTools: number } | null }>(`query($id: ID!) { agent(id: $id) { maxTools } }`, { id: agentId })
        ).agent!.maxTools;
        return ok(`mutation($id: ID!, $m: Int!) { updateAgent(id: $id, input: { maxTools: $m }) { id } }`, { id: agentId, m: current });
      },
    ],
    ['a tool of another project', () => world.tools(key, [tool({ name: 'theirs', projectId })])],
    ['a tool for another agent', () => world.tools(key, [tool({ name: 'for_other', agentId: otherProjectAgent })])],
    ['a rule on another project', () => world.rules(key, [{ projectId, toolName: 'base', effect: 'DENY' }])],
    [
      'a channel or context object',
      async () => {
        await world.channels(key, [{ key: 'api', name: 'API' }]);
        await world.contextObjects(key, [{ key: 'Case', name: 'Case' }]);
      },
    ],
  ])('%s', async (_name, change) => {
    expect(await bumpOf(change)).toBe(0);
  });

  it("moves the other project's agent for its project's tool", async () => {
    const before = await versionOf(otherProjectAgent);
    await world.tools(key, [tool({ name: 'theirs_too', projectId })]);
    expect(await versionOf(otherProjectAgent)).toBe(before + 1);
  });
});

describe('tool version', () => {
  it('counts a change of channels or context objects, not a re-send of the same ones', async () => {
    const version = async () => (await ok(VERSION, { id: toolId })).toolDefinition!.version;
    const start = await version();
    const channels = (await ok<{ channels: Array<{ key: string }> }>(`{ channels { key } }`)).channels.map((c) => c.key);
    await ok(`mutation($id: ID!, $c: [String!]) { updateToolDefinition(id: $id, input: { channels: $c }) { id } }`, {
      id: toolId,
      c: channels,
    });
    expect(await version()).toBe(start + 1);
    await ok(`mutation($id: ID!, $c: [String!]) { updateToolDefinition(id: $id, input: { channels: $c }) { id } }`, {
      id: toolId,
      c: [...channels].reverse(),
    });
    expect(await version()).toBe(start + 1);
    await ok(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { channels: [] }) { id } }`, { id: toolId });
    expect(await version()).toBe(start + 2);
  });
});

describe('tier is inert', () => {
  it('updating only tier leaves the fingerprint, loadoutVersion, tool version and content hash unchanged, and is stored', async () => {
    await ok(`mutation($id: ID!) { updateAgent(id: $id, input: { toolsMode: ALL_PAGES }) { id } }`, { id: agentId });
    const toolBefore = (await ok(TOOL, { id: toolId })).toolDefinition;
    const fingerprintBefore = await fingerprint();
    for (const tier of [3, 1]) {
      expect(
        await bumpOf(() =>
          ok(`mutation($id: ID!, $tier: Int!) { updateToolDefinition(id: $id, input: { tier: $tier }) { id } }`, { id: toolId, tier }),
        ),
      ).toBe(0);
    }
    const toolAfter = (await ok(TOOL, { id: toolId })).toolDefinition;
    expect(toolAfter).toEqual({ ...toolBefore, tier: 1 });
    expect(await fingerprint()).toBe(fingerprintBefore);
  });

  it('a tier given with a real change does not count twice', async () => {
    const before = (await ok(VERSION, { id: toolId })).toolDefinition!.version;
    expect(
      await bumpOf(() =>
        ok(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { tier: 2, description: "changed" }) { id } }`, { id: toolId }),
      ),
    ).toBe(1);
    expect(
      (await ok<{ toolDefinition: unknown }>(`query($id: ID!) { toolDefinition(id: $id) { version tier } }`, { id: toolId }))
        .toolDefinition,
    ).toEqual({
      version: before + 1,
      tier: 2,
    });
  });

  it('tier: null clears the tier, as quietly as any tier edit, alone or in a change set', async () => {
    const events = async () =>
      (
        await ok<{ toolboxInvalidations: { totalCount: number } }>(`query($a: ID!) { toolboxInvalidations(agentId: $a) { totalCount } }`, {
          a: agentId,
        })
      ).toolboxInvalidations.totalCount;
    const setTier = (tier: number | null) =>
      ok(`mutation($id: ID!, $tier: Int) { updateToolDefinition(id: $id, input: { tier: $tier }) { id } }`, { id: toolId, tier });
    await setTier(5);
    const toolBefore = (await ok(TOOL, { id: toolId })).toolDefinition;
    const [fingerprintBefore, eventsBefore] = [await fingerprint(), await events()];
    expect(await bumpOf(() => setTier(null))).toBe(0);
    expect((await ok(TOOL, { id: toolId })).toolDefinition).toEqual({ ...toolBefore, tier: null });
    await setTier(6);
    expect(
      await bumpOf(() =>
        ok(`mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { liveConversations } }`, {
          c: [{ updateTool: { id: toolId, patch: { tier: null } } }],
        }),
      ),
    ).toBe(0);
    expect((await ok(TOOL, { id: toolId })).toolDefinition).toEqual({ ...toolBefore, tier: null });
    expect([await fingerprint(), await events()]).toEqual([fingerprintBefore, eventsBefore]);
  });

  it('a tier set at creation changes nothing the model sees', async () => {
    const plain = (
      await ok<{ createToolDefinition: unknown }>(
        `mutation { createToolDefinition(input: { name: "tiered", description: "d", inputSchema: { type: "object" }, tier: 4 }) { contentHash version } }`,
      )
    ).createToolDefinition;
    const twin = (
      await ok<{ createToolDefinition: unknown }>(
        `mutation { createToolDefinition(input: { name: "tiered", description: "d", inputSchema: { type: "object" }, source: BUILT_IN }) { contentHash version } }`,
      )
    ).createToolDefinition;
    expect(twin).toEqual(plain);
  });
});

it('moves the version of an agent written around the API (by SQL) as well, and records its invalidation', async () => {
  const org = await world.organization('written around the API', { tools: [tool({ name: 'shared' })], agents: [{ name: 'known' }] });
  const as = <T = unknown>(query: string, vars?: Record<string, unknown>) => t.ok<T>(org.adminKey, query, vars);
  const [{ id: sharedTool }] = org.tools;
  const [{ id: known }] = org.agents;
  // Read once, so the organisation's loadout is cached without the agent below.
  await world.toolbox(org.adminKey, { agentId: known });
  const [{ id: written }]: Array<{ id: string }> = await t.server.services.db.dataSource.query(
    `INSERT INTO agents (organization_id, name, model) VALUES ($1, 'written by SQL', 'openai/gpt-4o') RETURNING id`,
    [org.id],
  );

  await as(`mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new words" }) { id } }`, { id: sharedTool });
  const state = await as<{ agent: { loadoutVersion: number }; toolboxInvalidations: { totalCount: number } }>(
    `query($id: ID!) { agent(id: $id) { loadoutVersion } toolboxInvalidations(agentId: $id) { totalCount } }`,
    { id: written },
  );
  expect(state).toEqual({ agent: { loadoutVersion: 2 }, toolboxInvalidations: { totalCount: 1 } });
  expect(await as(`query($id: ID!) { agent(id: $id) { loadoutVersion } }`, { id: known })).toEqual({ agent: { loadoutVersion: 2 } });
});
