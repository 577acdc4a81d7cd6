import {
  AgentLoadoutDocument,
  BeginMcpTurnDocument,
  ToolBudgetReportDocument,
  McpToolboxDocument,
  ReportMcpInventoryStoredDocument,
  ReportMcpToolsDocument,
  SetToolRuleMatchingDocument,
  ToolDefinitionsDocument,
  WorldToolDocument,
  type ReportMcpToolsMutation,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * MCP inventories as servers return them: every entry taken as returned,
 * one unusable tool refused alone, schemas kept as sent (key order
 * included) from the report to the rendering and the recorded turn, and a
 * schema a provider refuses left out for that provider's agents only.
 */

let t: TestServer;
let world: TestWorld;
let key: string;
let serverId: string;
const agents: Record<'openai' | 'anthropic' | 'google', string> = { openai: '', anthropic: '', google: '' };

// The order a filesystem server sends: `path`, then `tail`, then `head` (jsonb would give head, path, tail).
const READ_TEXT_FILE = {
  name: 'read_text_file',
  title: 'Read Text File',
  description: 'Read a file',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, tail: { type: 'number' }, head: { type: 'number' } },
    required: ['path'],
    additionalProperties: false,
    $schema: 'http://json-schema.org/draft-07/schema#',
  },
  outputSchema: { type: 'object', properties: { content: { type: 'string' } } },
  annotations: { readOnlyHint: true, openWorldHint: false },
  execution: { taskSupport: 'forbidden' },
  _meta: { 'vendor.example/tier': 'free' },
  icons: [{ src: 'data:image/png;base64,AA==', mimeType: 'image/png' }],
  futureKey: { added: 'by a later revision of MCP' },
};
const DELETE_FILE = {
  name: 'delete_file',
  description: 'Delete a file',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
  annotations: { destructiveHint: true, idempotentHint: true },
};
const NO_DESCRIPTION = { name: 'ping', inputSchema: { type: 'object' } };
const DOTTED = { name: 'files.read', description: 'Dotted, as MCP allows', inputSchema: { type: 'object' } };
const STRING_SCHEMA = { name: 'broken', description: 'A schema that is not an object', inputSchema: 'string' };
// Top-level anyOf: OpenAI and Anthropic refuse it, Gemini takes it.
const EITHER_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'string' } },
  anyOf: [{ required: ['a'] }, { required: ['b'] }],
};
const EITHER = { name: 'either', description: 'One of two arguments', inputSchema: EITHER_SCHEMA };
const INVENTORY = [READ_TEXT_FILE, DELETE_FILE, NO_DESCRIPTION, DOTTED, STRING_SCHEMA, EITHER];

type Server = ReportMcpToolsMutation['reportMcpTools'];

/** The agent's toolbox with each provider's rendering in its own shape. */
async function toolboxOf(agentId: string) {
  const box = (await t.ok(key, McpToolboxDocument, { agentId })).toolbox;
  return {
    ...box,
    openai: box.openai as Array<{ function: { name: string; parameters: unknown } }>,
    anthropic: box.anthropic as Array<{ name: string; input_schema: unknown }>,
    google: box.google as Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema: unknown }> }>,
  };
}

const versionOf = async (id: string) => (await t.ok(key, AgentLoadoutDocument, { id })).agent!.loadoutVersion;

let first: Server;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const providers = [
    ['openai', 'openai/gpt-4o'],
    ['anthropic', 'anthropic/claude-sonnet-4-5'],
    ['google', 'google/gemini-2.5-pro'],
  ] as const;
  const organization = await world.organization('Test org', { agents: providers.map(([name, model]) => ({ name, model })) });
  key = organization.adminKey;
  providers.forEach(([provider], i) => (agents[provider] = organization.agents[i].id));
  [{ id: serverId }] = await world.mcpServers(key, [{ name: 'fs' }]);
  first = (await t.ok(key, ReportMcpToolsDocument, { serverId, tools: INVENTORY })).reportMcpTools;
});
afterAll(() => t.stop());

const stored = (name: string) => first.tools.find((x) => x.mcpToolName === name)!;

it('takes each entry as returned, refusing only the tool that cannot be used at all, with its reason', () => {
  expect(first.tools.map((x) => x.mcpToolName).sort()).toEqual(['delete_file', 'either', 'files.read', 'ping', 'read_text_file']);
  expect(first.refusedTools).toEqual([
    { index: 4, name: 'broken', field: 'tools[4].inputSchema', reason: expect.stringMatching(/JSON object/) },
  ]);
  expect(stored('ping').description).toBe('');
  expect(stored('files.read').name).toBe('mcp__fs__files.read');
});

it('keeps what the server says of a tool: title, annotations, outputSchema and every other key, in its order', () => {
  const read = stored('read_text_file');
  expect(read.title).toBe('Read Text File');
  expect(read.annotations).toEqual({ title: null, readOnlyHint: true, destructiveHint: null, idempotentHint: null, openWorldHint: false });
  expect(JSON.stringify(read.outputSchema)).toBe(JSON.stringify(READ_TEXT_FILE.outputSchema));
  const { name: _n, description: _d, inputSchema: _i, ...rest } = READ_TEXT_FILE;
  expect(JSON.stringify(read.mcpEntry)).toBe(JSON.stringify(rest));
  expect(stored('delete_file').annotations).toEqual({
    title: null,
    readOnlyHint: null,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: null,
  });
});

