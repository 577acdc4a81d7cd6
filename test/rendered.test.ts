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
