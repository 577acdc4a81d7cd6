import { schemaRefusals } from '../src/loadout/tokens';
import { McpToolboxDocument, ReportMcpToolsDocument, type ReportMcpToolsMutation } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { readRealToolLists, type RealToolList } from './support/mcp-servers';
import { TestWorld } from './support/test-world';

/*
 * The three reference MCP servers, run for real over stdio: each one's
 * `tools/list` entries are reported exactly as the SDK's client returned
 * them, and every tool must come back, to the toolbox and to every provider,
 * with the schema text the server sent, order included.
 */

const SERVERS = ['everything', 'filesystem', 'memory'] as const;
const PROVIDERS = ['openai', 'anthropic', 'google'] as const;
type Provider = (typeof PROVIDERS)[number];
type Entry = Record<string, unknown>;

type Reported = ReportMcpToolsMutation['reportMcpTools'];
type Definition = Reported['tools'][number];

/** Each rendered tool's name and schema, in toolbox order, whatever the provider's shape. */
const RENDERED: Record<Provider, (rendered: unknown) => Array<{ name: unknown; schema: unknown }>> = {
  openai: (r) =>
    (r as Array<{ function: { name: string; parameters: unknown } }>).map((x) => ({
      name: x.function.name,
      schema: x.function.parameters,
    })),
  anthropic: (r) => (r as Array<{ name: string; input_schema: unknown }>).map((x) => ({ name: x.name, schema: x.input_schema })),
  google: (r) =>
    (r as Array<{ functionDeclarations: Array<{ name: string; parametersJsonSchema?: unknown; parameters?: unknown }> }>)
      .flatMap((x) => x.functionDeclarations)
      .map((d) => ({ name: d.name, schema: d.parametersJsonSchema ?? d.parameters })),
};

/** MCP `Tool` keys Loadout gives fields of their own; the rest is `mcpEntry`. */
const OWN_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
const text = (value: unknown) => JSON.stringify(value ?? null);

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
const lists = new Map<string, RealToolList>();
const serverIds = new Map<string, string>();
const firstReport = new Map<string, Reported>();

const report = async (server: string) =>
  (await t.ok(key, ReportMcpToolsDocument, { serverId: serverIds.get(server)!, tools: lists.get(server)!.tools })).reportMcpTools;
const toolboxNow = () => t.ok(key, McpToolboxDocument, { agentId });
/** Every reported tool by server and its own name: `everything/echo`. */
const sent = () =>
  new Map<string, Entry>(
    [...lists.values()].flatMap((l) => l.tools.map((tool): [string, Entry] => [`${l.server}/${String(tool.name)}`, tool])),
  );

beforeAll(async () => {
  const [read, server] = await Promise.all([readRealToolLists(), startTestServer()]);
  t = server;
  for (const list of read) lists.set(list.server, list);
  expect([...lists.keys()].sort()).toEqual([...SERVERS]);
  world = new TestWorld(t);
  const organization = await world.organization('Test org', { agents: [{ name: 'a', maxTools: 100 }] });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  const servers = await world.mcpServers(
    key,
    SERVERS.map((name) => ({ name })),
  );
  for (const { id, name } of servers) serverIds.set(name, id);
  for (const name of SERVERS) firstReport.set(name, await report(name));
}, 120_000);
afterAll(() => t?.stop());

it('the three reference servers together report no more tools than one agent may carry (100)', () => {
  expect(sent().size).toBeLessThanOrEqual(100);
});

it.each(SERVERS)('stores every tool %s reports, with the schemas, title, annotations and the rest of its entry as sent', (server) => {
  const tools = lists.get(server)!.tools;
  const { refusedTools, tools: stored } = firstReport.get(server)!;
  expect(refusedTools).toEqual([]);
  expect(stored).toHaveLength(tools.length - refusedTools.length);
  const byName = new Map(stored.map((d) => [d.mcpToolName, d]));
  for (const tool of tools) {
    const def = byName.get(tool.name as string);
    expect(def).toBeDefined();
    expect(def!.name).toBe(`mcp__${server}__${String(tool.name)}`);
    expect(def!.description).toBe(tool.description ?? '');
    expect(text(def!.inputSchema)).toBe(text(tool.inputSchema));
    expect(text(def!.outputSchema)).toBe(text(tool.outputSchema));
    expect(def!.title).toBe(tool.title ?? null);
    const hints = { title: null, readOnlyHint: null, destructiveHint: null, idempotentHint: null, openWorldHint: null };
    expect(def!.annotations).toEqual(tool.annotations === undefined ? null : { ...hints, ...(tool.annotations as Entry) });
    const rest = Object.fromEntries(Object.entries(tool).filter(([k]) => !OWN_FIELDS.has(k)));
    if (Object.keys(rest).length > 0) expect(def!.mcpEntry).toMatchObject(rest);
  }
});

