import { Client } from 'pg';
import { startServer, type LoadoutServer } from '../src/server/create-server';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import { ToolboxInvalidatedDocument, type ToolboxInvalidatedSubscription } from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlClient, startTestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';
import { tcpRelay, throughRelay, type TcpRelay } from './support/tcp-relay';
import { TestWorld } from './support/test-world';

/**
 * Changes serialise per organisation, not globally: organisation A's change
 * can take its event's seq before organisation B's and commit after it. An
 * instance whose LISTEN connection is down when A commits must still deliver
 * A's event once it reconnects, whether B's later-numbered event reached a
 * subscriber or passed while no subscription connection was open.
 *
 * A's change is held between storing its event and committing by a trigger
 * that waits on an advisory lock the spec holds. The instance's LISTEN
 * connection runs through a TCP relay, which the spec cuts (so the
 * connection drops and cannot come back) until A has committed.
 */
const serverUrl = process.env.DATABASE_URL;
const HOLD = 7_301_730;
const QUIET_MS = 700;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An organisation with a channel and one agent, whose every new tool is one event. */
async function organisation(server: LoadoutServer, name: string) {
  const world = new TestWorld(graphqlClient(`${server.url}/graphql`));
  const {
    id,
    adminKey: key,
    agents: [agent],
  } = await world.organization(name, { agents: [{ name: 'a' }] });
  let tools = 0;
  return {
    id,
    key,
    agentId: agent.id,
    addTool: () => world.tools(key, [{ name: `${name.toLowerCase()}_${++tools}`, description: 'd', inputSchema: { type: 'object' } }]),
  };
}

/** A subscriber's socket: the agent of each event it hears, waiting at most `ms` for the next. */
async function subscriber(server: LoadoutServer, key: string) {
  const socket = await RawSocket.withKey(server.url, key);
  const id = socket.start({ query: `${ToolboxInvalidatedDocument}` });
  // The subscribe message follows the ack on the same socket; a short pause lets the server register it.
  await sleep(150);
  return {
    async next(ms = 15_000): Promise<string | null> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
      const message = await Promise.race([socket.until((m) => m.id === id && m.type === 'next'), timeout]);
      clearTimeout(timer);
      return message ? (message.payload as { data: ToolboxInvalidatedSubscription }).data.toolboxInvalidated.agent.id : null;
    },
    async close() {
      socket.close();
      await socket.closed;
    },
  };
}

async function eventually(done: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
}

const ready = async (server: LoadoutServer) => (await fetch(`${server.url}/readyz`)).status === 200;

if (serverUrl) {
  describe('an event committed after a later-numbered one, while the LISTEN connection is down', () => {
    let database: FreshDatabase;
    let relay: TcpRelay;
    let server: LoadoutServer;
    let spec: Client;
    let a: Awaited<ReturnType<typeof organisation>>;
    let b: Awaited<ReturnType<typeof organisation>>;

    beforeAll(async () => {
      database = await freshDatabase(serverUrl, 'loadout_replay');
      relay = await tcpRelay(new URL(serverUrl));
      server = await startServer({
        port: 0,
        databaseUrl: database.url,
        listenDatabaseUrl: throughRelay(serverUrl, relay, database.name),
        dataDir: 'memory://',
        adminToken: OPERATOR_TOKEN,
        production: true,
      });
      a = await organisation(server, 'A');
      b = await organisation(server, 'B');
      spec = new Client({ connectionString: database.url });
      await spec.connect();
      await spec.query(`CREATE FUNCTION spec_hold() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD}); RETURN NULL; END $$`);
      await spec.query(`CREATE TRIGGER spec_hold AFTER INSERT ON toolbox_invalidations FOR EACH ROW
        WHEN (NEW.organization_id = '${a.id}') EXECUTE FUNCTION spec_hold()`);
    });
    afterAll(async () => {
      await spec?.end();
      await server?.stop();
      await relay?.cut();
      await database?.drop();
    });

    /**
     * A's change takes its seq and waits; B's change commits; `meanwhile`
     * runs; the LISTEN connection drops; A commits; the connection may come
     * back. Both events' seqs, and what `meanwhile` returned.
     */
    async function interleave<T>(meanwhile: () => Promise<T>): Promise<{ seqs: { a: bigint; b: bigint }; meanwhile: T }> {
      await spec.query(`SELECT pg_advisory_lock($1)`, [HOLD]);
      const held = a.addTool();
      await eventually(
        async () =>
          (
            await spec.query(
              `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted
                  AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
              [HOLD],
            )
          ).rowCount === 1,
        "A's change waits with its event stored",
      );
      await b.addTool();
      const result = await meanwhile();
      await relay.cut();
      await eventually(async () => !(await ready(server)), 'the LISTEN connection is down');
      await spec.query(`SELECT pg_advisory_unlock($1)`, [HOLD]);
      await held;
      await relay.open();
      const { rows } = await spec.query(
        `SELECT DISTINCT ON (organization_id) organization_id, seq::text FROM toolbox_invalidations ORDER BY organization_id, seq DESC`,
      );
      const seqOf = (id: string) => BigInt(rows.find((r) => r.organization_id === id).seq);
      return { seqs: { a: seqOf(a.id), b: seqOf(b.id) }, meanwhile: result };
    }

    afterEach(() => eventually(() => ready(server), 'the LISTEN connection is back'));

    it('delivers it after reconnecting when the later one reached a subscriber first', async () => {
      const onA = await subscriber(server, a.key);
      const onB = await subscriber(server, b.key);
      const { seqs } = await interleave(async () => {
        expect(await onB.next()).toBe(b.agentId);
      });
      expect(seqs.a).toBeLessThan(seqs.b);
      expect(await onA.next()).toBe(a.agentId);
      // Once each: neither the reconnect's replay nor a late notification repeats an event.
      expect(await onA.next(QUIET_MS)).toBeNull();
      expect(await onB.next(QUIET_MS)).toBeNull();
      await Promise.all([onA.close(), onB.close()]);
    }, 60_000);

    it('delivers it after reconnecting when the later one passed while no subscription connection was open', async () => {
      const { seqs, meanwhile: onA } = await interleave(async () => {
        // B's event is heard with nobody to hear it; then A's subscriber connects.
        await sleep(QUIET_MS);
        return subscriber(server, a.key);
      });
      expect(seqs.a).toBeLessThan(seqs.b);
      expect(await onA.next()).toBe(a.agentId);
      expect(await onA.next(QUIET_MS)).toBeNull();
      await onA.close();
    }, 60_000);
  });
} else {
  it("the embedded database publishes each event at its commit: every subscriber hears its own organisation's events, once each", async () => {
    const t = await startTestServer();
    try {
      const a = await organisation(t.server, 'A');
      const b = await organisation(t.server, 'B');
      const onA = await subscriber(t.server, a.key);
      const onB = await subscriber(t.server, b.key);
      await a.addTool();
      await b.addTool();
      await a.addTool();
      expect([await onA.next(), await onA.next(), await onB.next()]).toEqual([a.agentId, a.agentId, b.agentId]);
      expect(await onA.next(QUIET_MS)).toBeNull();
      expect(await onB.next(QUIET_MS)).toBeNull();
      await Promise.all([onA.close(), onB.close()]);
    } finally {
      await t.stop();
    }
  });
}
