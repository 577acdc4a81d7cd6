import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { startTestServer, type TestServer } from './support/harness';
import { TestMcpServer } from './support/mcp-http-server';
import { TestWorld } from './support/test-world';

/*
 * The MCP gateway's bounds, with small ones: sessions per key and per
 * organisation, idle sessions closed, request bodies bounded, a stopping
 * instance ending sessions' notification streams at once and answering
 * the calls in flight.
 */

let t: TestServer;
let admin: string;
let agentId: string;

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};
/** A JSON-RPC POST to an agent's MCP door on `server`. */
const postTo = (server: TestServer, key: string, agent: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.server.url}/mcp/agents/${agent}?channel=web`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${key}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const post = (key: string, body: unknown, headers: Record<string, string> = {}, agent = agentId) => postTo(t, key, agent, body, headers);
/** A tools/list of a session on `server`. */
const listOn = (server: TestServer, key: string, session: string, agent: string) =>
  postTo(
    server,
    key,
    agent,
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
  );
const list = (key: string, session: string, agent: string) => listOn(t, key, session, agent);

/** An organisation with a "web" channel and one agent: its admin key and the agent's id. */
async function tenant(server: TestServer, name = 'Test org'): Promise<{ key: string; agent: string }> {
  const { adminKey, agents } = await new TestWorld(server).organization(name, { agents: [{ name: 'a' }] });
  return { key: adminKey, agent: agents[0].id };
}

beforeAll(async () => {
  t = await startTestServer({
    mcpGateway: { sessionsPerKey: 2, sessionsPerOrganization: 3, idleMs: 1000, maxBodyBytes: 4096 },
    shutdownGraceMs: 20_000,
  });
  ({ key: admin, agent: agentId } = await tenant(t));
}, 60_000);
afterAll(() => t?.stop());

it('holds at most the sessions a key and an organisation may, refusing the next with 503 and why', async () => {
  const [first, second] = [await t.createKey(admin, 'RUNTIME'), await t.createKey(admin, 'RUNTIME')];
  expect((await post(first, initialize)).status).toBe(200);
  expect((await post(first, initialize)).status).toBe(200);
  const third = await post(first, initialize);
  expect(third.status).toBe(503);
  expect(third.headers.get('retry-after')).toBeTruthy();
  expect(((await third.json()) as { error: { message: string } }).error.message).toMatch(/At most 2 open MCP sessions per API key/);
  expect((await post(second, initialize)).status).toBe(200);
  const fourth = await post(second, initialize);
  expect(((await fourth.json()) as { error: { message: string } }).error.message).toMatch(/At most 3 open MCP sessions per organisation/);
});

it('closes a session unused for longer than the idle time: its id is then unknown', async () => {
  const { key: other, agent } = await tenant(t, 'idle');
  const opened = await post(other, initialize, {}, agent);
  const session = opened.headers.get('mcp-session-id')!;
  expect((await list(other, session, agent)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 2500));
  expect((await list(other, session, agent)).status).toBe(404);
});

it('refuses a body past the bound with 413, and one that is not JSON with a parse error', async () => {
  const key = (await t.createOrganization('bodies')).adminKey;
  const big = await post(key, { ...initialize, params: { ...initialize.params, padding: 'x'.repeat(8192) } });
  expect(big.status).toBe(413);
  const garbled = await post(key, '{"jsonrpc":');
  expect(garbled.status).toBe(400);
  expect(((await garbled.json()) as { error: { code: number } }).error.code).toBe(-32700);
});

// Its own instance, whose sessions never go idle while the flood lasts, however slow the machine.
describe('a flood of sessions', () => {
  let f: TestServer;
  beforeAll(async () => {
    f = await startTestServer({ mcpGateway: { sessionsPerKey: 2, sessionsPerOrganization: 3 } });
  }, 60_000);
  afterAll(() => f?.stop());

  it("refuses one tenant's flood of sessions past its caps, and meanwhile answers another tenant's lists", async () => {
    const { key: flooder, agent: floodAgent } = await tenant(f, 'flood');
    const { key: calm, agent: calmAgent } = await tenant(f, 'calm');
    const session = (await postTo(f, calm, calmAgent, initialize)).headers.get('mcp-session-id')!;

    const flood = Promise.all(Array.from({ length: 300 }, () => postTo(f, flooder, floodAgent, initialize).then((r) => r.status)));
    const lists: number[] = [];
    for (let i = 0; i < 20; i++) lists.push((await listOn(f, calm, session, calmAgent)).status);
    const statuses = await flood;
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(lists.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('a session listening for notifications', () => {
  let u: TestServer;
  let key: string;
  let agent: string;
  const url = () => `${u.server.url}/mcp/agents/${agent}?channel=web`;
  const send = (body: unknown, headers: Record<string, string> = {}) => postTo(u, key, agent, body, headers);

  beforeAll(async () => {
    u = await startTestServer({ mcpGateway: { idleMs: 300 }, shutdownGraceMs: 20_000 });
    ({ key, agent } = await tenant(u));
  }, 60_000);
  afterAll(() => u?.stop());

  it('is not idle while its stream is open, and the instance stops well within its grace with it open', async () => {
    const session = (await send(initialize)).headers.get('mcp-session-id')!;
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' };
    expect((await send({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);
    const stream = await fetch(url(), { headers: { accept: 'text/event-stream', authorization: `Bearer ${key}`, ...headers } });
    expect(stream.status).toBe(200);
    const read = stream.body!.getReader();
    const ended = (async () => {
      while (!(await read.read()).done);
    })().catch(() => undefined);
    // Three idle times pass with no request: the stream keeps the session.
    await new Promise((r) => setTimeout(r, 1000));
    expect((await send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }, headers)).status).toBe(200);
    const started = Date.now();
    await u.server.stop();
    expect(Date.now() - started).toBeLessThan(10_000);
    await ended;
  }, 60_000);
});

describe('a call in flight when the instance stops', () => {
  let upstream: TestMcpServer;
  let u: TestServer;

  beforeAll(async () => {
    upstream = await new TestMcpServer([{ name: 'slow', description: 'Answers late', inputSchema: { type: 'object' } }]).start();
    const mcp = readMcpConnectionSettings({
      LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${upstream.port}`,
      LOADOUT_MCP_SECRET_KEY: 'd'.repeat(64),
    });
    u = await startTestServer({ mcp: { ...mcp, tickMs: 100 }, shutdownGraceMs: 20_000 });
  }, 60_000);
  afterAll(async () => {
    await u?.stop();
    await upstream?.stop();
  });

  it('is answered as the upstream server answered it before the instance exits', async () => {
    const { key, agent } = await tenant(u);
    await new TestWorld(u).mcpServers(key, [{ name: 'up', transport: 'STREAMABLE_HTTP', url: upstream.url }]);
    const client = new Client({ name: 'drain', version: '0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${u.server.url}/mcp/agents/${agent}?channel=web`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    for (let tries = 0; tries < 100 && (await client.listTools()).tools.length === 0; tries++) await new Promise((r) => setTimeout(r, 100));
    upstream.callDelayMs = 800;
    const call = client.callTool({ name: 'mcp__up__slow', arguments: {} });
    await new Promise((r) => setTimeout(r, 200));
    const stopped = u.server.stop();
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'called slow' }] });
    await stopped;
  }, 60_000);
});
