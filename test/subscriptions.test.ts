import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { Client as PgClient } from 'pg';
import WebSocket from 'ws';
import { buildOnce } from './support/build-once';
import {
  AgentLoadoutDocument,
  ApplyChangeSetDocument,
  ToolboxInvalidatedDocument,
  WorldOrganizationDocument,
  type ToolboxInvalidatedSubscription,
  type ToolboxInvalidatedSubscriptionVariables,
} from './support/generated/graphql';
import { graphqlAt, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';
import { InProcessBus } from '../src/invalidation/invalidation-bus';

type Event = ToolboxInvalidatedSubscription['toolboxInvalidated'];
const QUIET_MS = 700;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A subscription that collects what it hears; `ready` resolves once the server acknowledged the connection. */
function listen(httpUrl: string, key: string, variables: ToolboxInvalidatedSubscriptionVariables = {}) {
  const heard: Event[] = [];
  const errors: unknown[] = [];
  let acked!: () => void;
  const ready = new Promise<void>((r) => (acked = r));
  const client: WsClient = createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    on: { connected: () => acked() },
    lazy: false,
  });
  const dispose = client.subscribe<ToolboxInvalidatedSubscription>(
    { query: `${ToolboxInvalidatedDocument}`, variables },
    {
      next: (m) => (m.errors ? errors.push(m.errors) : heard.push(m.data!.toolboxInvalidated)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  return {
    heard,
    errors,
    // The subscribe message follows the ack on the same socket; a short pause lets the server register it.
    ready: ready.then(() => sleep(150)),
    async until(n: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (heard.length < n && Date.now() < deadline) await sleep(25);
      return heard;
    },
    async close() {
      dispose();
      await client.dispose();
    },
  };
}

/** An organisation of the instance at `url` with the web channel and agents a and b. */
async function setUpOrg(url: string, createOrg: () => Promise<string>) {
  const key = await createOrg();
  const world = new TestWorld(graphqlAt(url));
  await world.channels(key, [{ key: 'web', name: 'Web' }]);
  const [agent, other] = await world.agents(key, [{ name: 'a' }, { name: 'b' }]);
  return { key, agent, other };
}

const addTool = (url: string, key: string, name: string, agentId?: string) =>
  new TestWorld(graphqlAt(url)).tools(key, [{ name, description: 'd', inputSchema: { type: 'object' }, ...(agentId ? { agentId } : {}) }]);

describe('toolboxInvalidated on one instance', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('delivers each event once to subscribers of the organisation, filtered by agent, and nothing to another organisation', async () => {
    const a = await setUpOrg(t.url, async () => (await t.createOrganization('A')).adminKey);
    const b = await setUpOrg(t.url, async () => (await t.createOrganization('B')).adminKey);
    const viewer = await t.createKey(a.key, 'VIEWER');
    const all = listen(t.url, viewer);
    const onlyAgent = listen(t.url, viewer, { agentId: a.agent.id });
    const outsider = listen(t.url, b.key);
    await Promise.all([all.ready, onlyAgent.ready, outsider.ready]);

    await addTool(t.url, a.key, 'scoped', a.agent.id);
    await addTool(t.url, a.key, 'everyone');

    const heard = await all.until(3);
    await sleep(QUIET_MS);
    // `scoped` changes agent a only; `everyone` changes both agents: three events in all, each heard once.
    expect(all.heard).toHaveLength(3);
    expect(new Set(heard.map((e) => e.id)).size).toBe(3);
    expect(onlyAgent.heard.map((e) => e.agent.id)).toEqual([a.agent.id, a.agent.id]);
    expect(onlyAgent.heard[0].cause).toBe('TOOL_CREATED');
    expect(new Date(onlyAgent.heard[0].at).getTime()).not.toBeNaN();
    expect(outsider.heard).toEqual([]);
    expect([...all.errors, ...onlyAgent.errors, ...outsider.errors]).toEqual([]);
    await Promise.all([all.close(), onlyAgent.close(), outsider.close()]);
  });
});

/**
 * Several instances on one PostgreSQL server share events through it. With
 * DATABASE_URL set this spawns two real server processes on a fresh database,
 * subscribes on one and changes a toolbox through the other. The embedded
 * database is one process by definition; there the same delivery is checked
 * within the one process above.
 */
describe('toolboxInvalidated across instances', () => {
  const serverUrl = process.env.DATABASE_URL;
  const root = path.join(__dirname, '..');
  const operator = `op_${randomBytes(8).toString('hex')}`;
  const dbName = `loadout_subs_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];

  async function spawnServer(databaseUrl: string): Promise<string> {
    const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', LOADOUT_DEMO: '0', LOADOUT_ADMIN_TOKEN: operator, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(`${m[1]}/graphql`);
      });
      child.stderr!.on('data', (d) => (out += d));
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
    });
  }

  beforeAll(async () => {
    if (!serverUrl) return;
    await buildOnce();
    const admin = new PgClient({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await sleep(300);
    if (!serverUrl) return;
    const admin = new PgClient({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('delivers an event made on one instance to a subscriber on another, once', async () => {
    if (!serverUrl) {
      // One embedded process: the in-process bus is the whole path, already exercised above.
      const t = await startTestServer();
      try {
        const a = await setUpOrg(t.url, async () => (await t.createOrganization()).adminKey);
        const sub = listen(t.url, a.key, { agentId: a.agent.id });
        await sub.ready;
        await addTool(t.url, a.key, 'x', a.agent.id);
        await sub.until(1);
        await sleep(QUIET_MS);
        expect(sub.heard.map((e) => e.agent.id)).toEqual([a.agent.id]);
        await sub.close();
      } finally {
        await t.stop();
      }
      return;
    }
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const first = await spawnServer(url.toString());
    const second = await spawnServer(url.toString());
    // These instances take their own operator token, not the test world's.
    const organization = async (name: string) =>
      (await graphqlAt(first).ok(operator, WorldOrganizationDocument, { input: { name } })).createOrganization.apiKey;
    const created = await organization('X');
    const a = await setUpOrg(second, async () => created);
    const other = await organization('Y');

    const onFirst = listen(first, a.key, { agentId: a.agent.id });
    const onSecond = listen(second, a.key, { agentId: a.agent.id });
    const outsider = listen(first, other);
    await Promise.all([onFirst.ready, onSecond.ready, outsider.ready]);

    await addTool(second, a.key, 'made_on_second', a.agent.id);
    await graphqlAt(second).ok(a.key, ApplyChangeSetDocument, {
      changes: [
        { createTool: { name: 'cs1', description: 'd', inputSchema: { type: 'object' }, agentId: a.agent.id } },
        { createTool: { name: 'cs2', description: 'd', inputSchema: { type: 'object' }, agentId: a.agent.id } },
      ],
    });
    await Promise.all([onFirst.until(2), onSecond.until(2)]);
    await sleep(QUIET_MS);
    expect(onFirst.heard.map((e) => e.cause)).toEqual(['TOOL_CREATED', 'CHANGE_SET']);
    expect(onSecond.heard.map((e) => e.id)).toEqual(onFirst.heard.map((e) => e.id));
    expect(new Date(onFirst.heard[0].at).getTime()).not.toBeNaN();
    expect(outsider.heard).toEqual([]);
    await Promise.all([onFirst.close(), onSecond.close(), outsider.close()]);
  }, 120_000);
});

/** Terminates the instance's LISTEN connection, found by its application_name (its last query is a heartbeat). */
const dropListener = (t: TestServer): Promise<Array<{ ok: boolean }>> =>
  t.server.services.db.dataSource.query(
    `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'loadout-listener'`,
  );

/**
 * The LISTEN connection of an instance can drop (a server restart, a network
 * blip). It reconnects and replays what was recorded meanwhile, so a
 * subscriber misses nothing and hears nothing twice. The embedded database
 * has no such connection: it publishes in-process.
 */
describe('toolboxInvalidated when the listener connection drops', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.stop());

  it('reconnects and delivers the events recorded while it was down, once each', async () => {
    if (t.databaseKind === 'embedded') {
      expect(t.server.services.invalidationBus).toBeInstanceOf(InProcessBus);
      return;
    }
    const a = await setUpOrg(t.url, async () => (await t.createOrganization()).adminKey);
    const sub = listen(t.url, a.key, { agentId: a.agent.id });
    await sub.ready;
    expect(await dropListener(t)).toEqual([{ ok: true }]);
    // Recorded while the listener is down: only the replay after reconnecting can deliver it.
    await addTool(t.url, a.key, 'while_down', a.agent.id);
    await sub.until(1);
    await addTool(t.url, a.key, 'after_reconnect', a.agent.id);
    await sub.until(2);
    await sleep(QUIET_MS);
    expect(sub.heard.map((e) => e.cause)).toEqual(['TOOL_CREATED', 'TOOL_CREATED']);
    expect(new Set(sub.heard.map((e) => e.id)).size).toBe(2);
    expect(sub.errors).toEqual([]);
    await sub.close();
  });

  it('does not replay to a later subscriber the events made while nobody listened', async () => {
    if (t.databaseKind === 'embedded') {
      expect(t.server.services.invalidationBus).toBeInstanceOf(InProcessBus);
      return;
    }
    const a = await setUpOrg(t.url, async () => (await t.createOrganization()).adminKey);
    // No subscription connection is open: this event is recorded but not loaded by the listener.
    await addTool(t.url, a.key, 'before_anyone_listened', a.agent.id);
    await sleep(QUIET_MS);
    const sub = listen(t.url, a.key, { agentId: a.agent.id });
    await sub.ready;
    expect(await dropListener(t)).toEqual([{ ok: true }]);
    await addTool(t.url, a.key, 'after_subscribing', a.agent.id);
    await sub.until(1);
    await sleep(QUIET_MS);
    const version = (await t.ok(a.key, AgentLoadoutDocument, { id: a.agent.id })).agent!.loadoutVersion;
    expect(sub.heard.map((e) => e.loadoutVersion)).toEqual([version]);
    await sub.close();
  });
});
