import { ADMISSION_LIMITS } from '../src/server/admission';
import { startTestServer, type TestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';

/**
 * The per-key socket cap gives every socket's place back however it ends:
 * a thousand sockets of one key go through each way a socket can end (closed
 * before connection_init; closed, dropped or broken by a protocol error
 * while its key is looked up; closed, dropped or broken after the ack), fifty
 * at a time, and the key then still opens its full hundred, the next one
 * refused with 4429. The key lookup is held while a batch ends its sockets
 * during it, so those sockets are gone before the lookup answers.
 */
const PER_PATH = 1_000;
const BATCH = 50;

let t: TestServer;
let key: string;
/** While set, key lookups wait for it. */
let hold: Promise<void> | null = null;
let lookups = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await startTestServer();
  key = await t.createKey((await t.createOrganization('churn')).adminKey, 'VIEWER');
  const organizations = t.server.services.organizations;
  const authenticate = organizations.authenticate.bind(organizations);
  jest.spyOn(organizations, 'authenticate').mockImplementation(async (token) => {
    lookups++;
    if (hold) await hold;
    return authenticate(token);
  });
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.stop();
});

const init = () => ({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } });
const openMany = (n: number) => Promise.all(Array.from({ length: n }, () => RawSocket.open(t.url)));
/** No socket is left open on the server (its sockets are what the invalidation bus delivers to): every close has been handled. */
const noSocketOnServer = () => !t.server.services.invalidationBus.audience();
const codes = (sockets: RawSocket[]) => Promise.all(sockets.map(async (s) => (await s.closed).code));

/** Sends each socket connection_init; the close codes of those refused instead of acknowledged (4429: the key's places are taken). */
async function refusedOf(sockets: RawSocket[]): Promise<number[]> {
  for (const socket of sockets) socket.send(init());
  const acks = await Promise.all(sockets.map((s) => s.until((m) => m.type === 'connection_ack')));
  return codes(sockets.filter((_, i) => acks[i] === null));
}

async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(2);
  }
}

/** Ends `n` sockets that never sent connection_init; the codes they closed with. */
async function beforeInit(n: number, end: (socket: RawSocket) => void): Promise<number[]> {
  const sockets = await openMany(n);
  sockets.forEach(end);
  return codes(sockets);
}

/** Ends `n` sockets while their key lookups are held, and lets the lookups answer once the server has handled their close. */
async function duringLookup(n: number, end: (socket: RawSocket) => void): Promise<number[]> {
  let release!: () => void;
  hold = new Promise((resolve) => (release = resolve));
  const before = lookups;
  const sockets = await openMany(n);
  for (const socket of sockets) socket.send(init());
  await until(() => lookups - before === n);
  sockets.forEach(end);
  const closed = await codes(sockets);
  await until(noSocketOnServer);
  hold = null;
  release();
  return closed;
}

/** Ends `n` acknowledged sockets. */
async function afterAck(n: number, end: (socket: RawSocket) => void): Promise<number[]> {
  const sockets = await openMany(n);
  expect(await refusedOf(sockets)).toEqual([]);
  sockets.forEach(end);
  return codes(sockets);
}

const close = (socket: RawSocket) => socket.close();
const terminate = (socket: RawSocket) => socket.terminate();
const breakProtocol = (socket: RawSocket) => socket.sendInvalidFrame();

/** Each way, and the code the client sees its socket close with: 1005 closed by it, 1006 dropped, 1007 a protocol error. */
const paths: Array<[string, (n: number) => Promise<number[]>, number]> = [
  ['closed before connection_init', (n) => beforeInit(n, close), 1005],
  ['closed during the key lookup', (n) => duringLookup(n, close), 1005],
  ['dropped during the key lookup', (n) => duringLookup(n, terminate), 1006],
  ['broken by a protocol error during the key lookup', (n) => duringLookup(n, breakProtocol), 1007],
  ['closed right after the ack', (n) => afterAck(n, close), 1005],
  ['dropped after the ack', (n) => afterAck(n, terminate), 1006],
  ['broken by a protocol error after the ack', (n) => afterAck(n, breakProtocol), 1007],
];

it(`gives back the place of every socket, however it ended: the key still opens ${ADMISSION_LIMITS.maxSocketsPerKey} after ${PER_PATH} of each way`, async () => {
  for (const [path, churn, code] of paths) {
    const seen = new Set<number>();
    for (let done = 0; done < PER_PATH; done += BATCH) for (const closed of await churn(BATCH)) seen.add(closed);
    expect({ path, codes: [...seen] }).toEqual({ path, codes: [code] });
  }
  await until(noSocketOnServer);
  const full = await openMany(ADMISSION_LIMITS.maxSocketsPerKey);
  expect(await refusedOf(full)).toEqual([]);
  const extra = await RawSocket.open(t.url, init().payload);
  expect((await extra.closed).code).toBe(4429);
  full.forEach(close);
  await Promise.all(full.map((s) => s.closed));
}, 120_000);
