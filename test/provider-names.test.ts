import { startTestServer, typed, type Created, type TestServer } from './support/harness';

let t: TestServer;
let key: string;
let agentId: string;

// `mcp__github-enterprise__` is 24 characters: with a 59-character reported name, 83.
const REPORTED = 'create_or_update_file_contents_in_a_repository_branch_12345';
const FULL_NAME = `mcp__github-enterprise__${REPORTED}`;
const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { file: { $ref: '#/$defs/file' } },
  $defs: { file: { type: 'object', properties: { path: { type: 'string' } }, additionalProperties: false } },
  additionalProperties: false,
};

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  agentId = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a", model: "openai/gpt-4o" }) { id } }`))
    .createAgent.id;
  const server = (
    await t.ok<Created<'registerMcpServer'>>(key, `mutation { registerMcpServer(input: { name: "github-enterprise" }) { id } }`)
  ).registerMcpServer.id;
  await t.ok(
    key,
    `mutation($s: ID!, $tools: [McpToolInput!]!) { reportMcpInventory(serverId: $s, tools: $tools, advertisesResources: false) { id } }`,
    { s: server, tools: [{ name: REPORTED, description: 'Writes a file', inputSchema: { type: 'object' } }] },
  );
  await t.ok(key, `mutation($s: JSON!) { createToolDefinition(input: { name: "with_refs", description: "d", inputSchema: $s }) { id } }`, {
    s: SCHEMA,
  });
});
afterAll(() => t.stop());

const RENDERED = typed<{ toolbox: { tools: Array<{ name: string }>; openai: unknown; anthropic: unknown; google: unknown } }>(
  `query($a: ID!) { toolbox(agentId: $a, channel: "web") {
     tools { name } openai: rendered(provider: OPENAI) anthropic: rendered(provider: ANTHROPIC) google: rendered(provider: GOOGLE) } }`,
);

type Rendered = {
  openai: Array<{ function: { name: string } }>;
  anthropic: Array<{ name: string }>;
  google: Array<{ functionDeclarations: Array<Record<string, unknown>> }>;
};
const namesOf = (r: Rendered) => ({
  openai: r.openai.map((x) => x.function.name),
  anthropic: r.anthropic.map((x) => x.name),
  google: r.google[0].functionDeclarations.map((d) => d.name as string),
});

it('stores the 83-character MCP name, and sends it within 64 characters to every provider, the same short form everywhere', async () => {
  const defs = (await t.ok<{ toolDefinitions: Array<{ name: string }> }>(key, `{ toolDefinitions { name } }`)).toolDefinitions;
  expect(defs.map((d) => d.name)).toContain(FULL_NAME);
  expect(FULL_NAME).toHaveLength(83);
  const box = (await t.ok(key, RENDERED, { a: agentId })).toolbox;
  const short = box.tools.map((x) => x.name).find((n) => n.startsWith('mcp__github-enterprise__'))!;
  expect(short.length).toBeLessThanOrEqual(64);
  expect(short).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
  const sent = namesOf(box as unknown as Rendered);
  for (const names of Object.values(sent)) expect(names).toEqual(box.tools.map((x) => x.name));
});

it("counts the definition's schemaTokens under the name it is sent as, the toolbox's figure for it", async () => {
  const def = (
    await t.ok<{ toolDefinitions: Array<{ name: string; schemaTokens: number }> }>(key, `{ toolDefinitions { name schemaTokens } }`)
  ).toolDefinitions.find((d) => d.name === FULL_NAME)!;
  const box = (
    await t.ok<{ toolbox: { tools: Array<{ name: string; schemaTokens: number }> } }>(
      key,
      `query($a: ID!) { toolbox(agentId: $a, channel: "web") { tools { name schemaTokens } } }`,
      { a: agentId },
    )
  ).toolbox;
  expect(def.schemaTokens).toBe(box.tools.find((x) => x.name.startsWith('mcp__github-enterprise__'))!.schemaTokens);
});

it('records the short form in the turn, and counts a call recorded under it for its tool', async () => {
  const conversation = (
    await t.ok<Created<'startConversation'>>(
      key,
      `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web", userId: "dana@acme.example" }) { id } }`,
      { a: agentId },
    )
  ).startConversation.id;
  const turn = (
    await t.ok<{ beginTurn: { toolbox: { tools: Array<{ name: string }>; rendered: Array<{ function: { name: string } }> } } }>(
      key,
      `mutation($c: ID!) { beginTurn(conversationId: $c) { toolbox { tools { name } rendered(provider: OPENAI) } } }`,
      { c: conversation },
    )
  ).beginTurn.toolbox;
  const short = turn.tools.map((x) => x.name).find((n) => n.startsWith('mcp__github-enterprise__'))!;
  expect(short.length).toBeLessThanOrEqual(64);
  expect(turn.rendered.map((r) => r.function.name)).toContain(short);

  await t.ok(
    key,
    `mutation($c: ID!, $n: String!) { recordToolCalls(calls: [{ conversationId: $c, toolName: $n, isError: false }]) { accepted } }`,
    {
      c: conversation,
      n: short,
    },
  );
  const usage = (
    await t.ok<{ toolUsage: Array<{ toolName: string; calls: number; firstSurfacedAt: string | null }> }>(
      key,
      `{ toolUsage(userId: "dana@acme.example") { toolName calls firstSurfacedAt } }`,
    )
  ).toolUsage;
  expect(usage.find((u) => u.toolName === FULL_NAME)).toMatchObject({ calls: 1, firstSurfacedAt: expect.any(String) });
  expect(usage.map((u) => u.toolName)).not.toContain(short);
});

it('renders a schema with $schema, $defs, $ref and additionalProperties for Gemini as parametersJsonSchema, as stored', async () => {
  const box = (await t.ok(key, RENDERED, { a: agentId })).toolbox as unknown as Rendered;
  const declaration = box.google[0].functionDeclarations.find((d) => d.name === 'with_refs')!;
  expect(declaration).toEqual({ name: 'with_refs', description: 'd', parametersJsonSchema: SCHEMA });
  expect(declaration).not.toHaveProperty('parameters');
});
