import {
  AgentLoadoutDocument,
  ApplyChangeSetDocument,
  ChannelKeysDocument,
  CreateToolDefinitionDocument,
  DeleteToolDefinitionDocument,
  RemoveToolRuleDocument,
  ReportMcpInventoryDocument,
  SetMiniAppEnabledDocument,
  ToolboxInvalidationsDocument,
  ToolDefinitionDocument,
  UpdateAgentDocument,
  UpdateMcpServerDocument,
  UpdateToolDefinitionDocument,
  type UpdateAgentInput,
  type UpdateToolDefinitionInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
let toolId: string;
let otherProjectAgent: string;
let projectId: string;

const versionOf = async (id: string, as = key): Promise<number> => (await t.ok(as, AgentLoadoutDocument, { id })).agent!.loadoutVersion;
const updateAgent = (id: string, input: UpdateAgentInput) => t.ok(key, UpdateAgentDocument, { id, input });
const updateTool = (id: string, input: UpdateToolDefinitionInput, as = key) => t.ok(as, UpdateToolDefinitionDocument, { id, input });
const toolOf = async (id: string) => (await t.ok(key, ToolDefinitionDocument, { id })).toolDefinition!;
const invalidationCount = async (agentId: string, as = key) =>
  (await t.ok(as, ToolboxInvalidationsDocument, { agentId, first: 1 })).toolboxInvalidations.totalCount;
const fingerprint = async (): Promise<string> => (await world.toolbox(key, { agentId })).fingerprint;
const tool = (input: { name: string; projectId?: string; agentId?: string }) => ({
  description: 'd',
  inputSchema: { type: 'object' },
  ...input,
});
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
    ['updateToolDefinition description', () => updateTool(scratchTool, { description: 'new' })],
    ['updateToolDefinition sortOrder', () => updateTool(scratchTool, { sortOrder: 5 })],
    ['updateToolDefinition active', () => updateTool(scratchTool, { active: false })],
    ['deleteToolDefinition', () => t.ok(key, DeleteToolDefinitionDocument, { id: scratchTool })],
    [
      'setToolRule',
      async () => {
        [{ id: ruleId }] = await world.rules(key, [{ agentId, toolName: 'base', effect: 'DENY' }]);
      },
    ],
    ['setToolRule changing the effect', () => world.rules(key, [{ agentId, toolName: 'base', effect: 'ALLOW' }])],
    ['removeToolRule', () => t.ok(key, RemoveToolRuleDocument, { id: ruleId })],
    ['updateAgent maxTools', () => updateAgent(agentId, { maxTools: 10 })],
    ['updateAgent toolsMode', () => updateAgent(agentId, { toolsMode: 'RECORD_PAGES_ONLY' })],
    ['updateAgent model', () => updateAgent(agentId, { model: 'anthropic/claude-sonnet-4-5' })],
    [
      'setMiniAppEnabled false',
      async () => {
        [{ id: miniAppId }] = await world.miniApps(key, [{ name: 'app' }]);
        return t.ok(key, SetMiniAppEnabledDocument, { id: miniAppId, enabled: false });
      },
    ],
    ['setMiniAppEnabled true', () => t.ok(key, SetMiniAppEnabledDocument, { id: miniAppId, enabled: true })],
    [
      'registerMcpServer',
      async () => {
        [{ id: serverId }] = await world.mcpServers(key, [{ name: 'srv' }]);
      },
    ],
    ['updateMcpServer', () => t.ok(key, UpdateMcpServerDocument, { id: serverId, input: { disabledTools: ['x'] } })],
    [
      'reportMcpInventory',
      () =>
        t.ok(key, ReportMcpInventoryDocument, {
          serverId,
          tools: [{ name: 'x', description: 'd', inputSchema: { type: 'object' } }],
          advertisesResources: false,
        }),
    ],
  ])('%s', async (_name, change) => {
    expect(await bumpOf(change)).toBe(1);
  });
});