it('keeps the schema as sent, key order included, in the definition, the toolbox, every rendering and the recorded turn', async () => {
  const sent = JSON.stringify(READ_TEXT_FILE.inputSchema);
  expect(JSON.stringify(stored('read_text_file').inputSchema)).toBe(sent);
  const box = await toolboxOf(agents.openai);
  const at = box.tools.findIndex((x) => x.name === 'mcp__fs__read_text_file');
  expect(JSON.stringify(box.tools[at].tool.inputSchema)).toBe(sent);
  expect(JSON.stringify(box.openai[at].function.parameters)).toBe(sent);
  expect(JSON.stringify(box.anthropic[at].input_schema)).toBe(sent);
  expect(JSON.stringify(box.google[0].functionDeclarations[at].parametersJsonSchema)).toBe(sent);
  const conversation = await world.startConversation(key, { agentId: agents.openai, userId: 'u' });
  const turn = await t.ok(key, BeginMcpTurnDocument, { conversationId: conversation });
  expect(JSON.stringify(turn.beginTurn.toolbox.tools.find((x) => x.name === 'mcp__fs__read_text_file')!.inputSchema)).toBe(sent);
});

it('sends a name providers refuse in its short form beside the others', async () => {
  const box = await toolboxOf(agents.anthropic);
  const dotted = box.tools.map((x) => x.name).find((n) => n.startsWith('mcp__fs__files_read_'));
  expect(dotted).toMatch(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/);
  expect(box.tools.map((x) => x.name)).toContain('mcp__fs__ping');
});

it('leaves a schema out for the agents whose provider refuses it, naming the rule and pointer, and carries it for the others', async () => {
  for (const provider of ['openai', 'anthropic'] as const) {
    const box = await toolboxOf(agents[provider]);
    expect(box.tools.map((x) => x.name)).not.toContain('mcp__fs__either');
    expect(box.dropped.find((d) => d.name === 'mcp__fs__either')).toEqual({
      name: 'mcp__fs__either',
      reason: 'INCOMPATIBLE_SCHEMA',
      tool: { name: 'mcp__fs__either' },
      schemaRefusal: {
        provider: provider.toUpperCase(),
        rule: 'no-top-level-combinator',
        pointer: '/anyOf',
        message: expect.stringContaining('/anyOf'),
      },
    });
  }
  const google = await toolboxOf(agents.google);
  expect(google.tools.map((x) => x.name)).toContain('mcp__fs__either');
  const budget = await t.ok(key, ToolBudgetReportDocument, { agentId: agents.anthropic });
  expect(
    budget.toolBudget.incompatibleTools.map(({ name, schemaRefusal }) => ({ name, schemaRefusal: { rule: schemaRefusal.rule } })),
  ).toEqual([{ name: 'mcp__fs__either', schemaRefusal: { rule: 'no-top-level-combinator' } }]);
  expect(budget.toolBudget.refusedMcpTools.map(({ server, name }) => ({ server, name }))).toEqual([{ server: 'fs', name: 'broken' }]);
});

it('refuses the same schema on a custom tool, naming the rule and the JSON pointer, and stores nothing', async () => {
  const result = await t.gql(key, WorldToolDocument, { input: { name: 'either', description: 'd', inputSchema: EITHER_SCHEMA } });
  expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.inputSchema' });
  expect(result.errors?.[0]?.message).toMatch(/no-top-level-combinator.*\/anyOf/);
  const custom = await t.ok(key, ToolDefinitionsDocument, { source: 'CUSTOM' });
  expect(custom.toolDefinitions).toEqual([]);
});

it('excludes with one hint:destructive rule every tool MCP defaults call destructive: those that do not say otherwise', async () => {
  const rule = await t.ok(key, SetToolRuleMatchingDocument, {
    input: { agentId: agents.google, toolName: 'hint:destructive', effect: 'DENY' },
  });
  expect(rule.setToolRule.subject).toBe('hint:destructive');
  const box = await toolboxOf(agents.google);
  // Only read_text_file says it is read-only; the others state nothing of it, or have no annotations at all.
  expect(box.dropped.filter((d) => d.reason === 'EXCLUDED').map((d) => d.name)).toEqual([
    'mcp__fs__delete_file',
    'mcp__fs__ping',
    'mcp__fs__files.read',
    'mcp__fs__either',
  ]);
  expect(box.tools.map((tool) => tool.name)).toEqual(['mcp__fs__read_text_file']);
});

