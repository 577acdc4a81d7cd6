import {
  AgentLoadoutDocument,
  RemoveToolRuleDocument,
  ReportMcpInventoryDocument,
  ToolboxDocument,
  ToolDefinitionsDocument,
  UpdateAgentDocument,
  UpdateMcpServerDocument,
  type CreateAgentInput,
  type PageInput,
  type RegisterMcpServerInput,
  type RuleEffect,
  type ToolDefinitionInput,
  type UpdateMcpServerInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
});
afterAll(() => t.stop());

/** A fresh organisation with a web and an api channel, so each test sees only its own tools. */
async function org() {
  const { adminKey: key } = await world.organization('Test org', {
    channels: [
      { key: 'web', name: 'Web' },
      { key: 'api', name: 'API' },
    ],
    contextObjects: [{ key: 'Account', name: 'Account' }],
  });
  return {
    key,
    agent: async (input: Partial<CreateAgentInput> = {}) => (await world.agents(key, [{ name: 'agent', ...input }]))[0].id,
    tool: async (name: string, input: Partial<ToolDefinitionInput> = {}) =>
      (await world.tools(key, [{ name, description: `about ${name}`, inputSchema: { type: 'object' }, ...input }]))[0].id,
    project: async () => (await world.projects(key, [{ name: 'p' }]))[0].id,
    server: async (name: string, input: Partial<RegisterMcpServerInput> = {}) => (await world.mcpServers(key, [{ name, ...input }]))[0].id,
    inventory: (serverId: string, names: string[], advertisesResources = false) =>
      t.ok(key, ReportMcpInventoryDocument, {
        serverId,
        advertisesResources,
        tools: names.map((name) => ({ name, description: `reported ${name}`, inputSchema: { type: 'object' } })),
      }),
    updateServer: (id: string, input: UpdateMcpServerInput) => t.ok(key, UpdateMcpServerDocument, { id, input }),
    rule: async (target: { agentId?: string; projectId?: string }, toolName: string, effect: RuleEffect) =>
      (await world.rules(key, [{ ...target, toolName, effect }]))[0].id,
    box: async (agentId: string, channel = 'web', page?: PageInput) =>
      (await t.ok(key, ToolboxDocument, { agentId, channel, page })).toolbox,
    definitions: async (source?: 'MCP') => (await t.ok(key, ToolDefinitionsDocument, { source })).toolDefinitions,
  };
}

const names = (box: { tools: Array<{ name: string }> }) => box.tools.map((x) => x.name);
const reasons = (box: { dropped: Array<{ tool: { name: string }; reason: string }> }) =>
  Object.fromEntries(box.dropped.map((d) => [d.tool.name, d.reason]));

describe('Max Tools', () => {
  it('defaults to 25: the 26th tool in Sort Order is OVER_MAX_TOOLS', async () => {
    const o = await org();
    for (let i = 0; i < 27; i++) await o.tool(`t${String(i).padStart(2, '0')}`);
    const box = await o.box(await o.agent());
    expect(box.toolCount).toBe(25);
    const last = box.tools.at(-1)!;
    expect({ position: last.position, name: last.name }).toEqual({ position: 25, name: 't24' });
    expect(reasons(box)).toEqual({ t25: 'OVER_MAX_TOOLS', t26: 'OVER_MAX_TOOLS' });
  });
});

