import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { McpServersDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { startEverything } from './support/mcp-servers';
import { TestWorld } from './support/test-world';

/*
 * The reference "everything" server run for real in its two HTTP modes on
 * 127.0.0.1 (Streamable HTTP, and the older SSE transport), probed by
 * Loadout: its inventory byte for byte as a raw tools/list answers it, and
 * a call through Loadout's pool answered as the server sent it.
 */

/** Every entry of tools/list as the server sends it (the SDK's listTools would reorder keys). */
async function rawList(transport: Transport): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ name: 'check', version: '0' });
  await client.connect(transport);
  const result = await client.request({ method: 'tools/list', params: {} }, ResultSchema);
  await client.close();
  return (result as { tools: Array<Record<string, unknown>> }).tools;
}

let t: TestServer;
let key: string;
const children: ChildProcess[] = [];
const ports: Record<'streamableHttp' | 'sse', number> = { streamableHttp: 0, sse: 0 };

beforeAll(async () => {
  for (const mode of ['streamableHttp', 'sse'] as const) {
    const started = await startEverything(mode);
    children.push(started.child);
    ports[mode] = started.port;
  }
  const settings = readMcpConnectionSettings({ LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${ports.streamableHttp},127.0.0.1:${ports.sse}` });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  const world = new TestWorld(t);
  key = (await world.organization('Test org')).adminKey;
  await world.mcpServers(key, [
    { name: 'http', transport: 'STREAMABLE_HTTP', url: `http://127.0.0.1:${ports.streamableHttp}/mcp` },
    { name: 'sse', transport: 'SSE', url: `http://127.0.0.1:${ports.sse}/sse` },
  ]);
}, 60_000);
afterAll(async () => {
  await t?.stop();
  for (const child of children) child.kill('SIGKILL');
});

it('probes the real server over Streamable HTTP and over SSE, each inventory byte for byte as the server lists it', async () => {
  const deadline = Date.now() + 20_000;
  let servers = (await t.ok(key, McpServersDocument)).mcpServers;
  while (Date.now() < deadline && !servers.every((s) => s.probe.status === 'OK' && s.tools.length > 0)) {
    await new Promise((r) => setTimeout(r, 200));
    servers = (await t.ok(key, McpServersDocument)).mcpServers;
  }
  expect(servers.map((s) => [s.name, s.probe.status, s.probe.serverName])).toEqual([
    ['http', 'OK', 'mcp-servers/everything'],
    ['sse', 'OK', 'mcp-servers/everything'],
  ]);
  const lists = {
    http: await rawList(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${ports.streamableHttp}/mcp`))),
    sse: await rawList(new SSEClientTransport(new URL(`http://127.0.0.1:${ports.sse}/sse`))),
  };
  for (const server of servers) {
    const stored = new Map(server.tools.map((x) => [x.mcpToolName, JSON.stringify([x.inputSchema, x.description])]));
    const listed = lists[server.name as 'http' | 'sse'];
    expect(listed.length).toBeGreaterThan(5);
    // What the server lists to a client that has just initialised; the probe's own session may list a few more.
    for (const entry of listed) expect(stored.get(entry.name as string)).toBe(JSON.stringify([entry.inputSchema, entry.description ?? '']));
  }
}, 30_000);

it("calls a tool through Loadout's pool and answers as the server did", async () => {
  const http = (await t.ok(key, McpServersDocument)).mcpServers.find((s) => s.name === 'http')!;
  const result = await t.server.services.mcpConnections.callTool(http.id, 'echo', { message: 'hello' });
  expect(result.content).toEqual([{ type: 'text', text: 'Echo: hello' }]);
  const unknown = await t.server.services.mcpConnections.callTool(http.id, 'no_such_tool', {});
  expect(unknown.isError).toBe(true);
}, 20_000);
