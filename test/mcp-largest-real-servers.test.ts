import { gzipSync } from 'node:zlib';
import { QUERY_LIMITS } from '../src/server/query-limits';
import { startTestServer, typed, type Created, type TestServer } from './support/harness';
import { readLargestToolLists, type RealToolList } from './support/mcp-servers';
import { postBody } from './support/post-body';

/*
 * The two largest real inventories, Microsoft 365's and Lark's MCP servers
 * run over stdio: each whole `tools/list` goes in one report, plain or
 * gzipped, and every tool comes back with the text the server sent, key
 * order included; the gzipped report of the same list is the same
 * inventory.
 */

interface Stored {
  id: string;
  mcpToolName: string;
  description: string;
  inputSchema: unknown;
  outputSchema: unknown;
  version: number;
  contentHash: string;
}
interface Reported {
  reportMcpTools: { refusedTools: Array<{ index: number; field: string; reason: string }>; tools: Stored[] };
}
const REPORT = `mutation($s: ID!, $tools: [McpTool!]!) {
  reportMcpTools(serverId: $s, tools: $tools, advertisesResources: false) {
    refusedTools { index field reason } tools { id mcpToolName description inputSchema outputSchema version contentHash } } }`;
const VERSION = typed<{ agent: { loadoutVersion: number } }>(`query($a: ID!) { agent(id: $a) { loadoutVersion } }`);

let t: TestServer;
let key: string;
let agentId: string;
let lists: RealToolList[];
const servers = new Map<string, string>();
const first = new Map<string, Reported['reportMcpTools']>();

const listOf = (server: string) => lists.find((l) => l.server === server)!;
const bodyOf = (server: string) => JSON.stringify({ query: REPORT, variables: { s: servers.get(server), tools: listOf(server).tools } });
const text = (value: unknown) => JSON.stringify(value ?? null);

async function report(server: string, gzip: boolean): Promise<Reported['reportMcpTools']> {
  const result = await postBody(t.url, bodyOf(server), { key, gzip });
  expect(result.json.errors).toBeUndefined();
  return (result.json.data as Reported).reportMcpTools;
}

beforeAll(async () => {
  [lists, t] = await Promise.all([readLargestToolLists(), startTestServer()]);
  key = (await t.createOrganization()).adminKey;
  agentId = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a", model: "openai/gpt-4o" }) { id } }`))
    .createAgent.id;
  for (const { server } of lists) {
    const created = await t.ok<Created<'registerMcpServer'>>(
      key,
      `mutation($n: String!) { registerMcpServer(input: { name: $n }) { id } }`,
      {
        n: server,
      },
    );
    servers.set(server, created.registerMcpServer.id);
  }
}, 60_000);
afterAll(() => t?.stop());

it('lists each whole inventory offline, each larger than any other request may be', () => {
  const sizes = lists.map(({ server, tools }) => [server, tools.length, Buffer.byteLength(JSON.stringify({ tools }))] as const);
  expect(sizes.map(([server, count]) => [server, count])).toEqual([
    ['ms365', 344],
    ['lark', 498],
  ]);
  for (const [, , bytes] of sizes) expect(bytes).toBeGreaterThan(QUERY_LIMITS.maxBodyBytes);
});

it.each(['ms365', 'lark'])('%s: one report stores every tool, each with the text its server sent', async (server) => {
  const sent = listOf(server).tools;
  const stored = await report(server, false);
  first.set(server, stored);
  expect(stored.refusedTools).toEqual([]);
  expect(stored.tools).toHaveLength(sent.length);
  const byName = new Map(stored.tools.map((x) => [x.mcpToolName, x]));
  for (const tool of sent) {
    const kept = byName.get(tool.name as string)!;
    expect(kept.description).toBe(tool.description ?? '');
    expect(text(kept.inputSchema)).toBe(text(tool.inputSchema));
    expect(text(kept.outputSchema)).toBe(text(tool.outputSchema));
  }
});

it.each(['ms365', 'lark'])('%s: the same list gzipped is the same inventory, and moves no version', async (server) => {
  expect(gzipSync(bodyOf(server)).length).toBeLessThan(QUERY_LIMITS.maxBodyBytes);
  const version = (await t.ok(key, VERSION, { a: agentId })).agent.loadoutVersion;
  const again = await report(server, true);
  const summary = (r: Reported['reportMcpTools']) => r.tools.map((x) => [x.id, x.mcpToolName, x.version, x.contentHash]);
  expect(summary(again)).toEqual(summary(first.get(server)!));
  expect((await t.ok(key, VERSION, { a: agentId })).agent.loadoutVersion).toBe(version);
});
