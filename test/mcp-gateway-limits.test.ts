import { startTestServer, type TestServer } from './support/harness';

/*
 * The MCP gateway's bounds, with small ones: sessions per key and per
 * organisation, idle sessions closed, request bodies bounded, and a
 * stopping instance refusing new sessions.
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
const post = (key: string, body: unknown, headers: Record<string, string> = {}, agent = agentId) =>
  fetch(`${t.server.url}/mcp/agents/${agent}?channel=web`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${key}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const list = (key: string, session: string, agent: string) =>
  post(
    key,
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
    { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    agent,
  );

beforeAll(async () => {
  t = await startTestServer({ mcpGateway: { sessionsPerKey: 2, sessionsPerOrganization: 3, idleMs: 400, maxBodyBytes: 4096 } });
  admin = (await t.createOrganization()).adminKey;
  await t.ok(admin, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  agentId = (await t.ok<{ createAgent: { id: string } }>(admin, `mutation { createAgent(input: { name: "a" }) { id } }`)).createAgent.id;
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
  const other = (await t.createOrganization('idle')).adminKey;
  await t.ok(other, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  const agent = (await t.ok<{ createAgent: { id: string } }>(other, `mutation { createAgent(input: { name: "b" }) { id } }`)).createAgent
    .id;
  const opened = await post(other, initialize, {}, agent);
  const session = opened.headers.get('mcp-session-id')!;
  expect((await list(other, session, agent)).status).toBe(200);
  await new Promise((r) => setTimeout(r, 1500));
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
