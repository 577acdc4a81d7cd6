import {
  AgentLoadoutDocument,
  AgentsAndChannelsDocument,
  CallerIdentityDocument,
  StoredCatalogueDocument,
  ToolDefinitionDocument,
} from './support/generated/graphql';
import { codeOf, startTestServer, type GraphQLResult, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestServer;
let a: string;
let b: string;
/** Objects of organisation B, named so a leak in any message is easy to spot. */
const theirs = {} as Record<'project' | 'agent' | 'tool' | 'miniApp' | 'mcpServer' | 'agentRule' | 'projectRule' | 'principal', string>;
const SECRET = 'SecretOfB';

beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  a = (await world.organization('Org A')).adminKey;
  b = (
    await world.organization(`${SECRET} org`, {
      channels: [
        { key: 'web', name: 'Web' },
        { key: `${SECRET}_ch`, name: 'x' },
      ],
      contextObjects: [{ key: `${SECRET}_obj`, name: 'x' }],
    })
  ).adminKey;
  [{ id: theirs.project }] = await world.projects(b, [{ name: `${SECRET}_project` }]);
  [{ id: theirs.agent }] = await world.agents(b, [{ name: `${SECRET}_agent`, projectId: theirs.project }]);
  [{ id: theirs.tool }] = await world.tools(b, [{ name: `${SECRET}_tool`, description: SECRET, inputSchema: { type: 'object' } }]);
  [{ id: theirs.miniApp }] = await world.miniApps(b, [{ name: `${SECRET}_app` }]);
  [{ id: theirs.mcpServer }] = await world.mcpServers(b, [{ name: `${SECRET}_srv` }]);
  [{ id: theirs.agentRule }, { id: theirs.projectRule }] = await world.rules(b, [
    { agentId: theirs.agent, toolName: `${SECRET}_tool`, effect: 'DENY' },
    { projectId: theirs.project, toolName: `${SECRET}_tool`, effect: 'DENY' },
  ]);
  [
    {
      principal: { id: theirs.principal },
    },
  ] = await world.keys(b, [{ name: `${SECRET}_key`, role: 'VIEWER' }]);
});
afterAll(() => t.stop());

function expectNoLeak(result: GraphQLResult) {
  const text = JSON.stringify(result);
  expect(text).not.toContain(SECRET);
  for (const id of Object.values(theirs)) expect(text).not.toContain(id);
}

describe("queries for another organisation's object answer null", () => {
  it.each([
    ['agent', `query($id: ID!) { agent(id: $id) { id name } }`, 'agent'],
    ['project', `query($id: ID!) { project(id: $id) { id name } }`, 'project'],
    ['toolDefinition', `query($id: ID!) { toolDefinition(id: $id) { id name } }`, 'tool'],
  ] as const)('%s', async (field, query, which) => {
    const foreign = await t.gql(a, query, { id: theirs[which] });
    expect(foreign).toEqual({ data: { [field]: null } });
    expect(await t.gql(a, query, { id: MISSING_ID })).toEqual({ data: { [field]: null } });
    expect(await t.gql(a, query, { id: 'not-a-uuid' })).toEqual({ data: { [field]: null } });
  });

  it("lists filtered by another organisation's project are empty, and lists never show its objects", async () => {
    const filtered = await t.ok(
      a,
      `query($p: ID!) { agents(projectId: $p) { id } toolDefinitions(projectId: $p) { id } miniApps(projectId: $p) { id } mcpServers(projectId: $p) { id } }`,
      {
        p: theirs.project,
      },
    );
    expect(filtered).toEqual({ agents: [], toolDefinitions: [], miniApps: [], mcpServers: [] });
    const all = await t.gql(
      a,
      `{ agents { id } toolDefinitions { id } miniApps { id } mcpServers { id } projects { id } channels { key } contextObjects { key } organization { name } }`,
    );
    expect(all.errors).toBeUndefined();
    expectNoLeak(all);
  });

  it("the toolbox of another organisation's agent is NOT_FOUND, exactly like a missing agent", async () => {
    const query = `query($id: ID!) { toolbox(agentId: $id, channel: "web") { fingerprint } }`;
    const foreign = await t.gql(a, query, { id: theirs.agent });
    const missing = await t.gql(a, query, { id: MISSING_ID });
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(foreign.errors?.[0].message).toBe(missing.errors?.[0].message);
    expectNoLeak(foreign);
  });
});

