import { startTestServer, type TestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';

// A full instance keeps room for a new tenant, and says it is full where a load balancer looks (docs/semantics.md §8.6).
// Small caps stand for the real ones: 6 sockets, the last 2 for organisations holding fewer than 1.

let t: TestServer;
const opened: RawSocket[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await startTestServer({
    admission: { maxSocketsPerOrganization: 5, maxSocketsPerInstance: 6, reservedSocketsPerInstance: 2, reservedSocketsPerOrganization: 1 },
  });
});
afterAll(async () => {
  for (const socket of opened) socket.close();
  await t.stop();
});

/** A socket of `key` once it is answered or closed: the close, or null while it is open. */
async function socketOf(key: string): Promise<{ socket: RawSocket; refused: { code: number; reason: string } | null }> {
  const socket = await RawSocket.withKey(t.url, key);
  opened.push(socket);
  const answer = await Promise.race([socket.run({ query: '{ me { role } }' }), sleep(2_000).then(() => null)]);
  const refused = answer?.kind === 'closed' ? answer.close : null;
  return { socket, refused };
}

const readiness = async () => {
  const response = await fetch(`${t.server.url}/readyz/sockets`);
  return { status: response.status, body: (await response.json()) as { status: string; sockets: Record<string, number> } };
};

const heldGauge = async () => {
  const text = await (await fetch(`${t.server.url}/metrics`)).text();
  return Number(/^loadout_ws_sockets\{bound="held"\} (\d+)$/m.exec(text)?.[1]);
};

it('refuses a large holder past the unreserved places, keeps one each for newcomers, and says so on /readyz/sockets', async () => {
  const [big, second, third, fourth] = await Promise.all(['big', 'b', 'c', 'd'].map((name) => t.createOrganization(name)));
  expect(await readiness()).toEqual({ status: 200, body: { status: 'ready', sockets: { held: 0, cap: 6, unreserved: 4 } } });

  const bigSockets = [];
  for (let i = 0; i < 4; i++) bigSockets.push(await socketOf(big.adminKey));
  expect(bigSockets.map((s) => s.refused)).toEqual([null, null, null, null]);
  const fifth = await socketOf(big.adminKey);
  expect(fifth.refused).toEqual({ code: 4429, reason: expect.stringContaining('This instance is full') });
  // Full for a load balancer, while the instance itself still serves.
  expect(await readiness()).toEqual({ status: 503, body: { status: 'full', sockets: { held: 4, cap: 6, unreserved: 4 } } });
  expect((await fetch(`${t.server.url}/readyz`)).status).toBe(200);

  // A newcomer gets its reserved place, and only that one; a third, the last.
  expect((await socketOf(second.adminKey)).refused).toBeNull();
  expect((await socketOf(second.adminKey)).refused).toMatchObject({ code: 4429 });
  expect((await socketOf(third.adminKey)).refused).toBeNull();
  expect((await socketOf(fourth.adminKey)).refused).toMatchObject({ code: 4429 });
  expect(await heldGauge()).toBe(6);

  // Places given back are anyone's again once fewer than the unreserved part is held.
  for (const s of bigSockets.slice(0, 3)) s.socket.close();
  await Promise.all(bigSockets.slice(0, 3).map((s) => s.socket.closed));
  await sleep(100);
  expect(await readiness()).toMatchObject({ status: 200, body: { sockets: { held: 3 } } });
  expect((await socketOf(fourth.adminKey)).refused).toBeNull();
});
