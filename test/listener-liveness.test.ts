import { Client } from 'pg';
import { startServer, type LoadoutServer } from '../src/server/create-server';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import { CallerIdentityDocument, DirectToolboxDocument, RevokeApiKeyDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt, startTestServer, type GraphQLClient } from './support/harness';
import { tcpRelay, throughRelay, type TcpRelay } from './support/tcp-relay';
import { TestWorld } from './support/test-world';

/**
 * An instance whose LISTEN connection is silently dead notices it by its
 * heartbeat: within 3 s of a change it has not heard it serves no cached
 * toolbox and accepts no revoked key, /readyz says so, /metrics counts it,
 * and it is exact again once the connection is back. Two instances on one
 * PostgreSQL server; B's LISTEN connection runs through a TCP relay that can
 * stop forwarding without closing (a lost NAT mapping), or its backend is
 * stopped with SIGSTOP.
 */
const BOUND_MS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const serverUrl = process.env.DATABASE_URL;
const LISTENER_B = 'loadout-listener-b';

const clientOf = (server: LoadoutServer): GraphQLClient => graphqlAt(`${server.url}/graphql`);

async function ready(server: LoadoutServer) {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: await res.json() };
}

async function metric(server: LoadoutServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
}

/** Toolbox reads answered from what the instance holds: its compiled loadouts, and the answers kept from them (given only while trusted). */
const servedFromCache = async (server: LoadoutServer): Promise<number> =>
  (await metric(server, 'loadout_loadout_cache_hits_total')) + (await metric(server, 'loadout_reused_answers_total{outcome="reused"}'));

if (serverUrl) {
  describe('a second instance whose LISTEN connection goes silent', () => {
    let database: FreshDatabase;
    let relay: TcpRelay;
    let a: LoadoutServer;
    let b: LoadoutServer;
    /** The test world as instance A makes it. */
    let world: TestWorld;
    let admin: string;
    let reader: string;
    let agentId: string;
    let tools = 0;

    beforeAll(async () => {
      database = await freshDatabase(serverUrl, 'loadout_liveness');
      relay = await tcpRelay(new URL(serverUrl));
      const config = { port: 0, databaseUrl: database.url, dataDir: 'memory://', adminToken: OPERATOR_TOKEN, production: true };
      a = await startServer(config);
      const listenUrl = new URL(throughRelay(serverUrl, relay, database.name));
      listenUrl.searchParams.set('application_name', LISTENER_B);
      b = await startServer({ ...config, listenDatabaseUrl: listenUrl.toString() });
      world = new TestWorld(clientOf(a));
      let agent: { id: string };
      ({
        adminKey: admin,
        agents: [agent],
      } = await world.organization('o', { agents: [{ name: 'a' }] }));
      agentId = agent.id;
      reader = await world.key(admin, 'VIEWER');
    });
    afterAll(async () => {
      await b?.stop();
      await a?.stop();
      relay?.thaw();
      await relay?.cut();
      await database?.drop();
    });

    const toolCountOnB = async () => (await clientOf(b).ok(reader, DirectToolboxDocument, { agentId })).toolbox.toolCount;
    const addTool = () => world.tools(admin, [{ name: `tool_${++tools}`, description: 'd', inputSchema: { type: 'object' } }]);

    /** A new key that B has seen and cached. */
    async function cachedKey(): Promise<{ key: string; keyId: string }> {
      const [made] = await world.keys(admin, [{ name: 'doomed', role: 'VIEWER' }]);
      const key = made.apiKey;
      const keyId = made.principal.id;
      // Seen (and cached) by B while its connection still worked.
      expect((await clientOf(b).ok(key, CallerIdentityDocument)).me.role).toBe('VIEWER');
      return { key, keyId };
    }

    async function expectNothingStaleAfterTheBound(silence: () => Promise<void>) {
      expect(await toolCountOnB()).toBe(tools);
      const doomed = await cachedKey();
      await silence();
      await sleep(200);
      const changedAt = Date.now();
      await addTool();
      await clientOf(a).ok(admin, RevokeApiKeyDocument, { principalId: doomed.keyId });
      const samples: Array<{ at: number; count: number; accepted: boolean }> = [];
      while (Date.now() < changedAt + BOUND_MS + 2_000) {
        const at = Date.now();
        const [count, me] = await Promise.all([toolCountOnB(), clientOf(b).gql(doomed.key, CallerIdentityDocument)]);
        samples.push({ at, count, accepted: me.data?.me?.role === 'VIEWER' });
        await sleep(50);
      }
      const late = samples.filter((s) => s.at > changedAt + BOUND_MS);
      expect(late.length).toBeGreaterThanOrEqual(5);
      expect(late.filter((s) => s.count !== tools || s.accepted)).toEqual([]);
    }

    it('under a silent partition: nothing stale past 3 s, /readyz 503, counted; exact and ready again once it heals', async () => {
      const lateBefore = await metric(b, 'loadout_notification_heartbeats_late_total');
      await expectNothingStaleAfterTheBound(async () => relay.freeze());
      expect(await ready(b)).toEqual({ status: 503, body: { status: 'not ready', notifications: 'not live' } });
      expect(await ready(a)).toMatchObject({ status: 200 });
      expect(await metric(b, 'loadout_notifications_live')).toBe(0);
      expect(await metric(b, 'loadout_notification_heartbeats_late_total')).toBeGreaterThan(lateBefore);

      relay.thaw();
      const deadline = Date.now() + 20_000;
      while ((await ready(b)).status !== 200 && Date.now() < deadline) await sleep(100);
      expect((await ready(b)).status).toBe(200);
      // Live again: a change made on A now reaches B's cache, which serves it.
      const served = await servedFromCache(b);
      await addTool();
      const seen = Date.now() + BOUND_MS;
      while ((await toolCountOnB()) !== tools && Date.now() < seen) await sleep(20);
      expect(await toolCountOnB()).toBe(tools);
      expect(await servedFromCache(b)).toBeGreaterThan(served);
    }, 60_000);

    it('with its LISTEN backend stopped (SIGSTOP): nothing stale past 3 s, and it replaces the connection', async () => {
      const reconnects = await metric(b, 'loadout_notification_reconnects_total');
      const admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      let pid = 0;
      try {
        await expectNothingStaleAfterTheBound(async () => {
          const { rows } = await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [LISTENER_B]);
          expect(rows).toHaveLength(1);
          pid = rows[0].pid;
          process.kill(pid, 'SIGSTOP');
        });
        const deadline = Date.now() + 20_000;
        while ((await ready(b)).status !== 200 && Date.now() < deadline) await sleep(100);
        expect((await ready(b)).status).toBe(200);
        expect(await metric(b, 'loadout_notification_reconnects_total')).toBeGreaterThan(reconnects);
      } finally {
        if (pid) process.kill(pid, 'SIGCONT');
        await admin.end();
      }
    }, 60_000);
  });
} else {
  it('the embedded database is one process with no LISTEN connection to lose: always live and ready', async () => {
    const t = await startTestServer();
    try {
      expect(await ready(t.server)).toMatchObject({ status: 200 });
      expect(await metric(t.server, 'loadout_notifications_live')).toBe(1);
    } finally {
      await t.stop();
    }
  });
}
