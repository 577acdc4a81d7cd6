import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { startTestServer, type TestServer } from './support/harness';
import { ToolboxDocument, type ToolboxQuery } from './support/generated/graphql';
import { TestMcpServer } from './support/mcp-http-server';
import { TestWorld } from './support/test-world';

/*
 * Probes on an interval, and shared by instances of one database: each
 * server is probed by one instance at a time (its lease), so two instances
 * probe it as often as one; a list_changed heard by the holder reaches the
 * other instance's toolboxes.
 */

const INTERVAL_MS = 1000;
const WINDOW_MS = 6000;
const tool = (name: string) => ({ name, description: name, inputSchema: { type: 'object' } });

let t: TestServer;
let mcp: TestMcpServer;
let world: TestWorld;
let key: string;

beforeAll(async () => {
  mcp = await new TestMcpServer([tool('one')]).start();
  const settings = readMcpConnectionSettings({
    LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${mcp.port}`,
    LOADOUT_MCP_PROBE_INTERVAL_MS: String(INTERVAL_MS),
  });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  if (t.databaseKind === 'server') await t.startAnother();
  world = new TestWorld(t);
  key = (await world.organization('Test org')).adminKey;
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await mcp?.stop();
});

it('probes a server once per interval, however many instances share the database', async () => {
  await world.mcpServers(key, [{ name: 's', transport: 'STREAMABLE_HTTP', url: mcp.url }]);
  await new Promise((r) => setTimeout(r, 1500));
  const before = mcp.listRequests;
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  const probes = mcp.listRequests - before;
  // One instance probes every 0.9 to 1.1 s: 5 to 7 in the window. Two instances each probing would make 10 or more.
  expect(probes).toBeGreaterThanOrEqual(4);
  expect(probes).toBeLessThanOrEqual(8);
}, 20_000);

it("a list_changed heard by the server's holder reaches every instance's toolbox within 2 s", async () => {
  const [agent] = await world.agents(key, [{ name: 'a' }]);
  const urls = [t.server.url, ...(t.databaseKind === 'server' ? [(await t.startAnother()).url] : [])];
  const names = async (url: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: ToolboxDocument.toString(), variables: { agentId: agent.id } }),
    });
    return ((await res.json()) as { data: ToolboxQuery }).data.toolbox.tools.map((x) => x.name);
  };
  for (const url of urls) expect(await names(url)).toEqual(['mcp__s__one']);
  const started = Date.now();
  await mcp.setTools([tool('one'), tool('two')]);
  for (const url of urls) {
    while (!(await names(url)).includes('mcp__s__two') && Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 50));
    expect(await names(url)).toEqual(['mcp__s__one', 'mcp__s__two']);
  }
  expect(Date.now() - started).toBeLessThan(2000);
}, 20_000);