describe('loadoutVersion stays put when nothing the toolbox depends on changed', () => {
  it.each<[string, () => Promise<unknown>]>([
    ['updateAgent name', () => updateAgent(agentId, { name: 'renamed' })],
    ['updateAgent thresholds', () => updateAgent(agentId, { budgetWarnThreshold: 10, budgetHotThreshold: 20 })],
    [
      'updateAgent maxTools to its current value',
      async () => {
        const current = (await t.ok(key, AgentLoadoutDocument, { id: agentId })).agent!.maxTools;
        return updateAgent(agentId, { maxTools: current });
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
    const version = async () => (await toolOf(toolId)).version;
    const start = await version();
    const channels = (await t.ok(key, ChannelKeysDocument)).channels.map((c) => c.key);
    await updateTool(toolId, { channels });
    expect(await version()).toBe(start + 1);
    await updateTool(toolId, { channels: [...channels].reverse() });
    expect(await version()).toBe(start + 1);
    await updateTool(toolId, { channels: [] });
    expect(await version()).toBe(start + 2);
  });
});

describe('tier is inert', () => {
  it('updating only tier leaves the fingerprint, loadoutVersion, tool version and content hash unchanged, and is stored', async () => {
    await updateAgent(agentId, { toolsMode: 'ALL_PAGES' });
    const toolBefore = await toolOf(toolId);
    const fingerprintBefore = await fingerprint();
    for (const tier of [3, 1]) {
      expect(await bumpOf(() => updateTool(toolId, { tier }))).toBe(0);
    }
    const toolAfter = await toolOf(toolId);
    expect(toolAfter).toEqual({ ...toolBefore, tier: 1 });
    expect(await fingerprint()).toBe(fingerprintBefore);
  });

  it('a tier given with a real change does not count twice', async () => {
    const before = (await toolOf(toolId)).version;
    expect(await bumpOf(() => updateTool(toolId, { tier: 2, description: 'changed' }))).toBe(1);
    const { version, tier } = await toolOf(toolId);
    expect({ version, tier }).toEqual({
      version: before + 1,
      tier: 2,
    });
  });

  it('tier: null clears the tier, as quietly as any tier edit, alone or in a change set', async () => {
    const events = () => invalidationCount(agentId);
    const setTier = (tier: number | null) => updateTool(toolId, { tier });
    await setTier(5);
    const toolBefore = await toolOf(toolId);
    const [fingerprintBefore, eventsBefore] = [await fingerprint(), await events()];
    expect(await bumpOf(() => setTier(null))).toBe(0);
    expect(await toolOf(toolId)).toEqual({ ...toolBefore, tier: null });
    await setTier(6);
    expect(
      await bumpOf(() => t.ok(key, ApplyChangeSetDocument, { changes: [{ updateTool: { id: toolId, patch: { tier: null } } }] })),
    ).toBe(0);
    expect(await toolOf(toolId)).toEqual({ ...toolBefore, tier: null });
    expect([await fingerprint(), await events()]).toEqual([fingerprintBefore, eventsBefore]);
  });

  it('a tier set at creation changes nothing the model sees', async () => {
    const created = async (input: { tier?: number; source?: 'BUILT_IN' }) => {
      const { contentHash, version } = (
        await t.ok(key, CreateToolDefinitionDocument, {
          input: { name: 'tiered', description: 'd', inputSchema: { type: 'object' }, ...input },
        })
      ).createToolDefinition;
      return { contentHash, version };
    };
    const plain = await created({ tier: 4 });
    const twin = await created({ source: 'BUILT_IN' });
    expect(twin).toEqual(plain);
  });
});

it('moves the version of an agent written around the API (by SQL) as well, and records its invalidation', async () => {
  const org = await world.organization('written around the API', { tools: [tool({ name: 'shared' })], agents: [{ name: 'known' }] });
  const [{ id: sharedTool }] = org.tools;
  const [{ id: known }] = org.agents;
  // Read once, so the organisation's loadout is cached without the agent below.
  await world.toolbox(org.adminKey, { agentId: known });
  const [{ id: written }]: Array<{ id: string }> = await t.server.services.db.dataSource.query(
    `INSERT INTO agents (organization_id, name, model) VALUES ($1, 'written by SQL', 'openai/gpt-4o') RETURNING id`,
    [org.id],
  );

  await updateTool(sharedTool, { description: 'new words' }, org.adminKey);
  const state = { loadoutVersion: await versionOf(written, org.adminKey), invalidations: await invalidationCount(written, org.adminKey) };
  expect(state).toEqual({ loadoutVersion: 2, invalidations: 1 });
  expect(await versionOf(known, org.adminKey)).toBe(2);
});
