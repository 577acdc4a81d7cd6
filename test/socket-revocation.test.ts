import WebSocket from 'ws';
import {
  CallerIdentityDocument,
  ChannelKeysDocument,
  RevokeApiKeyDocument,
  ToolboxInvalidatedDocument,
  WorldChannelDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * A revoked key's open graphql-ws connections: closed within a second with
 * 4403 on the instance that revoked it and on any other instance (which hears
 * of it through the database's notifications), and an operation sent over
 * the socket just after the revocation is refused, never run.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A message of the server, with the results this spec reads: of createChannel and of `me`. */
interface Message {
  id?: string;
  type: string;
  payload?: { data?: { createChannel?: { id: string }; me?: { role: string } } };
}

/** A raw graphql-transport-ws connection, so the test sees every message and the exact close code. */
async function openSocket(httpUrl: string, key: string) {
  const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const messages: Message[] = [];
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString(), at: Date.now() })),
  );
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } }));
  await until(() => messages.some((m) => m.type === 'connection_ack'));
  return {
    ws,
    messages,
    closed,
    send(id: string, query: string, variables?: Record<string, unknown>) {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    },
    of: (id: string) => messages.filter((m) => m.id === id),
  };
}

async function until(done: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/** The socket's close, or a failure once 2 s have passed (the bound is 1 s). */
const within = <T>(closed: Promise<T>) =>
  Promise.race([closed, sleep(2_000).then(() => Promise.reject(new Error('the socket is still open 2 s later')))]);

/** What a socket sends: a subscription that only listens, a mutation (a new channel of `key`), a read. */
const SUBSCRIBE = `${ToolboxInvalidatedDocument}`;
const CREATE_CHANNEL = `${WorldChannelDocument}`;
const channel = (key: string) => ({ input: { key, name: key } });
const ME = `${CallerIdentityDocument}`;

async function editorKey(adminKey: string) {
  const [created] = await new TestWorld(t).keys(adminKey, [{ name: 'e', role: 'EDITOR' }]);
  return { key: created.apiKey, principalId: created.principal.id };
}

async function channelKeys(adminKey: string): Promise<string[]> {
  return (await t.ok(adminKey, ChannelKeysDocument)).channels.map((c) => c.key);
}

/** Opens a socket with a fresh EDITOR key on `socketUrl`, revokes the key through the first instance, and checks what follows. */
async function revokeUnder(socketUrl: string) {
  const { adminKey } = await t.createOrganization('sockets');
  const doomed = await editorKey(adminKey);
  const kept = await editorKey(adminKey);
  // One socket only listens, so nothing but the revocation's notification can close it; the other sends a mutation after it.
  const listening = await openSocket(socketUrl, doomed.key);
  const socket = await openSocket(socketUrl, doomed.key);
  const bystander = await openSocket(socketUrl, kept.key);
  listening.send('events', SUBSCRIBE);
  socket.send('before', CREATE_CHANNEL, channel('before'));
  await until(() => socket.of('before').some((m) => m.type === 'complete'));
  expect(socket.of('before')[0].payload?.data?.createChannel?.id).toBeTruthy();

  await t.ok(adminKey, RevokeApiKeyDocument, { principalId: doomed.principalId });
  const revokedAt = Date.now();
  socket.send('after', CREATE_CHANNEL, channel('after'));
  for (const closed of await Promise.all([within(listening.closed), within(socket.closed)])) {
    expect(closed.code).toBe(4403);
    expect(closed.reason).toBe('API key revoked');
    expect(closed.at - revokedAt).toBeLessThan(1_000);
  }
  expect(socket.of('after').filter((m) => m.payload?.data)).toEqual([]);
  expect(await channelKeys(adminKey)).toEqual(['before']);

  // Another key's socket of the same organisation stays open and keeps working.
  bystander.send('still', ME);
  await until(() => bystander.of('still').some((m) => m.type === 'complete'));
  expect(bystander.of('still')[0].payload?.data?.me?.role).toBe('EDITOR');
  bystander.ws.close();
}

it('closes a revoked key’s socket within a second with 4403 and runs nothing sent on it after the revocation', async () => {
  await revokeUnder(t.server.url);
});

// One embedded database serves one instance: on PGlite the case above is the whole of it.
if (process.env.DATABASE_URL) {
  it('closes it on another instance of the same PostgreSQL server, told through the notification path', async () => {
    const second = await t.startAnother();
    await revokeUnder(second.url);
  });
}

it('refuses an operation of a socket whose key was revoked before its notification could arrive', async () => {
  const { adminKey } = await t.createOrganization('unheard');
  const doomed = await editorKey(adminKey);
  const socket = await openSocket(t.server.url, doomed.key);
  // Written straight to the database, the revocation is announced to no instance: only the operation's own check can see it.
  await t.server.services.db.dataSource.query(`UPDATE principals SET revoked_at = now() WHERE id = $1`, [doomed.principalId]);
  socket.send('late', CREATE_CHANNEL, channel('late'));
  expect((await within(socket.closed)).code).toBe(4403);
  expect(socket.of('late').filter((m) => m.payload?.data)).toEqual([]);
  expect(await channelKeys(adminKey)).toEqual([]);
});