describe("mutations naming another organisation's object fail with NOT_FOUND and change nothing", () => {
  const cases: Array<[string, string, () => Record<string, unknown>]> = [
    [
      'updateAgent',
      `mutation($id: ID!) { updateAgent(id: $id, input: { name: "hijacked", maxTools: 3 }) { id } }`,
      () => ({ id: theirs.agent }),
    ],
    ['deleteAgent', `mutation($id: ID!) { deleteAgent(id: $id) }`, () => ({ id: theirs.agent })],
    [
      'updateToolDefinition',
      `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "hijacked" }) { id } }`,
      () => ({ id: theirs.tool }),
    ],
    ['deleteToolDefinition', `mutation($id: ID!) { deleteToolDefinition(id: $id) }`, () => ({ id: theirs.tool })],
    [
      'setToolRule on their agent',
      `mutation($id: ID!) { setToolRule(input: { agentId: $id, toolName: "x", effect: DENY }) { id } }`,
      () => ({ id: theirs.agent }),
    ],
    [
      'setToolRule on their project',
      `mutation($id: ID!) { setToolRule(input: { projectId: $id, toolName: "x", effect: DENY }) { id } }`,
      () => ({ id: theirs.project }),
    ],
    ['removeToolRule of their agent', `mutation($id: ID!) { removeToolRule(id: $id) }`, () => ({ id: theirs.agentRule })],
    ['removeToolRule of their project', `mutation($id: ID!) { removeToolRule(id: $id) }`, () => ({ id: theirs.projectRule })],
    ['setMiniAppEnabled', `mutation($id: ID!) { setMiniAppEnabled(id: $id, enabled: false) { id } }`, () => ({ id: theirs.miniApp })],
    [
      'updateMcpServer',
      `mutation($id: ID!) { updateMcpServer(id: $id, input: { enabled: false }) { id } }`,
      () => ({ id: theirs.mcpServer }),
    ],
    [
      'reportMcpInventory',
      `mutation($id: ID!) { reportMcpInventory(serverId: $id, tools: [{ name: "x", description: "d", inputSchema: { type: "object" } }], advertisesResources: true) { id } }`,
      () => ({ id: theirs.mcpServer }),
    ],
    ['revokeApiKey', `mutation($id: ID!) { revokeApiKey(principalId: $id) }`, () => ({ id: theirs.principal })],
    [
      'createAgent in their project',
      `mutation($id: ID!) { createAgent(input: { name: "x", projectId: $id }) { id } }`,
      () => ({ id: theirs.project }),
    ],
    [
      'createToolDefinition in their project',
      `mutation($id: ID!) { createToolDefinition(input: { name: "x1", description: "d", inputSchema: { type: "object" }, projectId: $id }) { id } }`,
      () => ({ id: theirs.project }),
    ],
    [
      'createToolDefinition for their agent',
      `mutation($id: ID!) { createToolDefinition(input: { name: "x2", description: "d", inputSchema: { type: "object" }, agentId: $id }) { id } }`,
      () => ({ id: theirs.agent }),
    ],
    [
      'createToolDefinition in their mini app',
      `mutation($id: ID!) { createToolDefinition(input: { name: "x3", description: "d", inputSchema: { type: "object" }, miniAppId: $id }) { id } }`,
      () => ({ id: theirs.miniApp }),
    ],
    [
      'createMiniApp in their project',
      `mutation($id: ID!) { createMiniApp(input: { name: "x", projectId: $id }) { id } }`,
      () => ({ id: theirs.project }),
    ],
    [
      'registerMcpServer in their project',
      `mutation($id: ID!) { registerMcpServer(input: { name: "x", projectId: $id }) { id } }`,
      () => ({ id: theirs.project }),
    ],
  ];

  it.each(cases)('%s', async (_name, mutation, vars) => {
    const foreign = await t.gql(a, mutation, vars());
    expect(codeOf(foreign)).toBe('NOT_FOUND');
    expect(foreign.data ?? null).toBeNull();
    expectNoLeak(foreign);
    const missing = await t.gql(a, mutation, Object.fromEntries(Object.keys(vars()).map((k) => [k, MISSING_ID])));
    expect(foreign.errors).toEqual(missing.errors);
  });

  it('left organisation B exactly as it was', async () => {
    const { name, maxTools, loadoutVersion, permissionRules } = (await t.ok(b, AgentLoadoutDocument, { id: theirs.agent })).agent!;
    const { description, version } = (await t.ok(b, ToolDefinitionDocument, { id: theirs.tool })).toolDefinition!;
    const catalogue = await t.ok(b, StoredCatalogueDocument);
    const state = {
      agent: { name, maxTools, loadoutVersion, permissionRules: permissionRules.map(({ id }) => ({ id })) },
      toolDefinition: { description, version },
      miniApps: catalogue.miniApps.map(({ enabled }) => ({ enabled })),
      mcpServers: catalogue.mcpServers.map(({ enabled, probed, tools }) => ({ enabled, probed, tools })),
      projects: catalogue.projects.map(({ id }) => ({ id })),
    };
    expect(state).toEqual({
      agent: { name: `${SECRET}_agent`, maxTools: 25, loadoutVersion: expect.any(Number), permissionRules: [{ id: theirs.agentRule }] },
      toolDefinition: { description: SECRET, version: 1 },
      miniApps: [{ enabled: true }],
      mcpServers: [{ enabled: true, probed: false, tools: [] }],
      projects: [{ id: theirs.project }],
    });
    const viewer = await t.createKey(b, 'VIEWER');
    expect((await t.gql(viewer, CallerIdentityDocument)).errors).toBeUndefined();
    const stillThere = await t.ok(b, AgentsAndChannelsDocument);
    expect(stillThere.agents).toEqual([{ id: theirs.agent }]);
  });
});

