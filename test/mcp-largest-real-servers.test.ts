import { gzipSync } from 'node:zlib';
import { QUERY_LIMITS } from '../src/server/query-limits';
import { AgentLoadoutDocument, ReportMcpToolsDocument, type ReportMcpToolsMutation } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { readLargestToolLists, type RealToolList } from './support/mcp-servers';
import { postBody } from './support/post-body';
import { TestWorld } from './support/test-world';

/*
 * The two largest real inventories, Microsoft 365's and Lark's MCP servers
 * run over stdio: each whole `tools/list` goes in one report, plain or
 * gzipped, and every tool comes back with the text the server sent, key
 * order included; the gzipped report of the same list is the same
 * inventory.
 */

let t: TestServer;
let key: string;
let agentId: string;
let lists: RealToolList[];
const servers = new Map<string, string>();
const first = new Map<string, ReportMcpToolsMutation['reportMcpTools']>();

const listOf = (server: string) => lists.find((l) => l.server === server)!;
const bodyOf = (server: string) =>
  JSON.stringify({ query: ReportMcpToolsDocument.toString(), variables: { serverId: servers.get(server), tools: listOf(server).tools } });
const versionOf = async (id: string) => (await t.ok(key, AgentLoadoutDocument, { id })).agent!.loadoutVersion;
const text = (value: unknown) => JSON.stringify(value ?? null);

async function report(server: string, gzip: boolean): Promise<ReportMcpToolsMutation['reportMcpTools']> {
  const result = await postBody(t.url, bodyOf(server), { key, gzip });
  expect(result.json.errors).toBeUndefined();
  return (result.json.data as ReportMcpToolsMutation).reportMcpTools;
}

beforeAll(async () => {
  [lists, t] = await Promise.all([readLargestToolLists(), startTestServer()]);
  const world = new TestWorld(t);
  const organization = await world.organization('Test org', { agents: [{ name: 'a', model: 'openai/gpt-4o' }] });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  const registered = await world.mcpServers(
    key,
    lists.map(({ server }) => ({ name: server })),
  );
  for (const { id, name } of registered) servers.set(name, id);
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
  const version = await versionOf(agentId);
  const again = await report(server, true);
  const summary = (r: ReportMcpToolsMutation['reportMcpTools']) => r.tools.map((x) => [x.id, x.mcpToolName, x.version, x.contentHash]);
  expect(summary(again)).toEqual(summary(first.get(server)!));
  expect(await versionOf(agentId)).toBe(version);
});
