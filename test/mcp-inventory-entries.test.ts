import {
  McpToolboxDocument,
  ReportMcpInventoryStoredDocument,
  ReportMcpToolsDocument,
  WorldToolDocument,
  type McpToolInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * An inventory is carried whatever one of its entries holds: an entry with
 * text the database cannot store, nesting too deep to walk, or a field over
 * its bound is refused alone with its field and reason (docs/semantics.md
 * §8.4), in both the scalar and the typed report. Fields never sent to a
 * model have bounds of their own, and an input schema larger than a
 * provider takes is stored and left out for that provider only.
 */

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;

/** A report of `tools` for the server, in the scalar form and in the typed one. */
const reports = {
  reportMcpTools: async (serverId: string, tools: unknown[]) =>
    (await t.ok(key, ReportMcpToolsDocument, { serverId, tools })).reportMcpTools,
  reportMcpInventory: async (serverId: string, tools: McpToolInput[]) =>
    (await t.ok(key, ReportMcpInventoryStoredDocument, { serverId, tools })).reportMcpInventory,
};

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  ...extra,
});
/** An object schema nested `levels` properties deep. */
const nested = (levels: number): Record<string, unknown> => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { p: schema } };
  return schema;
};
/** An object schema of about `bytes` as JSON text. */
const schemaOf = (bytes: number) => ({ type: 'object', properties: { q: { type: 'string', description: 'x'.repeat(bytes) } } });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

const register = async (name: string) => (await world.mcpServers(key, [{ name }]))[0].id;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const organization = await world.organization('Test org', { agents: [{ name: 'a', model: 'anthropic/claude-sonnet-4-5' }] });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
});
afterAll(() => t.stop());

const BAD_ENTRIES = [
  tool('fine_first'),
  // A description cut mid-emoji: the high surrogate of 😀 without its pair.
  tool('cut', { description: 'Finds a face \ud83d' }),
  tool('nul', { inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'a\u0000b' } } } }),
  tool('deep', { inputSchema: nested(40) }),
  tool('bad\u0000name'),
  tool('fine_last'),
];

it.each(['reportMcpTools', 'reportMcpInventory'] as const)(
  '%s refuses alone an entry with a lone surrogate, a NUL or nesting too deep, and stores the rest',
  async (field) => {
    const serverId = await register(`bad_${field}`);
    const report = await reports[field](serverId, BAD_ENTRIES);
    expect(report.tools.map((x) => x.mcpToolName)).toEqual(['fine_first', 'fine_last']);
    expect(report.refusedTools).toEqual([
      { index: 1, name: 'cut', field: 'tools[1].description', reason: 'must be valid Unicode text (it has a lone surrogate)' },
      { index: 2, name: 'nul', field: 'tools[2].inputSchema.properties.q.description', reason: 'must not contain NUL characters' },
      {
        index: 3,
        name: 'deep',
        field: expect.stringMatching(/^tools\[3\]\.inputSchema(\.properties\.p)+/),
        reason: 'must nest at most 64 levels',
      },
      { index: 4, name: null, field: 'tools[4].name', reason: 'must not contain NUL characters' },
    ]);
  },
);

it('keeps outputSchema, _meta and icons far larger than the other keys may be, each within its own bound', async () => {
  const serverId = await register('unsent');
  // The size of Brave Search's brave_place_search outputSchema.
  const outputSchema = schemaOf(71 * 1024);
  const _meta = { 'vendor.example/catalogue': 'm'.repeat(200 * 1024) };
  const icons = [{ src: `data:image/png;base64,${'A'.repeat(300 * 1024)}`, mimeType: 'image/png' }];
  const report = (
    await t.ok(key, ReportMcpToolsDocument, {
      serverId,
      tools: [
        tool('place_search', { outputSchema, _meta, icons }),
        tool('huge_output', { outputSchema: schemaOf(600 * 1024) }),
        tool('huge_title', { title: 't'.repeat(65 * 1024) }),
      ],
    })
  ).reportMcpTools;
  expect(report.tools.map((x) => x.mcpToolName)).toEqual(['place_search']);
  expect(JSON.stringify(report.tools[0].outputSchema)).toBe(JSON.stringify(outputSchema));
  expect(JSON.stringify(report.tools[0].mcpEntry)).toBe(JSON.stringify({ outputSchema, _meta, icons }));
  expect(report.refusedTools).toEqual([
    { index: 1, name: 'huge_output', field: 'tools[1].outputSchema', reason: 'must be at most 512 KiB as JSON text' },
    { index: 2, name: 'huge_title', field: 'tools[2]', reason: expect.stringMatching(/at most 64 KiB together/) },
  ]);
});

it('stores an MCP input schema larger than providers take and leaves it out per provider, where a custom tool is refused', async () => {
  const serverId = await register('large');
  const large = schemaOf(235 * 1024);
  const report = (
    await t.ok(key, ReportMcpToolsDocument, {
      serverId,
      tools: [tool('large_schema', { inputSchema: large }), tool('over', { inputSchema: schemaOf(1100 * 1024) })],
    })
  ).reportMcpTools;
  expect(report.tools.map((x) => x.mcpToolName)).toEqual(['large_schema']);
  expect(JSON.stringify(report.tools[0].inputSchema)).toBe(JSON.stringify(large));
  expect(bytes(large)).toBeGreaterThan(235 * 1024);
  expect(report.refusedTools).toEqual([{ index: 1, name: 'over', field: 'tools[1].inputSchema', reason: 'must be at most 1024 KiB' }]);
  const box = await t.ok(key, McpToolboxDocument, { agentId });
  expect(box.toolbox.dropped.find((d) => d.name === 'mcp__large__large_schema')).toMatchObject({
    name: 'mcp__large__large_schema',
    reason: 'INCOMPATIBLE_SCHEMA',
    schemaRefusal: { rule: 'size' },
  });
  const custom = await t.gql(key, WorldToolDocument, { input: { name: 'big', description: 'd', inputSchema: large } });
  expect(custom.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.inputSchema' });
  expect(custom.errors?.[0]?.message).toMatch(/at most 64 KiB/);
});

it('takes an entry without a description, as MCP allows, and stores it with an empty one', async () => {
  const serverId = await register('bare');
  const report = (await t.ok(key, ReportMcpToolsDocument, { serverId, tools: [{ name: 'ping', inputSchema: { type: 'object' } }] }))
    .reportMcpTools;
  expect(report.refusedTools).toEqual([]);
  expect(report.tools).toMatchObject([{ mcpToolName: 'ping', description: '' }]);
});
