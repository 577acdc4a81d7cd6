import { ADMISSION_LIMITS } from '../src/server/admission';
import { SOCKET_LIMITS } from '../src/server/graphql-ws';
import { CallerIdentityDocument, DirectToolboxDocument, ToolboxInvalidatedDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';
import { TestWorld } from './support/test-world';

/**
 * What graphql-ws refuses beyond the documents both doors refuse (see
 * query-limits.test.ts): frames past the body limit, oversized or late
 * connection_init, too many operations on one socket and too many sockets of
 * one key; and the server keeps serving other tenants meanwhile.
 */
let t: TestServer;
let viewer: string;
let otherTenant: string;
let agentId: string;
const ME = `${CallerIdentityDocument}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestServer();
  const admin = (await t.createOrganization('sockets')).adminKey;
  viewer = await t.createKey(admin, 'VIEWER');
  let agent: { id: string };
  ({
    adminKey: otherTenant,
    agents: [agent],
  } = await new TestWorld(t).organization('bystander', { agents: [{ name: 'a' }] }));
  agentId = agent.id;
});
afterAll(() => t.stop());

it('a 32 MB document in one frame closes the socket with 1009, and other tenants are served meanwhile', async () => {
  const socket = await RawSocket.withKey(t.url, viewer);
  const query = `{ ${'me { id } '.repeat(3_200_000)} }`;
  socket.send({ id: '1', type: 'subscribe', payload: { query } });
  const served = await Promise.all(Array.from({ length: 5 }, () => t.ok(otherTenant, DirectToolboxDocument, { agentId })));
  expect(served.map((s) => s.toolbox.toolCount)).toEqual([0, 0, 0, 0, 0]);
  expect((await socket.closed).code).toBe(1009);
});

it('thirty unauthenticated 1 MiB connection_init frames are closed without growing the server', async () => {
  const before = process.memoryUsage().rss;
  const padding = 'x'.repeat(SOCKET_LIMITS.maxFrameBytes + 1024);
  const sockets = await Promise.all(Array.from({ length: 30 }, () => RawSocket.open(t.url)));
  for (const socket of sockets) socket.send({ type: 'connection_init', payload: { padding } });
  const closes = await Promise.all(sockets.map((s) => s.closed));
  expect(new Set(closes.map((c) => c.code))).toEqual(new Set([1009]));
  expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
});

it('a connection_init payload past its limit is refused with 4400, a key or not', async () => {
  const socket = await RawSocket.open(t.url, {
    authorization: `Bearer ${viewer}`,
    padding: 'x'.repeat(SOCKET_LIMITS.maxConnectionInitBytes),
  });
  expect(await socket.closed).toEqual({
    code: 4400,
    reason: `connection_init payload larger than ${SOCKET_LIMITS.maxConnectionInitBytes} bytes`,
  });
});

it('a socket that sends no connection_init is closed with 4408', async () => {
  const socket = await RawSocket.open(t.url);
  const started = Date.now();
  const closed = await socket.closed;
  expect(closed.code).toBe(4408);
  expect(Date.now() - started).toBeLessThan(SOCKET_LIMITS.connectionInitTimeoutMs + 2_000);
});

it(`refuses the operation past ${SOCKET_LIMITS.maxOperationsPerSocket} open on one socket, and serves again once one ends`, async () => {
  const socket = await RawSocket.withKey(t.url, viewer);
  const ids = Array.from({ length: SOCKET_LIMITS.maxOperationsPerSocket }, () => socket.start({ query: `${ToolboxInvalidatedDocument}` }));
  await sleep(200);
  const refused = await socket.run({ query: ME });
  expect(refused).toMatchObject({ kind: 'error', payload: [{ extensions: { code: 'BAD_REQUEST' } }] });
  expect(refused.kind === 'error' && refused.payload[0].message).toMatch(`At most ${SOCKET_LIMITS.maxOperationsPerSocket} operations`);
  socket.send({ id: ids[0], type: 'complete' });
  await sleep(100);
  expect(await socket.run({ query: ME })).toMatchObject({ kind: 'next', payload: { data: { me: { role: 'VIEWER' } } } });
  socket.close();
});

it(`closes the socket past ${ADMISSION_LIMITS.maxSocketsPerKey} of one key with 4429; another key still connects`, async () => {
  const key = await t.createKey(otherTenant, 'VIEWER');
  const open = await Promise.all(Array.from({ length: ADMISSION_LIMITS.maxSocketsPerKey }, () => RawSocket.withKey(t.url, key)));
  const extra = await RawSocket.open(t.url, { authorization: `Bearer ${key}` });
  expect((await extra.closed).code).toBe(4429);
  const other = await RawSocket.withKey(t.url, viewer);
  expect(await other.run({ query: ME })).toMatchObject({ kind: 'next' });
  other.close();
  open[0].close();
  await open[0].closed;
  await sleep(100);
  const again = await RawSocket.withKey(t.url, key);
  expect(await again.run({ query: ME })).toMatchObject({ kind: 'next' });
  for (const socket of [...open, again]) socket.close();
});
