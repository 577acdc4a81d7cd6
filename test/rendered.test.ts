import { startTestServer, typed, type Created, type TestServer } from './support/harness';

let t: TestServer;
let key: string;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  agentId = (
    await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a", model: "anthropic/claude-sonnet-4-5" }) { id } }`)
  ).createAgent.id;
  for (const [name, sortOrder] of [
    ['second', 2],
    ['first', 1],
  ] as const) {
    await t.ok(
      key,
      `mutation($n: String!, $s: Int) { createToolDefinition(input: { name: $n, description: "does $n", inputSchema: { type: "object", properties: { q: { type: "string" } } }, sortOrder: $s }) { id } }`,
      { n: name, s: sortOrder },
    );
  }
});
afterAll(() => t.stop());

const schema = { type: 'object', properties: { q: { type: 'string' } } };

it("renders the live toolbox for the agent model's provider by default, in toolbox order", async () => {
  const box = (
    await t.ok<{ toolbox: { tools: Array<{ name: string }>; rendered: unknown[] } }>(
      key,
      `query($a: ID!) { toolbox(agentId: $a, channel: "web") { tools { name } rendered } }`,
      { a: agentId },
    )
  ).toolbox;
  expect(box.tools.map((x) => x.name)).toEqual(['first', 'second']);
  expect(box.rendered).toEqual([
    { name: 'first', description: 'does $n', input_schema: schema },
    { name: 'second', description: 'does $n', input_schema: schema },
  ]);
});

it('renders for any provider on request', async () => {
  const q = typed<{ toolbox: { rendered: unknown[] } }>(
    `query($a: ID!, $p: ToolProvider) { toolbox(agentId: $a, channel: "web") { rendered(provider: $p) } }`,
  );
  const openai = (await t.ok(key, q, { a: agentId, p: 'OPENAI' })).toolbox.rendered;
  expect(openai[0]).toEqual({ type: 'function', function: { name: 'first', description: 'does $n', parameters: schema } });
  const gemini = (await t.ok(key, q, { a: agentId, p: 'GOOGLE' })).toolbox.rendered;
  expect(gemini).toEqual([
    {
      functionDeclarations: [
        { name: 'first', description: 'does $n', parametersJsonSchema: schema },
        { name: 'second', description: 'does $n', parametersJsonSchema: schema },
      ],
    },
  ]);
});