describe('MCP tools', () => {
  it('are named mcp__<server>__<tool>, carried on every channel, and filtered by the names the server reported', async () => {
    const o = await org();
    const server = await o.server('crm');
    await o.inventory(server, ['lookup', 'update', 'delete']);
    const agent = await o.agent();
    const tools = (await o.definitions('MCP')).map(({ name, source }) => ({ name, source }));
    // New inventory tools land after the scope's last tool, in the order reported.
    const all = ['mcp__crm__lookup', 'mcp__crm__update', 'mcp__crm__delete'];
    expect(tools).toEqual(all.map((name) => ({ name, source: 'MCP' })));
    expect(names(await o.box(agent, 'web'))).toEqual(all);
    expect(names(await o.box(agent, 'api'))).toEqual(all);

    await o.updateServer(server, { disabledTools: ['delete'] });
    let box = await o.box(agent);
    expect(names(box)).toEqual(['mcp__crm__lookup', 'mcp__crm__update']);
    expect(reasons(box)).toEqual({ mcp__crm__delete: 'MCP_FILTERED' });

    await o.updateServer(server, { enabledTools: ['lookup'], disabledTools: [] });
    box = await o.box(agent);
    expect(names(box)).toEqual(['mcp__crm__lookup']);
    expect(reasons(box)).toEqual({ mcp__crm__delete: 'MCP_FILTERED', mcp__crm__update: 'MCP_FILTERED' });

    // The prefixed name is not what the server reported, so it filters nothing.
    await o.updateServer(server, { enabledTools: [], disabledTools: ['mcp__crm__lookup'] });
    expect(names(await o.box(agent))).toEqual(all);

    await o.updateServer(server, { enabled: false });
    box = await o.box(agent);
    expect(box.tools).toEqual([]);
    expect(Object.values(reasons(box))).toEqual(['OWNER_DISABLED', 'OWNER_DISABLED', 'OWNER_DISABLED']);
  });

  it('a filter set at registration applies to the inventory reported later', async () => {
    const o = await org();
    const server = await o.server('files', { disabledTools: ['rm'] });
    await o.inventory(server, ['ls', 'rm']);
    expect(names(await o.box(await o.agent()))).toEqual(['mcp__files__ls']);
  });

  it('a new inventory replaces the old one: missing tools go, changed ones update in place', async () => {
    const o = await org();
    const server = await o.server('s');
    await o.inventory(server, ['a', 'b']);
    const before = await o.definitions('MCP');
    await t.ok(o.key, ReportMcpInventoryDocument, {
      serverId: server,
      tools: [
        { name: 'a', description: 'reported a', inputSchema: { type: 'object' } },
        { name: 'c', description: 'new', inputSchema: { type: 'object' } },
      ],
    });
    const after = await o.definitions('MCP');
    expect(after.map((x) => x.name)).toEqual(['mcp__s__a', 'mcp__s__c']);
    const { id, name, version } = after[0];
    expect({ id, name, version }).toEqual({ id: before[0].id, name: before[0].name, version: before[0].version });
  });

  it('new tools of an inventory go after every definition they can meet, in the order reported', async () => {
    const o = await org();
    await o.tool('first', { sortOrder: 7 });
    const server = await o.server('s');
    await o.inventory(server, ['z', 'a', 'm']);
    const listed = await o.definitions();
    expect(Object.fromEntries(listed.map((x) => [x.name, x.sortOrder]))).toEqual({
      first: 7,
      mcp__s__z: 8,
      mcp__s__a: 9,
      mcp__s__m: 10,
    });
  });
});

describe('McpResources (requiresMcpServer)', () => {
  it('is carried only while an enabled MCP server is in scope, even one that advertises no resources', async () => {
    const o = await org();
    await o.tool('McpResources', { requiresMcpServer: true });
    const agent = await o.agent();
    expect(reasons(await o.box(agent))).toEqual({ McpResources: 'REQUIRES_MCP_SERVER' });

    const server = await o.server('plain');
    expect(names(await o.box(agent))).toEqual(['McpResources']);
    await o.inventory(server, ['x'], false);
    expect(names(await o.box(agent))).toEqual(['McpResources', 'mcp__plain__x']);

    await o.updateServer(server, { enabled: false });
    expect(reasons(await o.box(agent))).toMatchObject({ McpResources: 'REQUIRES_MCP_SERVER' });
  });

  it("a server of another project is not in scope; one of the agent's project or the organisation is", async () => {
    const o = await org();
    const [mine, other] = [await o.project(), await o.project()];
    await o.tool('McpResources', { requiresMcpServer: true });
    const agent = await o.agent({ projectId: mine });
    const orgWide = await o.agent();
    await o.server('elsewhere', { projectId: other });
    expect(reasons(await o.box(agent))).toEqual({ McpResources: 'REQUIRES_MCP_SERVER' });
    expect(reasons(await o.box(orgWide))).toEqual({ McpResources: 'REQUIRES_MCP_SERVER' });
    await o.server('here', { projectId: mine });
    expect(names(await o.box(agent))).toEqual(['McpResources']);
    expect(reasons(await o.box(orgWide))).toEqual({ McpResources: 'REQUIRES_MCP_SERVER' });
    await o.server('everywhere');
    expect(names(await o.box(orgWide))).toEqual(['McpResources']);
  });

  it('a server registered disabled is not in scope', async () => {
    const o = await org();
    await o.tool('McpResources', { requiresMcpServer: true });
    await o.server('off', { enabled: false });
    expect(reasons(await o.box(await o.agent()))).toEqual({ McpResources: 'REQUIRES_MCP_SERVER' });
  });
});