describe('keys and names are per organisation', () => {
  it("another organisation's channel or context object key is unknown here", async () => {
    const channel = await t.gql(
      a,
      `mutation { createToolDefinition(input: { name: "ch_probe", description: "d", inputSchema: { type: "object" }, channels: ["${SECRET}_ch"] }) { id } }`,
    );
    expect(codeOf(channel)).toBe('BAD_USER_INPUT');
    const object = await t.gql(
      a,
      `mutation { createToolDefinition(input: { name: "obj_probe", description: "d", inputSchema: { type: "object" }, contextObjects: ["${SECRET}_obj"] }) { id } }`,
    );
    expect(codeOf(object)).toBe('BAD_USER_INPUT');
    const [{ id: agent }] = await new TestWorld(t).agents(a, [{ name: 'mine' }]);
    const box = await t.gql(a, `query($id: ID!) { toolbox(agentId: $id, channel: "${SECRET}_ch") { fingerprint } }`, { id: agent });
    expect(codeOf(box)).toBe('BAD_USER_INPUT');
  });

  it('the same tool, channel and MCP server names may exist in both organisations', async () => {
    const world = new TestWorld(t);
    await world.tools(a, [{ name: `${SECRET}_tool`, description: 'mine', inputSchema: { type: 'object' } }]);
    await world.channels(a, [{ key: `${SECRET}_ch`, name: 'mine' }]);
    await world.mcpServers(a, [{ name: `${SECRET}_srv` }]);
  });

  it("an agent never carries another organisation's tools, and their MCP server is not in its scope", async () => {
    const world = new TestWorld(t);
    await world.tools(b, [{ name: 'b_resources', description: 'd', inputSchema: { type: 'object' }, requiresMcpServer: true }]);
    const org = await world.organization('Org C', {
      tools: [{ name: 'McpResources', description: 'd', inputSchema: { type: 'object' }, requiresMcpServer: true }],
      agents: [{ name: 'c' }],
    });
    const box = await world.toolbox(org.adminKey, { agentId: org.agents[0].id });
    expect(box.tools).toEqual([]);
    expect(box.dropped).toEqual([{ tool: { name: 'McpResources' }, reason: 'REQUIRES_MCP_SERVER' }]);
  });
});
