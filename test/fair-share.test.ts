import { jest } from '@jest/globals';
import { logger } from '../src/common/logger';
import { MAX_ACTIVE_KEYS_PER_ORGANIZATION } from '../src/organizations/organization.service';
import { ADMISSION_LIMITS } from '../src/server/admission';
import { SOCKET_LIMITS } from '../src/server/graphql-ws';
import { MAX_UNSENT_BYTES, SLOW_CONSUMER_CLOSE_CODE } from '../src/server/socket-transport';
import {
  CallerIdentityDocument,
  RevokeApiKeyDocument,
  ToolboxInvalidatedDocument,
  ToolDefinitionsDocument,
  UpdateToolDefinitionDocument,
  WorldKeyDocument,
  type ToolboxInvalidatedSubscription,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';
import { TestWorld } from './support/test-world';

/**
 * One tenant's legal flood of subscriptions takes no more than its share of
 * an instance: past the caps it is refused, and meanwhile another tenant's
 * edits reach its subscriber, every one, within a second.
 */

let t: TestServer;
let world: TestWorld;
let flooder: { key: string; agent: string; tool: string };
let other: { key: string; agent: string; tool: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What every subscription of this spec sends: the text is the same, so a tenant's subscriptions share one execution per event. */
const SUBSCRIBE = `${ToolboxInvalidatedDocument}`;
const ME = `${CallerIdentityDocument}`;

async function tenant(name: string) {
  const {
    adminKey: key,
    agents: [agent],
    tools: [tool],
  } = await world.organization(name, {
    tools: [{ name: 't', description: '0', inputSchema: { type: 'object' } }],
    agents: [{ name: 'a', model: 'openai/gpt-4o' }],
  });
  return { key, agent: agent.id, tool: tool.id };
}

const edit = (who: { key: string; tool: string }, description: string) =>
  t.ok(who.key, UpdateToolDefinitionDocument, { id: who.tool, input: { description } });

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  [flooder, other] = await Promise.all([tenant('flooder'), tenant('other')]);
});
afterAll(() => t.stop());

/** Every socket a test opened, closed after it whatever its outcome, so one test's places never crowd the next's. */
const opened: RawSocket[] = [];
afterEach(async () => {
  const all = opened.splice(0);
  for (const socket of all) socket.close();
  await Promise.all(all.map((s) => s.closed));
  await sleep(200);
});
const open = async (key: string) => {
  const socket = await RawSocket.withKey(t.url, key);
  opened.push(socket);
  return socket;
};

/** Opens `sockets` sockets of as many keys as the per-key cap needs, each with `perSocket` subscriptions started. */
async function flood(key: string, sockets: number, perSocket: number): Promise<RawSocket[]> {
  const keys = await Promise.all(
    Array.from({ length: Math.ceil(sockets / ADMISSION_LIMITS.maxSocketsPerKey) }, () => t.createKey(key, 'VIEWER')),
  );
  const flooded: RawSocket[] = [];
  for (let i = 0; i < sockets; i += 25) {
    const batch = Array.from({ length: Math.min(25, sockets - i) }, (_, j) =>
      open(keys[Math.floor((i + j) / ADMISSION_LIMITS.maxSocketsPerKey)]),
    );
    flooded.push(...(await Promise.all(batch)));
  }
  for (const socket of flooded) for (let s = 0; s < perSocket; s++) socket.start({ query: SUBSCRIBE });
  return flooded;
}

it(`refuses a subscription past ${ADMISSION_LIMITS.maxSubscriptionsPerOrganization} of one organisation, and delivers another tenant's every edit meanwhile, once each`, async () => {
  const perSocket = SOCKET_LIMITS.maxOperationsPerSocket;
  const sockets = await flood(flooder.key, ADMISSION_LIMITS.maxSubscriptionsPerOrganization / perSocket, perSocket);
  await sleep(500);
  const extra = await open(flooder.key);
  const refused = await extra.run({ query: SUBSCRIBE });
  expect(refused).toMatchObject({ kind: 'error', payload: [{ extensions: { code: 'BAD_REQUEST' } }] });
  expect(refused.kind === 'error' && refused.payload[0].message).toMatch(
    `${ADMISSION_LIMITS.maxSubscriptionsPerOrganization} subscriptions open per organisation`,
  );

  const watcher = await open(other.key);
  const watched = watcher.start({ query: SUBSCRIBE, variables: { agentId: other.agent } });
  await sleep(200);
  const events = new Set<string>();
  for (let i = 1; i <= 20; i++) {
    // The flooding tenant's own edits fan out to its thousand subscriptions at the same time.
    const floodEdit = edit(flooder, `flood ${i}`);
    await edit(other, `edit ${i}`);
    const event = await watcher.until((m) => m.id === watched && m.type === 'next');
    expect(event).not.toBeNull();
    events.add((event!.payload as { data: ToolboxInvalidatedSubscription }).data.toolboxInvalidated.id);
    await floodEdit;
  }
  // Twenty edits, twenty events, each its own: none lost, none twice.
  expect(events.size).toBe(20);

  // A place freed by a closed socket is open again.
  sockets[0].close();
  await sockets[0].closed;
  await sleep(200);
  const again = extra.start({ query: SUBSCRIBE });
  await sleep(200);
  await edit(flooder, 'after');
  expect(await extra.until((m) => m.id === again)).toMatchObject({ type: 'next' });
});