it('carries every tool, and sends each one to every provider with the schema text its server sent, within the provider rules', async () => {
  const { toolbox } = await toolboxNow();
  const reported = sent();
  expect(toolbox.dropped).toEqual([]);
  const carried = toolbox.tools.map((e) => `${e.tool.mcpServer?.name}/${e.tool.mcpToolName}`);
  expect([...carried].sort()).toEqual([...reported.keys()].sort());
  toolbox.tools.forEach((entry, i) => expect(text(entry.tool.inputSchema)).toBe(text(reported.get(carried[i])!.inputSchema)));
  for (const provider of PROVIDERS) {
    const rendered = RENDERED[provider](toolbox[provider]);
    expect(rendered.map((r) => r.name)).toEqual(toolbox.tools.map((e) => e.name));
    rendered.forEach(({ schema }, i) => {
      const where = `${provider}: ${carried[i]}`;
      expect({ where, schema: text(schema) }).toEqual({ where, schema: text(reported.get(carried[i])!.inputSchema) });
      expect({ where, refusal: schemaRefusals(schema)?.[provider] }).toEqual({ where, refusal: undefined });
    });
  }
});

it('moves nothing when every server reports the same list again', async () => {
  const before = await toolboxNow();
  for (const server of SERVERS) {
    const again = await report(server);
    expect(again.refusedTools).toEqual([]);
    const was = (d: Definition) => ({ id: d.id, mcpToolName: d.mcpToolName, version: d.version, contentHash: d.contentHash });
    expect(again.tools.map(was)).toEqual(firstReport.get(server)!.tools.map(was));
  }
  const after = await toolboxNow();
  expect(after.agent!.loadoutVersion).toBe(before.agent!.loadoutVersion);
  expect(after.toolbox.fingerprint).toBe(before.toolbox.fingerprint);
});

const annotationsOf = (tool: Entry) => (tool.annotations ?? {}) as Entry;
const fullName = (id: string) => `mcp__${id.replace('/', '__')}`;

it('excludes with one hint:destructive rule every tool of a real server that MCP defaults call destructive, and nothing else', async () => {
  // Destructive unless the tool says it is read-only or not destructive (docs/semantics.md §3.9).
  const destructive = [...sent()].filter(([, tool]) => {
    const a = annotationsOf(tool);
    return a.readOnlyHint !== true && a.destructiveHint !== false;
  });
  expect(destructive.length).toBeGreaterThan(0);
  await world.rules(key, [{ agentId, toolName: 'hint:destructive', effect: 'DENY' }]);
  const { toolbox } = await toolboxNow();
  const excluded = toolbox.dropped.filter((d) => d.reason === 'EXCLUDED').map((d) => d.tool.name);
  expect(excluded.sort()).toEqual(destructive.map(([id]) => fullName(id)).sort());
  expect(toolbox.dropped.filter((d) => d.reason !== 'EXCLUDED')).toEqual([]);
});

it('keeps only the tools real servers call read-only with one DENY on hint:!readOnly', async () => {
  const readOnly = [...sent()].filter(([, tool]) => annotationsOf(tool).readOnlyHint === true);
  expect(readOnly.length).toBeGreaterThan(0);
  await world.rules(key, [{ agentId, toolName: 'hint:!readOnly', effect: 'DENY' }]);
  const { toolbox } = await toolboxNow();
  const kept = toolbox.tools.map(({ tool }) => `mcp__${tool.mcpServer!.name}__${tool.mcpToolName}`);
  expect(kept.sort()).toEqual(readOnly.map(([id]) => fullName(id)).sort());
  expect(toolbox.dropped.every((d) => d.reason === 'EXCLUDED')).toBe(true);
});