it("renders a turn's snapshot as it was sent, after the definitions changed", async () => {
  const conversation = (
    await t.ok<Created<'startConversation'>>(
      key,
      `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
      { a: agentId },
    )
  ).startConversation;
  const turn = (await t.ok<Created<'beginTurn'>>(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation.id }))
    .beginTurn;
  const defs = (await t.ok<{ toolDefinitions: Array<{ id: string; name: string }> }>(key, `{ toolDefinitions { id name } }`))
    .toolDefinitions;
  await t.ok(key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "changed" }) { id } }`, {
    id: defs.find((d) => d.name === 'first')!.id,
  });
  const snap = (
    await t.ok<{ turn: { toolbox: { rendered: unknown[] } } | null }>(key, `query($id: ID!) { turn(id: $id) { toolbox { rendered } } }`, {
      id: turn.id,
    })
  ).turn!.toolbox;
  expect(snap.rendered[0]).toEqual({ name: 'first', description: 'does $n', input_schema: schema });
});

describe('the Responses API and neutral renderings, and the names each carried tool stands for', () => {
  // `mcp__github__` and this 59-character name make 72 characters: sent in a short form.
  const LONG = 'create_or_update_file_contents_in_a_repository_branch_12345';
  const STRICT_SCHEMA = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };
  const MCP_SCHEMA = { type: 'object', properties: { n: { type: 'integer' } } };

  interface Carried {
    name: string;
    toolName: string;
    mcpToolName: string | null;
    mcpServerName: string | null;
  }
  type Content = { tools: Carried[]; responses: Array<Record<string, unknown>>; neutral: Array<Record<string, unknown>> };
  const CONTENT = `tools { name toolName mcpToolName mcpServerName }
    responses: rendered(provider: OPENAI_RESPONSES) neutral: rendered(provider: NEUTRAL)`;
  const PREVIEW = typed<{ toolbox: Content }>(`query($a: ID!) { toolbox(agentId: $a, channel: "web") { ${CONTENT} } }`);
  const TURN = typed<{ turn: { toolbox: Content } | null }>(`query($id: ID!) { turn(id: $id) { toolbox { ${CONTENT} } } }`);

  let org: string;
  let agent: string;
  let serverId: string;
  const ids = new Map<string, string>();
  const report = (tools: Array<{ name: string }>) =>
    t.ok(
      org,
      `mutation($s: ID!, $tools: [McpToolInput!]!) { reportMcpInventory(serverId: $s, tools: $tools, advertisesResources: false) { id } }`,
      { s: serverId, tools: tools.map((x) => ({ ...x, description: `does ${x.name}`, inputSchema: MCP_SCHEMA })) },
    );

  beforeAll(async () => {
    org = (await t.createOrganization()).adminKey;
    await t.ok(org, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
    agent = (await t.ok<Created<'createAgent'>>(org, `mutation { createAgent(input: { name: "b", model: "openai/gpt-4o" }) { id } }`))
      .createAgent.id;
    for (const [name, inputSchema] of [
      ['lookup', schema],
      ['strict_lookup', STRICT_SCHEMA],
    ] as const) {
      const created = await t.ok<Created<'createToolDefinition'>>(
        org,
        `mutation($n: String!, $s: JSON!) { createToolDefinition(input: { name: $n, description: "finds", inputSchema: $s }) { id } }`,
        { n: name, s: inputSchema },
      );
      ids.set(name, created.createToolDefinition.id);
    }
    serverId = (await t.ok<Created<'registerMcpServer'>>(org, `mutation { registerMcpServer(input: { name: "github" }) { id } }`))
      .registerMcpServer.id;
    await report([{ name: 'close' }, { name: LONG }]);
  });

  const byToolName = (tools: Carried[]) => new Map(tools.map((x) => [x.toolName, x]));

  it('names each preview entry by the name sent, the definition it stands for and, for MCP tools, the server and its own name', async () => {
    const { tools } = (await t.ok(org, PREVIEW, { a: agent })).toolbox;
    const entries = byToolName(tools);
    expect([...entries.keys()].sort()).toEqual(['lookup', `mcp__github__${LONG}`, 'mcp__github__close', 'strict_lookup'].sort());
    expect(entries.get('lookup')).toEqual({ name: 'lookup', toolName: 'lookup', mcpToolName: null, mcpServerName: null });
    expect(entries.get('mcp__github__close')).toEqual({
      name: 'mcp__github__close',
      toolName: 'mcp__github__close',
      mcpToolName: 'close',
      mcpServerName: 'github',
    });
    const long = entries.get(`mcp__github__${LONG}`)!;
    expect(long.name).not.toBe(long.toolName);
    expect(long.name.length).toBeLessThanOrEqual(64);
    expect(long).toMatchObject({ mcpToolName: LONG, mcpServerName: 'github' });
  });

  it('renders flat Responses API tools, strict only for the strict-ready schema, under the names sent', async () => {
    const { tools, responses } = (await t.ok(org, PREVIEW, { a: agent })).toolbox;
    expect(responses.map((r) => r.name)).toEqual(tools.map((x) => x.name));
    const named = new Map(responses.map((r) => [r.name, r]));
    expect(named.get('strict_lookup')).toEqual({
      type: 'function',
      name: 'strict_lookup',
      description: 'finds',
      parameters: STRICT_SCHEMA,
      strict: true,
    });
    expect(named.get('lookup')).toEqual({ type: 'function', name: 'lookup', description: 'finds', parameters: schema, strict: false });
    expect(named.get('mcp__github__close')).toMatchObject({ parameters: MCP_SCHEMA, strict: false });
    expect(responses.every((r) => !('function' in r))).toBe(true);
  });

  it('renders neutral tools with the schema as sent, and each MCP tool with the server and name its call goes to', async () => {
    const { tools, neutral } = (await t.ok(org, PREVIEW, { a: agent })).toolbox;
    expect(neutral.map((r) => r.name)).toEqual(tools.map((x) => x.name));
    const long = tools.find((x) => x.toolName === `mcp__github__${LONG}`)!;
    const named = new Map(neutral.map((r) => [r.name, r]));
    expect(named.get('lookup')).toEqual({ name: 'lookup', description: 'finds', inputSchema: schema });
    expect(named.get(long.name)).toEqual({
      name: long.name,
      description: `does ${LONG}`,
      inputSchema: MCP_SCHEMA,
      mcpServer: 'github',
      mcpToolName: LONG,
    });
    expect(named.get('mcp__github__close')).toMatchObject({ mcpServer: 'github', mcpToolName: 'close' });
  });

  it("gives a turn's snapshot the same names and renderings, and once a definition is deleted, the name sent and no MCP names", async () => {
    const conversation = (
      await t.ok<Created<'startConversation'>>(
        org,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        {
          a: agent,
        },
      )
    ).startConversation.id;
    const begun = (
      await t.ok<{ beginTurn: { id: string; toolbox: Content } }>(
        org,
        `mutation($c: ID!) { beginTurn(conversationId: $c) { id toolbox { ${CONTENT} } } }`,
        { c: conversation },
      )
    ).beginTurn;
    const preview = (await t.ok(org, PREVIEW, { a: agent })).toolbox;
    expect(begun.toolbox).toEqual(preview);

    await t.ok(org, `mutation($id: ID!) { deleteToolDefinition(id: $id) }`, { id: ids.get('lookup') });
    await report([{ name: 'close' }]);
    const after = (await t.ok(org, TURN, { id: begun.id })).turn!.toolbox;
    const long = preview.tools.find((x) => x.toolName === `mcp__github__${LONG}`)!;
    const entries = new Map(after.tools.map((x) => [x.name, x]));
    expect(entries.get('lookup')).toEqual({ name: 'lookup', toolName: 'lookup', mcpToolName: null, mcpServerName: null });
    expect(entries.get(long.name)).toEqual({ name: long.name, toolName: long.name, mcpToolName: null, mcpServerName: null });
    expect(entries.get('mcp__github__close')).toEqual(preview.tools.find((x) => x.name === 'mcp__github__close'));
    expect(after.responses).toEqual(preview.responses);
    const neutral = new Map(after.neutral.map((r) => [r.name, r]));
    expect(neutral.get(long.name)).toEqual({ name: long.name, description: `does ${LONG}`, inputSchema: MCP_SCHEMA });
    expect(neutral.get('mcp__github__close')).toMatchObject({ mcpServer: 'github', mcpToolName: 'close' });
  });
});
