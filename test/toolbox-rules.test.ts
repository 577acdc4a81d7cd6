import { startTestServer, typed, type Created, type Query, type TestServer } from './support/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const TOOLBOX = typed<{
  toolbox: {
    fingerprint: string;
    toolCount: number;
    tools: Array<{ position: number; name: string }>;
    dropped: Array<{ tool: { name: string }; reason: string }>;
  };
}>(`query($a: ID!, $c: String!, $page: PageInput) {
  toolbox(agentId: $a, channel: $c, page: $page) { fingerprint toolCount tools { position name } dropped { tool { name } reason } }
}`);

/** A fresh organisation with a web and an api channel, so each test sees only its own tools. */
async function org() {
  const { adminKey: key } = await t.createOrganization();
  await t.ok(
    key,
    `mutation { web: createChannel(input: { key: "web", name: "Web" }) { id } api: createChannel(input: { key: "api", name: "API" }) { id }
    createContextObject(input: { key: "Account", name: "Account" }) { id } }`,
  );
  const ok = <T = unknown>(query: string | Query<T>, vars?: Record<string, unknown>) => t.ok<T>(key, query, vars);
  return {
    key,
    ok,
    agent: async (input: Record<string, unknown> = {}) =>
      (
        await ok<Created<'createAgent'>>(`mutation($i: CreateAgentInput!) { createAgent(input: $i) { id } }`, {
          i: { name: 'agent', ...input },
        })
      ).createAgent.id,
    tool: async (name: string, input: Record<string, unknown> = {}) =>
      (
        await ok<Created<'createToolDefinition'>>(`mutation($i: ToolDefinitionInput!) { createToolDefinition(input: $i) { id } }`, {
          i: { name, description: `about ${name}`, inputSchema: { type: 'object' }, ...input },
        })
      ).createToolDefinition.id,
    project: async () => (await ok<Created<'createProject'>>(`mutation { createProject(input: { name: "p" }) { id } }`)).createProject.id,
    server: async (name: string, input: Record<string, unknown> = {}) =>
      (
        await ok<Created<'registerMcpServer'>>(`mutation($i: RegisterMcpServerInput!) { registerMcpServer(input: $i) { id } }`, {
          i: { name, ...input },
        })
      ).registerMcpServer.id,
    inventory: (serverId: string, names: string[], advertisesResources = false) =>
      ok(
        `mutation($id: ID!, $tools: [McpToolInput!]!, $r: Boolean!) { reportMcpInventory(serverId: $id, tools: $tools, advertisesResources: $r) { id } }`,
        {
          id: serverId,
          r: advertisesResources,
          tools: names.map((name) => ({ name, description: `reported ${name}`, inputSchema: { type: 'object' } })),
        },
      ),
    updateServer: (id: string, input: Record<string, unknown>) =>
      ok(`mutation($id: ID!, $i: UpdateMcpServerInput!) { updateMcpServer(id: $id, input: $i) { id } }`, { id, i: input }),
    rule: async (target: { agentId?: string; projectId?: string }, toolName: string, effect: 'ALLOW' | 'DENY') =>
      (
        await ok<Created<'setToolRule'>>(`mutation($i: ToolRuleInput!) { setToolRule(input: $i) { id } }`, {
          i: { ...target, toolName, effect },
        })
      ).setToolRule.id,
    box: async (agentId: string, channel = 'web', page?: Record<string, unknown>) =>
      (await ok(TOOLBOX, { a: agentId, c: channel, page })).toolbox,
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
    expect(box.tools.at(-1)).toEqual({ position: 25, name: 't24' });
    expect(reasons(box)).toEqual({ t25: 'OVER_MAX_TOOLS', t26: 'OVER_MAX_TOOLS' });
  });
});

describe('MCP tools', () => {
  it('are named mcp__<server>__<tool>, carried on every channel, and filtered by the names the server reported', async () => {
    const o = await org();
    const server = await o.server('crm');
    await o.inventory(server, ['lookup', 'update', 'delete']);
    const agent = await o.agent();
    const tools = (
      await o.ok<{ toolDefinitions: Array<{ name: string; source: string }> }>(`{ toolDefinitions(source: MCP) { name source } }`)
    ).toolDefinitions;
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

  type Definitions = { toolDefinitions: Array<{ id: string; name: string; version: number }> };

  it('a new inventory replaces the old one: missing tools go, changed ones update in place', async () => {
    const o = await org();
    const server = await o.server('s');
    await o.inventory(server, ['a', 'b']);
    const before = (await o.ok<Definitions>(`{ toolDefinitions(source: MCP) { id name version } }`)).toolDefinitions;
    await o.ok(
      `mutation($id: ID!) { reportMcpInventory(serverId: $id, advertisesResources: false, tools: [
      { name: "a", description: "reported a", inputSchema: { type: "object" } }, { name: "c", description: "new", inputSchema: { type: "object" } }]) { id } }`,
      { id: server },
    );
    const after = (await o.ok<Definitions>(`{ toolDefinitions(source: MCP) { id name version } }`)).toolDefinitions;
    expect(after.map((x: { name: string }) => x.name)).toEqual(['mcp__s__a', 'mcp__s__c']);
    expect(after[0]).toEqual(before[0]);
  });

  it('new tools of an inventory go after every definition they can meet, in the order reported', async () => {
    const o = await org();
    await o.tool('first', { sortOrder: 7 });
    const server = await o.server('s');
    await o.inventory(server, ['z', 'a', 'm']);
    const listed = (await o.ok<{ toolDefinitions: Array<{ name: string; sortOrder: number }> }>(`{ toolDefinitions { name sortOrder } }`))
      .toolDefinitions;
    expect(Object.fromEntries(listed.map((x: { name: string; sortOrder: number }) => [x.name, x.sortOrder]))).toEqual({
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
    expect(
      (
        await o.ok<{ agent: { exclusions: string[]; permissionRules: Array<{ subject: string; effect: string }> } | null }>(
          `query($id: ID!) { agent(id: $id) { exclusions permissionRules { subject effect } } }`,
          { id: agent },
        )
      ).agent,
    ).toEqual({
      exclusions: ['search'],
      permissionRules: [{ subject: 'tool:search', effect: 'DENY' }],
    });
    await o.ok(`mutation($id: ID!) { removeToolRule(id: $id) }`, { id: deny });
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

    await o.ok(`mutation($id: ID!) { updateAgent(id: $id, input: { toolsMode: RECORD_PAGES_ONLY }) { id } }`, { id: agent });
    for (const type of ['HOME', 'LIST']) {
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
