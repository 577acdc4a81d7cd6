import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { logger } from '../src/common/logger';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import {
  BeginMcpTurnDocument,
  McpServersDocument,
  ToolBudgetReportDocument,
  ProbeMcpServerDocument,
  RegisterMcpServerDocument,
  ReportMcpToolsDocument,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestMcpServer } from './support/mcp-http-server';
import { TestWorld } from './support/test-world';

/*
 * Loadout probing real MCP servers of the official SDK over Streamable HTTP
 * on 127.0.0.1: the inventory it stores is the list the server sends, a
 * list_changed reaches the toolbox, faults leave a clear status and the
 * last good inventory, and no header value is ever shown or logged.
 */

const SECRET = 'Bearer sk-test-5f1d2c9a7b';
const SECRET_KEY = 'a'.repeat(64);
const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { z: { type: 'string' }, a: { type: 'number' } }, required: ['z'] },
  ...extra,
});

let t: TestServer;
let world: TestWorld;
let key: string;
let mcp: TestMcpServer;
const logged: string[] = [];

const serverById = async (id: string) => (await t.ok(key, McpServersDocument)).mcpServers.find((s) => s.id === id)!;
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What the server's tools/list answers, every entry as sent, read with the SDK's client. */
async function listedBy(url: string): Promise<unknown[]> {
  const client = new Client({ name: 'check', version: '0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: SECRET } } }));
  const result = await client.request({ method: 'tools/list', params: {} }, ResultSchema);
  await client.close();
  return (result as { tools: unknown[] }).tools;
}

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const)
    jest.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never);
  mcp = await new TestMcpServer([tool('search'), tool('fetch', { annotations: { readOnlyHint: true } })], SECRET).start();
  const settings = readMcpConnectionSettings({
    LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${mcp.port}`,
    LOADOUT_MCP_SECRET_KEY: SECRET_KEY,
    // Room for 16 MiB of the 50 MB answer to arrive on a busy machine, under the stale age.
    LOADOUT_MCP_TIMEOUT_MS: '3000',
    LOADOUT_MCP_STALE_AFTER_MS: '5000',
    LOADOUT_MCP_PROBE_INTERVAL_MS: '60000',
  });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  world = new TestWorld(t);
  key = (await world.organization('Test org')).adminKey;
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await mcp?.stop();
});

let serverId: string;

it('probes a server registered with an address without any runtime, and keeps its header value secret', async () => {
  const registered = (
    await t.ok(key, RegisterMcpServerDocument, {
      input: { name: 'live', transport: 'STREAMABLE_HTTP', url: mcp.url, headers: [{ name: 'Authorization', value: SECRET }] },
    })
  ).registerMcpServer;
  serverId = registered.id;
  expect(registered).toMatchObject({ transport: 'STREAMABLE_HTTP', url: mcp.url, headerNames: ['Authorization'] });
  const probed = await until(
    () => serverById(serverId),
    (s) => s.probe.status === 'OK',
  );
  expect(probed.probe).toMatchObject({ status: 'OK', lastError: null, serverName: 'test-mcp', serverVersion: '1.2.3' });
  expect(probed.probe.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(probed.tools.map((x) => x.name)).toEqual(['mcp__live__search', 'mcp__live__fetch']);
  expect(mcp.seenAuthorization.every((v) => v === SECRET)).toBe(true);
  expect(JSON.stringify(probed)).not.toContain('sk-test');
});

it('stores what the server lists byte for byte, and the same as a runtime reporting that list', async () => {
  const listed = await listedBy(mcp.url);
  const probed = await serverById(serverId);
  expect(probed.tools.map((x) => JSON.stringify(x.inputSchema))).toEqual(
    listed.map((e) => JSON.stringify((e as { inputSchema: unknown }).inputSchema)),
  );
  const [reported] = await world.mcpServers(key, [{ name: 'copy' }]);
  const report = await t.ok(key, ReportMcpToolsDocument, { serverId: reported.id, tools: listed });
  expect(report.reportMcpTools.tools.map((x) => JSON.stringify([x.inputSchema, x.description]))).toEqual(
    probed.tools.map((x) => JSON.stringify([x.inputSchema, x.description])),
  );
  // A probe of an unchanged list moves nothing.
  const again = (await t.ok(key, ProbeMcpServerDocument, { id: serverId })).probeMcpServer;
  expect(again.tools.map((x) => [x.contentHash, x.version])).toEqual(probed.tools.map((x) => [x.contentHash, x.version]));
});

it('refuses a runtime report for a server Loadout probes itself', async () => {
  const refused = await t.gql(key, ReportMcpToolsDocument, { serverId, tools: [] });
  expect(codeOf(refused)).toBe('BAD_USER_INPUT');
  expect(refused.errors?.[0].message).toContain('REPORTED');
});

it('follows notifications/tools/list_changed: the new tool reaches the toolbox within 2 s', async () => {
  const [agent] = await world.agents(key, [{ name: 'a' }]);
  const names = async () => (await world.toolbox(key, { agentId: agent.id })).tools.map((x) => x.name);
  expect(await names()).toContain('mcp__live__search');
  const started = Date.now();
  await mcp.setTools([...mcp.tools, tool('create_issue')]);
  const after = await until(names, (n) => n.includes('mcp__live__create_issue'), 2000);
  expect(after).toContain('mcp__live__create_issue');
  expect(Date.now() - started).toBeLessThan(2000);
});

let agentId: string;

it("records with each turn how fresh each carried server's inventory was: probed and fresh, or reported", async () => {
  [{ id: agentId }] = await world.agents(key, [{ name: 'turns' }]);
  const conversation = await world.startConversation(key, { agentId });
  const turn = await t.ok(key, BeginMcpTurnDocument, { conversationId: conversation });
  expect(turn.beginTurn.mcpInventories).toEqual([
    { server: 'copy', transport: 'REPORTED', status: 'OK', lastOkAt: null },
    { server: 'live', transport: 'STREAMABLE_HTTP', status: 'OK', lastOkAt: expect.any(String) },
  ]);
});

it.each([
  ['garbage', { kind: 'garbage' as const }, /not MCP|JSON|unexpected/i],
  ['no answer', { kind: 'slow' as const }, /no answer within/],
  ['a 50 MB answer', { kind: 'huge' as const, bytes: 50 * 1024 * 1024 }, /larger than 16 MiB/],
  ['a redirect to 169.254.169.254', { kind: 'redirect' as const, to: 'http://169.254.169.254/latest/meta-data/' }, /^not allowed/],
  ['a redirect to another port of 127.0.0.1', { kind: 'redirect' as const, to: 'http://127.0.0.1:9/mcp' }, /^not allowed/],
])(
  'a server answering %s is FAILING with a clear error and keeps its tools',
  async (_, behaviour, error) => {
    // A good probe first, so the failure is timed from a fresh inventory and never meets the stale age.
    expect((await t.ok(key, ProbeMcpServerDocument, { id: serverId })).probeMcpServer.probe.status).toBe('OK');
    mcp.behaviour = behaviour;
    const failed = (await t.ok(key, ProbeMcpServerDocument, { id: serverId })).probeMcpServer;
    mcp.behaviour = { kind: 'ok' };
    expect(failed.probe.status).toBe('FAILING');
    expect(failed.probe.lastError).toMatch(error);
    expect(failed.tools.length).toBe(3);
    expect(new Date(failed.probe.nextProbeAt!).getTime()).toBeGreaterThan(Date.now());
  },
  20_000,
);

it('turns STALE once its last good inventory is older than the stale age, named so in the budget report and counted so in /metrics', async () => {
  await mcp.stop();
  const failing = (await t.ok(key, ProbeMcpServerDocument, { id: serverId })).probeMcpServer;
  expect(failing.probe.status).toMatch(/FAILING|STALE/);
  expect(failing.probe.lastError).toMatch(/refused|closed/);
  const stale = await until(
    () => serverById(serverId),
    (s) => s.probe.status === 'STALE',
    10_000,
  );
  expect(stale.probe.status).toBe('STALE');
  expect(stale.tools.length).toBe(3);
  const budget = await t.ok(key, ToolBudgetReportDocument, {});
  expect(budget.toolBudget.mcpServerNotes.map(({ server, status, lastError }) => ({ server, status, lastError }))).toEqual([
    { server: 'live', status: 'STALE', lastError: expect.stringMatching(/refused|closed/) },
  ]);
  const rest = (await (await fetch(`${t.server.url}/rpc/tools/gc`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
    mcpServerNotes: Array<{ server: string; status: string }>;
  };
  expect(rest.mcpServerNotes.map((n) => [n.server, n.status])).toEqual([['live', 'STALE']]);
  const metrics = await (await fetch(`${t.server.url}/metrics`)).text();
  expect(metrics).toMatch(/^loadout_mcp_servers\{status="STALE"\} 1$/m);
  expect(Number(/^loadout_mcp_probe_duration_seconds_count\{outcome="ok"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
  expect(Number(/^loadout_mcp_probe_duration_seconds_count\{outcome="failed"\} (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(5);
});

it('refuses addresses outside the allow-list at registration, as "not allowed"', async () => {
  for (const url of ['http://127.0.0.1:1/mcp', 'http://169.254.169.254/mcp', 'http://10.0.0.1/mcp', 'file:///etc/passwd']) {
    const result = await t.gql(key, RegisterMcpServerDocument, { input: { name: 'x', transport: 'STREAMABLE_HTTP', url } });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('input.url');
  }
  const stdio = await t.gql(key, RegisterMcpServerDocument, { input: { name: 'x', transport: 'STDIO' } });
  expect(stdio.errors?.[0].extensions?.field).toBe('input.transport');
});

it('never writes a header value into a log line', () => {
  expect(logged.some((line) => line.includes('MCP server status changed'))).toBe(true);
  expect(logged.filter((line) => line.includes('sk-test'))).toEqual([]);
});