describe('rules', () => {
  it("a project DENY excludes the tool for the project's agents; an agent ALLOW overrides it", async () => {
    const o = await org();
    const project = await o.project();
    await o.tool('search');
    await o.tool('other');
    const [allowed, plain] = [await o.agent({ projectId: project }), await o.agent({ projectId: project })];
    const outside = await o.agent();
    await o.rule({ projectId: project }, 'search', 'DENY');
    await o.rule({ agentId: allowed }, 'search', 'ALLOW');
    expect(names(await o.box(allowed))).toEqual(['search', 'other']);
    expect(names(await o.box(plain))).toEqual(['other']);
    expect(reasons(await o.box(plain))).toEqual({ search: 'EXCLUDED' });
    expect(names(await o.box(outside))).toEqual(['search', 'other']);
  });

  it('an agent DENY always wins, and removing it brings the tool back', async () => {
    const o = await org();
    const project = await o.project();
    await o.tool('search');
    const agent = await o.agent({ projectId: project });
    await o.rule({ projectId: project }, 'search', 'ALLOW');
    const deny = await o.rule({ agentId: agent }, 'search', 'DENY');
    expect(reasons(await o.box(agent))).toEqual({ search: 'EXCLUDED' });
    const { exclusions, permissionRules } = (await t.ok(o.key, AgentLoadoutDocument, { id: agent })).agent!;
    expect({ exclusions, permissionRules: permissionRules.map(({ subject, effect }) => ({ subject, effect })) }).toEqual({
      exclusions: ['search'],
      permissionRules: [{ subject: 'tool:search', effect: 'DENY' }],
    });
    await t.ok(o.key, RemoveToolRuleDocument, { id: deny });
    expect(names(await o.box(agent))).toEqual(['search']);
  });

  it('setting a rule again replaces its effect', async () => {
    const o = await org();
    await o.tool('search');
    const agent = await o.agent();
    const first = await o.rule({ agentId: agent }, 'search', 'DENY');
    const second = await o.rule({ agentId: agent }, 'search', 'ALLOW');
    expect(second).toBe(first);
    expect(names(await o.box(agent))).toEqual(['search']);
  });
});

describe('placement', () => {
  it('channels, context objects, agent scope, inactive tools and RECORD_PAGES_ONLY', async () => {
    const o = await org();
    const agent = await o.agent();
    const other = await o.agent();
    await o.tool('everywhere');
    await o.tool('api_only', { channels: ['api'] });
    await o.tool('accounts', { contextObjects: ['Account'] });
    await o.tool('mine', { agentId: agent });
    await o.tool('theirs', { agentId: other });
    await o.tool('off', { active: false });
    let box = await o.box(agent, 'web');
    expect(names(box)).toEqual(['everywhere', 'mine']);
    expect(reasons(box)).toEqual({ api_only: 'CHANNEL', accounts: 'CONTEXT', theirs: 'AGENT_SCOPE', off: 'INACTIVE' });
    box = await o.box(agent, 'api', { type: 'RECORD', contextObject: 'Account', recordId: '42' });
    expect(names(box)).toEqual(['everywhere', 'api_only', 'accounts', 'mine']);

    await t.ok(o.key, UpdateAgentDocument, { id: agent, input: { toolsMode: 'RECORD_PAGES_ONLY' } });
    for (const type of ['HOME', 'LIST'] as const) {
      box = await o.box(agent, 'web', { type });
      expect(box.tools).toEqual([]);
      expect(new Set(Object.values(reasons(box)))).toEqual(new Set(['TOOLS_MODE']));
    }
    expect(names(await o.box(agent, 'web', { type: 'RECORD' }))).toEqual(['everywhere', 'mine']);
  });

  it("a project agent carries organisation-wide tools and its project's, not another project's", async () => {
    const o = await org();
    const [mine, other] = [await o.project(), await o.project()];
    await o.tool('org_wide');
    await o.tool('in_mine', { projectId: mine });
    await o.tool('in_other', { projectId: other });
    const box = await o.box(await o.agent({ projectId: mine }));
    expect(names(box)).toEqual(['org_wide', 'in_mine']);
    expect(box.dropped).toEqual([]);
  });
});