it("runs one execution per event for a tenant's subscriptions of one document, not one each", async () => {
  const sockets = await flood(flooder.key, 8, 25);
  await sleep(500);
  const before = t.server.services.db.queryCount();
  await edit(flooder, 'shared');
  await Promise.all(sockets.map((s) => s.until((m) => m.type === 'next')));
  // The edit's own statements and one execution's reads, not two hundred executions' reads.
  expect(t.server.services.db.queryCount() - before).toBeLessThan(40);
});

it('logs one line, not one per answer, for a socket that goes away with answers pending', async () => {
  const warned = jest.spyOn(logger, 'warn');
  const errored = jest.spyOn(logger, 'error');
  try {
    const socket = await open(other.key);
    for (let i = 0; i < SOCKET_LIMITS.maxOperationsPerSocket; i++) socket.start({ query: `${ToolDefinitionsDocument}` });
    socket.ws.terminate();
    await sleep(1_000);
    expect(errored).not.toHaveBeenCalled();
    expect(warned.mock.calls.filter(([, message]) => String(message).includes('answers')).length).toBeLessThanOrEqual(1);
  } finally {
    warned.mockRestore();
    errored.mockRestore();
  }
});

it(`closes sockets past ${ADMISSION_LIMITS.maxSocketsPerOrganization} of one organisation with 4429 naming the cap, however many keys it holds`, async () => {
  const extra = 10;
  const sockets = await flood(flooder.key, ADMISSION_LIMITS.maxSocketsPerOrganization + extra, 0);
  await sleep(300);
  const closes = await Promise.all(sockets.map((s) => Promise.race([s.closed, sleep(500).then(() => null)])));
  const refused = closes.filter((c) => c !== null);
  expect(refused).toHaveLength(extra);
  for (const close of refused) expect(close).toEqual({ code: 4429, reason: expect.stringContaining('per organisation') });
  const neighbour = await open(other.key);
  expect(await neighbour.run({ query: ME })).toMatchObject({ kind: 'next' });
  for (const socket of opened.splice(0)) socket.close();
  await Promise.all(sockets.map((s) => s.closed));
  // Every place is given back: the organisation opens its full share again.
  await sleep(300);
  const again = await flood(flooder.key, ADMISSION_LIMITS.maxSocketsPerOrganization, 0);
  const closedAgain = await Promise.all(again.map((s) => Promise.race([s.closed, sleep(300).then(() => null)])));
  expect(closedAgain.filter((c) => c !== null)).toEqual([]);
});

it(`closes a socket that leaves more than ${MAX_UNSENT_BYTES / 1024 / 1024} MiB unread with ${SLOW_CONSUMER_CLOSE_CODE}, and serves others meanwhile`, async () => {
  // Large answers: 40 definitions of about 50 KB each, two megabytes a list.
  const schema = {
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: 'string', description: 'x'.repeat(100) }])),
  };
  // One a request: a few of them would make a request past the body limit.
  for (let i = 0; i < 40; i++) await world.tools(other.key, [{ name: `big_${i}`, description: 'big', inputSchema: schema }]);
  const slow = await open(other.key);
  // The client stops reading: what the server sends waits in its own buffers.
  (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
  for (let i = 0; i < SOCKET_LIMITS.maxOperationsPerSocket; i++) slow.start({ query: `${ToolDefinitionsDocument}` });
  const neighbour = await open(other.key);
  expect(await neighbour.run({ query: ME })).toMatchObject({ kind: 'next' });
  await sleep(3_000);
  (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.resume();
  expect(await slow.closed).toEqual({ code: SLOW_CONSUMER_CLOSE_CODE, reason: expect.stringContaining('Too slow') });
});

it(`refuses an organisation's API key past ${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active, and takes one again once a key is revoked`, async () => {
  const { adminKey } = await t.createOrganization('keys');
  const input = { name: 'k', role: 'VIEWER' } as const;
  // The organisation's own admin key is the first active one.
  const created = await world.keys(
    adminKey,
    Array.from({ length: MAX_ACTIVE_KEYS_PER_ORGANIZATION - 1 }, () => input),
  );
  const refused = await t.gql(adminKey, WorldKeyDocument, { input });
  expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT', field: 'input' } });
  expect(refused.errors?.[0].message).toMatch(`${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active API keys`);
  await t.ok(adminKey, RevokeApiKeyDocument, { principalId: created[0].principal.id });
  expect((await t.gql(adminKey, WorldKeyDocument, { input })).errors).toBeUndefined();
});
