import { startTestServer, type TestServer } from './support/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const LIST = `query { toolDefinitions {
  name channels { key } contextObjects { key } project { name } agent { name } miniApp { name } mcpServer { name } schemaTokens
} }`;

async function orgWithTools(count: number): Promise<string> {
  const { adminKey } = await t.createOrganization(`org with ${count} tools`);
  const setup = await t.ok(
    adminKey,
    `mutation {
    createChannel(input: { key: "web", name: "Web" }) { id }
    createContextObject(input: { key: "Case", name: "Case" }) { id }
    createProject(input: { name: "p" }) { id }
    createMiniApp(input: { name: "app" }) { id }
  }`,
  );
  const agent = (
    await t.ok(adminKey, `mutation($p: ID) { createAgent(input: { name: "a", projectId: $p }) { id } }`, { p: setup.createProject.id })
  ).createAgent;
  for (let i = 0; i < count; i++) {
    await t.ok(adminKey, `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`, {
      input: {
        name: `tool_${i}`,
        description: 'd',
        inputSchema: { type: 'object' },
        channels: ['web'],
        contextObjects: ['Case'],
        projectId: setup.createProject.id,
        agentId: i % 2 ? agent.id : null,
        miniAppId: i % 3 ? null : setup.createMiniApp.id,
      },
    });
  }
  return adminKey;
}

async function queriesFor(key: string): Promise<number> {
  const before = t.server.services.db.queryCount();
  const data = await t.ok(key, LIST);
  expect(data.toolDefinitions[0].channels).toEqual([{ key: 'web' }]);
  return t.server.services.db.queryCount() - before;
}

it('lists tool definitions with their relations in a number of queries that does not grow with the list', async () => {
  const few = await queriesFor(await orgWithTools(3));
  const many = await queriesFor(await orgWithTools(24));
  // One query per relation, batched: 24 tools cost what 3 do, give or take a batch that
  // the driver's timing splits in two, and far below one query per tool.
  expect(many).toBeLessThanOrEqual(few + 2);
  expect(many).toBeLessThanOrEqual(10);
});

async function conversationWithTurns(count: number): Promise<{ key: string; id: string }> {
  const { adminKey } = await t.createOrganization(`org with ${count} turns`);
  await t.ok(adminKey, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  await t.ok(
    adminKey,
    `mutation { setModelPrice(input: { model: "openai/gpt-4o", inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10 }) { model } }`,
  );
  const agent = (await t.ok(adminKey, `mutation { createAgent(input: { name: "a", model: "openai/gpt-4o" }) { id } }`)).createAgent;
  const conversation = (
    await t.ok(adminKey, `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`, { a: agent.id })
  ).startConversation;
  for (let i = 0; i < count; i++) {
    // A new tool every other turn: changed turns with a cause, unchanged ones without.
    if (i % 2 === 1)
      await t.ok(
        adminKey,
        `mutation($n: String!) { createToolDefinition(input: { name: $n, description: "d", inputSchema: { type: "object" } }) { id } }`,
        { n: `t${i}` },
      );
    const turn = (await t.ok(adminKey, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation.id })).beginTurn;
    await t.ok(adminKey, `mutation($id: ID!) { completeTurn(turnId: $id, usage: { inputTokens: 100, outputTokens: 5 }) { id } }`, {
      id: turn.id,
    });
  }
  return { key: adminKey, id: conversation.id };
}

const TURNS = `query($id: ID!) { conversation(id: $id) { turns(first: 50) { edges { node {
  index diff { added } cost { amountUsd } toolboxChanged invalidation { cause } toolbox { toolCount }
} } } } }`;

it('lists turns with their diffs, costs and causes in a number of queries that does not grow with the turns', async () => {
  const count = async (c: { key: string; id: string }) => {
    // Snapshots never change and are memoised after their first read; measure the steady state.
    await t.ok(c.key, TURNS, { id: c.id });
    const before = t.server.services.db.queryCount();
    const data = await t.ok(c.key, TURNS, { id: c.id });
    const turns = data.conversation.turns.edges.map((e: any) => e.node);
    expect(turns[1].diff).toEqual({ added: ['t1'] });
    expect(turns[1].invalidation).toEqual({ cause: 'TOOL_CREATED' });
    expect(turns[2].invalidation).toBeNull();
    return t.server.services.db.queryCount() - before;
  };
  const few = await count(await conversationWithTurns(4));
  const many = await count(await conversationWithTurns(16));
  expect(many).toBeLessThanOrEqual(few + 2);
  expect(many).toBeLessThanOrEqual(12);
});

/** An organisation with one agent, one conversation and `tools` tools the agent carries on "web". */
async function agentWithTools(tools: number) {
  const { adminKey } = await t.createOrganization(`hot path with ${tools} tools`);
  await t.ok(adminKey, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  const agent = (await t.ok(adminKey, `mutation { createAgent(input: { name: "a", maxTools: 100 }) { id } }`)).createAgent;
  await t.ok(adminKey, `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { liveConversations } }`, {
    c: Array.from({ length: tools }, (_, i) => ({
      createTool: { name: `tool_${i}`, description: `tool ${i}`, inputSchema: { type: 'object' }, sortOrder: i },
    })),
  });
  const conversation = (
    await t.ok(adminKey, `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`, { a: agent.id })
  ).startConversation;
  return { key: adminKey, agentId: agent.id, conversationId: conversation.id };
}

async function statements(run: () => Promise<unknown>): Promise<number> {
  const before = t.server.services.db.queryCount();
  await run();
  return t.server.services.db.queryCount() - before;
}

describe('hot paths cost a fixed number of statements, whatever the number of tools', () => {
  const TOOLBOX = `query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint toolCount schemaTokens tools { position name contentHash schemaTokens } } }`;
  const BEGIN = `mutation($c: ID!) { beginTurn(conversationId: $c) { index } }`;

  it('a warm toolbox request reads nothing from the database', async () => {
    for (const tools of [3, 60]) {
      const w = await agentWithTools(tools);
      expect((await t.ok(w.key, TOOLBOX, { a: w.agentId })).toolbox.toolCount).toBe(tools);
      expect(await statements(() => t.ok(w.key, TOOLBOX, { a: w.agentId }))).toBe(0);
    }
  });

  it('beginTurn is six statements with its BEGIN and COMMIT', async () => {
    const counts: number[] = [];
    for (const tools of [3, 60]) {
      const w = await agentWithTools(tools);
      // The first turn stores the snapshot; the steady state reuses it.
      await t.ok(w.key, BEGIN, { c: w.conversationId });
      counts.push(await statements(() => t.ok(w.key, BEGIN, { c: w.conversationId })));
    }
    expect(counts).toEqual([6, 6]);
  });

  it('a debugger page of 50 turns costs the same with 3 tools as with 60', async () => {
    const PAGE = `query($id: ID!) { conversation(id: $id) { turns(first: 50) { edges { node {
      index diff { added removed changed } cost { amountUsd } invalidation { cause } toolbox { fingerprint toolCount tools { name } dropped { reason } }
    } } } } }`;
    const counts: number[] = [];
    for (const tools of [3, 60]) {
      const w = await agentWithTools(tools);
      for (let i = 0; i < 50; i++) await t.ok(w.key, BEGIN, { c: w.conversationId });
      await t.ok(w.key, PAGE, { id: w.conversationId });
      counts.push(await statements(() => t.ok(w.key, PAGE, { id: w.conversationId })));
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(12);
  });
});