it('moves nothing when the same inventory is reported again: no version, no event, no timestamp', async () => {
  const before = await Promise.all(Object.values(agents).map(versionOf));
  const again = (await t.ok(key, ReportMcpToolsDocument, { serverId, tools: INVENTORY })).reportMcpTools;
  expect(again.tools.map((x) => [x.id, x.version])).toEqual(first.tools.map((x) => [x.id, x.version]));
  expect(again.inventoryUpdatedAt).toBe(first.inventoryUpdatedAt);
  expect(again.refusedTools).toEqual(first.refusedTools);
  const after = await Promise.all(Object.values(agents).map(versionOf));
  expect(after).toEqual(before);
});

it('treats a re-ordered schema as a change like any other', async () => {
  const reordered = {
    ...READ_TEXT_FILE,
    inputSchema: {
      ...READ_TEXT_FILE.inputSchema,
      properties: { head: { type: 'number' }, path: { type: 'string' }, tail: { type: 'number' } },
    },
  };
  const before = await versionOf(agents.openai);
  const after = (await t.ok(key, ReportMcpToolsDocument, { serverId, tools: [reordered, ...INVENTORY.slice(1)] })).reportMcpTools;
  const read = after.tools.find((x) => x.mcpToolName === 'read_text_file')!;
  expect(read.version).toBe(stored('read_text_file').version + 1);
  expect(Object.keys((read.inputSchema as { properties: object }).properties)).toEqual(['head', 'path', 'tail']);
  expect(await versionOf(agents.openai)).toBe(before + 1);
});

it('takes the typed form too, for entries with known keys', async () => {
  const [other] = await world.mcpServers(key, [{ name: 'typed' }]);
  const { futureKey: _f, ...known } = READ_TEXT_FILE;
  const typedReport = await t.ok(key, ReportMcpInventoryStoredDocument, { serverId: other.id, tools: [known] });
  expect(typedReport.reportMcpInventory.tools.map(({ title, inputSchema }) => ({ title, inputSchema }))).toEqual([
    { title: 'Read Text File', inputSchema: READ_TEXT_FILE.inputSchema },
  ]);
  expect(JSON.stringify(typedReport.reportMcpInventory.tools[0].inputSchema)).toBe(JSON.stringify(READ_TEXT_FILE.inputSchema));
});

it('refuses alone an entry no provider could take or one reported twice, and carries names MCP allows that providers do not', async () => {
  const [wild] = await world.mcpServers(key, [{ name: 'wild' }]);
  const tool = (name: string, inputSchema: unknown = { type: 'object' }) => ({ name, description: 'd', inputSchema });
  const report = (
    await t.ok(key, ReportMcpToolsDocument, {
      serverId: wild.id,
      tools: [
        tool('fine'),
        tool('bad', { type: 12 }),
        tool('fine'),
        tool('dotted.name'),
        tool('x'.repeat(65)),
        tool('9starts'),
        tool('a/b'),
      ],
    })
  ).reportMcpTools;
  expect(report.refusedTools.map((r) => [r.index, r.field])).toEqual([
    [1, 'tools[1].inputSchema'],
    [2, 'tools[2].name'],
  ]);
  expect(report.tools.map((x) => x.mcpToolName).sort()).toEqual(['9starts', 'a/b', 'dotted.name', 'fine', 'x'.repeat(65)].sort());
  const box = await toolboxOf(agents.openai);
  const sent = box.tools.map((x) => x.name).filter((n) => n.startsWith('mcp__wild__'));
  expect(sent).toHaveLength(5);
  for (const name of sent) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/);
});

it("warns, on the rule and in the budget report, of a rule naming an MCP tool by its server's own name, which names nothing", async () => {
  const set = await t.ok(key, SetToolRuleMatchingDocument, {
    input: { agentId: agents.anthropic, toolName: 'tool:delete_file', effect: 'DENY' },
  });
  expect(set.setToolRule).toMatchObject({
    matchingToolCount: 0,
    warning:
      'names no tool: delete_file is what an MCP server calls mcp__fs__delete_file; a rule names the tool as tool:mcp__fs__delete_file',
  });
  const budget = await t.ok(key, ToolBudgetReportDocument, { agentId: agents.anthropic });
  expect(budget.toolBudget.ruleWarnings).toEqual([{ subject: 'tool:delete_file', level: 'AGENT', warning: set.setToolRule.warning }]);
  const named = await t.ok(key, SetToolRuleMatchingDocument, {
    input: { agentId: agents.anthropic, toolName: 'tool:mcp__fs__delete_file', effect: 'DENY' },
  });
  expect(named.setToolRule).toMatchObject({ matchingToolCount: 1, warning: null });
});

it('shows on the definition itself every provider family that refuses its schema, and none for a schema all take', async () => {
  const defs = await t.ok(key, ToolDefinitionsDocument, { source: 'MCP' });
  const of = (name: string) => defs.toolDefinitions.find((d) => d.name === name)!.schemaRefusals;
  expect(of('mcp__fs__either')).toEqual([
    { provider: 'OPENAI', rule: 'no-top-level-combinator', pointer: '/anyOf' },
    { provider: 'ANTHROPIC', rule: 'no-top-level-combinator', pointer: '/anyOf' },
  ]);
  expect(of('mcp__fs__read_text_file')).toEqual([]);
});
