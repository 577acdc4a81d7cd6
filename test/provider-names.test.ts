import {
  BeginTurnDocument,
  RecordToolCallsDocument,
  ReportMcpInventoryDocument,
  ToolboxDetailDocument,
  ToolDefinitionsDocument,
  ToolUsageDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
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
  world = new TestWorld(t);
  const organization = await world.organization('Test org', {
    tools: [{ name: 'with_refs', description: 'd', inputSchema: SCHEMA }],
    agents: [{ name: 'a', model: 'openai/gpt-4o' }],
  });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  const [server] = await world.mcpServers(key, [{ name: 'github-enterprise' }]);
  await t.ok(key, ReportMcpInventoryDocument, {
    serverId: server.id,
    tools: [{ name: REPORTED, description: 'Writes a file', inputSchema: { type: 'object' } }],
  });
});
afterAll(() => t.stop());

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

/** The agent's toolbox on the web channel: its entries, and its rendering in each provider's shape. */
async function renderings(): Promise<{ tools: Array<{ name: string }>; rendered: Rendered }> {
  const [openai, anthropic, google] = await Promise.all(
    (['OPENAI', 'ANTHROPIC', 'GOOGLE'] as const).map(
      async (provider) => (await t.ok(key, ToolboxDetailDocument, { agentId, provider })).toolbox,
    ),
  );
  return { tools: openai.tools, rendered: { openai: openai.rendered, anthropic: anthropic.rendered, google: google.rendered } as Rendered };
}

it('stores the 83-character MCP name, and sends it within 64 characters to every provider, the same short form everywhere', async () => {
  const defs = (await t.ok(key, ToolDefinitionsDocument)).toolDefinitions;
  expect(defs.map((d) => d.name)).toContain(FULL_NAME);
  expect(FULL_NAME).toHaveLength(83);
  const { tools, rendered } = await renderings();
  const short = tools.map((x) => x.name).find((n) => n.startsWith('mcp__github-enterprise__'))!;
  expect(short.length).toBeLessThanOrEqual(64);
  expect(short).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
  const sent = namesOf(rendered);
  for (const names of Object.values(sent)) expect(names).toEqual(tools.map((x) => x.name));
});

it("counts the definition's schemaTokens under the name it is sent as, the toolbox's figure for it", async () => {
  const def = (await t.ok(key, ToolDefinitionsDocument)).toolDefinitions.find((d) => d.name === FULL_NAME)!;
  const box = await world.toolbox(key, { agentId });
  expect(def.schemaTokens).toBe(box.tools.find((x) => x.name.startsWith('mcp__github-enterprise__'))!.schemaTokens);
});

it('records the short form in the turn, and counts a call recorded under it for its tool', async () => {
  const conversation = await world.startConversation(key, { agentId, userId: 'dana@acme.example' });
  const turn = (await t.ok(key, BeginTurnDocument, { conversationId: conversation, provider: 'OPENAI' })).beginTurn.toolbox;
  const short = turn.tools.map((x) => x.name).find((n) => n.startsWith('mcp__github-enterprise__'))!;
  expect(short.length).toBeLessThanOrEqual(64);
  expect((turn.rendered as Array<{ function: { name: string } }>).map((r) => r.function.name)).toContain(short);

  await t.ok(key, RecordToolCallsDocument, { calls: [{ conversationId: conversation, toolName: short, isError: false }] });
  const usage = (await t.ok(key, ToolUsageDocument, { userId: 'dana@acme.example' })).toolUsage;
  expect(usage.find((u) => u.toolName === FULL_NAME)).toMatchObject({ calls: 1, firstSurfacedAt: expect.any(String) });
  expect(usage.map((u) => u.toolName)).not.toContain(short);
});

it('renders a schema with $schema, $defs, $ref and additionalProperties for Gemini as parametersJsonSchema, as stored', async () => {
  const { google } = (await renderings()).rendered;
  const declaration = google[0].functionDeclarations.find((d) => d.name === 'with_refs')!;
  expect(declaration).toEqual({ name: 'with_refs', description: 'd', parametersJsonSchema: SCHEMA });
  expect(declaration).not.toHaveProperty('parameters');
});
