import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { freePort } from './support/free-port';
import { McpServersDocument, ReportMcpToolsDocument, type McpServersQuery } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { binOf, larkToolNames } from './support/mcp-servers';
import { TestWorld } from './support/test-world';

/*
 * One of the largest real inventories, Lark's MCP server (about 500 tools,
 * 1.5 MB of tools/list), run for real in its Streamable HTTP mode and probed
 * by Loadout: stored whole, every schema byte for byte as the server sent
 * it, and the same inventory, content hashes included, as a runtime's
 * report of that list.
 */

type Tool = McpServersQuery['mcpServers'][number]['tools'][number];

let t: TestServer;
let lark: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  const home = mkdtempSync(path.join(tmpdir(), 'loadout-lark-'));
  const args = ['mcp', '-a', 'cli_offline', '-s', 'offline', '--token-mode', 'user_access_token', '-t', larkToolNames()];
  lark = spawn(
    process.execPath,
    [binOf('@larksuiteoapi/lark-mcp'), ...args, '-m', 'streamable', '--host', '127.0.0.1', '-p', String(port)],
    {
      env: { ...process.env, HOME: home },
      stdio: 'ignore',
    },
  );
  url = `http://127.0.0.1:${port}/mcp`;
  const settings = readMcpConnectionSettings({ LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${port}`, LOADOUT_MCP_TIMEOUT_MS: '30000' });
  t = await startTestServer({ mcp: { ...settings, tickMs: 200 } });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  lark?.kill('SIGKILL');
});

/** Lark's tools/list as it sends it, once it answers. */
async function listed(): Promise<unknown[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const client = new Client({ name: 'check', version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      const result = await client.request({ method: 'tools/list', params: {} }, ResultSchema);
      await client.close();
      return (result as { tools: unknown[] }).tools;
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

it('probes it whole, byte for byte, and the same inventory as a report of the same list', async () => {
  const tools = await listed();
  expect(tools.length).toBeGreaterThan(400);
  expect(Buffer.byteLength(JSON.stringify(tools))).toBeGreaterThan(1024 * 1024);

  const world = new TestWorld(t);
  const [{ adminKey: probedKey }, { adminKey: reportedKey }] = await world.organizations(['probed', 'reported']);
  await world.mcpServers(probedKey, [{ name: 'lark', transport: 'STREAMABLE_HTTP', url }]);
  const [reportedServer] = await world.mcpServers(reportedKey, [{ name: 'lark' }]);
  await t.ok(reportedKey, ReportMcpToolsDocument, { serverId: reportedServer.id, tools });

  // A read, so it is sent again once when the server closed a kept-alive connection under it: on the embedded
  // database the probe's writes run in the server's own thread and may hold its timers back past a request.
  const servers = () =>
    t.ok(probedKey, McpServersDocument).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      return t.ok(probedKey, McpServersDocument);
    });
  const deadline = Date.now() + 60_000;
  let [probed] = (await servers()).mcpServers;
  while (probed.probe.status !== 'OK' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    [probed] = (await servers()).mcpServers;
  }
  const [reported] = (await t.ok(reportedKey, McpServersDocument)).mcpServers;
  expect(probed.probe).toMatchObject({ status: 'OK', lastError: null });
  expect(probed.refusedTools).toEqual([]);
  expect(probed.tools.length).toBe(tools.length);
  const sent = new Map(tools.map((e) => [(e as { name: string }).name, e as { description?: string; inputSchema: unknown }]));
  for (const tool of probed.tools) {
    const entry = sent.get(tool.mcpToolName!)!;
    expect(JSON.stringify([tool.inputSchema, tool.description])).toBe(JSON.stringify([entry.inputSchema, entry.description ?? '']));
  }
  const byName = (list: Tool[]) => new Map(list.map((x) => [x.mcpToolName, x.contentHash]));
  expect(byName(probed.tools)).toEqual(byName(reported.tools));
}, 120_000);
