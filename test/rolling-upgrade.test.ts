import { createClient } from 'graphql-ws';
import { Client } from 'pg';
import WebSocket from 'ws';
import { readMigrations } from '../src/db/migrations';
import { startServer, type LoadoutServer } from '../src/server/create-server';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import { BeginTurnDocument, ToolboxDetailDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, startTestServer } from './support/harness';
import { previousReleaseBuilt, startRelease, type ReleaseProcess } from './support/previous-release';
import { TestWorld } from './support/test-world';

// A rolling upgrade (docs/operations.md, "Upgrades"): the previous release serves on a PostgreSQL server while this
// release starts beside it on the same database and applies its migrations; then both serve at once. Two processes on
// one database are a PostgreSQL server's setup only: the embedded database is one process's, so it has no upgrade
// of this kind (an embedded instance is stopped, then started at the new release, which migrates before serving).

const serverUrl = process.env.DATABASE_URL;
let database: FreshDatabase;
let previous: ReleaseProcess | null = null;
let current: LoadoutServer | null = null;
let releaseDir: string;
const subscriptions: Array<{ close(): Promise<void> }> = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function gql<T>(url: string, key: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  if (body.errors) throw new Error(`${response.status} ${JSON.stringify(body.errors)}`);
  return body.data!;
}

async function onDatabase<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const newestSeq = async (): Promise<string> =>
  (await onDatabase<{ seq: string }>(`SELECT coalesce(max(seq), 0)::text AS seq FROM toolbox_invalidations`))[0].seq;

/** The ids of the events stored after `seq`, in order: what a subscriber that was listening by then must hear. */
const eventsAfter = async (seq: string): Promise<string[]> =>
  (await onDatabase<{ id: string }>(`SELECT id::text FROM toolbox_invalidations WHERE seq > $1 ORDER BY seq`, [seq])).map((r) => r.id);

/** A subscription to the organisation's events on one instance, and the newest event stored once it was listening. */
async function subscribe(url: string, key: string) {
  const heard: string[] = [];
  const errors: unknown[] = [];
  let connected!: () => void;
  const acked = new Promise<void>((resolve) => (connected = resolve));
  const client = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${key}` },
    on: { connected: () => connected() },
    lazy: false,
  });
  const dispose = client.subscribe<{ toolboxInvalidated: { id: string } }>(
    { query: `subscription { toolboxInvalidated { id } }` },
    {
      next: (m) => (m.errors ? errors.push(m.errors) : heard.push(m.data!.toolboxInvalidated.id)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  await acked;
  // The subscribe message follows the ack on the same socket; a short pause lets the server register it.
  await sleep(200);
  const since = await newestSeq();
  const subscription = {
    heard,
    errors,
    since,
    async close() {
      dispose();
      await client.dispose();
    },
  };
  subscriptions.push(subscription);
  return subscription;
}

beforeAll(async () => {
  if (!serverUrl) return;
  releaseDir = previousReleaseBuilt();
  database = await freshDatabase(serverUrl, 'loadout_rolling');
}, 10 * 60_000);

afterAll(async () => {
  await Promise.all(subscriptions.map((s) => s.close()));
  await current?.stop();
  await previous?.stop();
  await database?.drop();
});

it('serves requests, edits and every event on the previous release and this one while this one migrates, and after', async () => {
  if (!serverUrl) return;
  previous = await startRelease(releaseDir, {
    DATABASE_URL: database.url,
    LOADOUT_ADMIN_TOKEN: OPERATOR_TOKEN,
    // No load balancer to wait for when the test stops it.
    LOADOUT_SHUTDOWN_SETTLE_MS: '0',
  });
  const applied = async () => (await onDatabase<{ name: string }>(`SELECT name FROM loadout_migrations`)).map((r) => r.name);
  const migrations = readMigrations().map((m) => m.name);
  const appliedByPrevious = await applied();
  // This release has migrations of its own to apply while the previous one serves.
  expect(migrations.filter((name) => !appliedByPrevious.includes(name))).toContain('1764400029000-TurnSituations');

  const old = previous.url;
  const key = (
    await gql<{ createOrganization: { apiKey: string } }>(
      old,
      OPERATOR_TOKEN,
      `mutation { createOrganization(input: { name: "Rolling" }) { apiKey } }`,
    )
  ).createOrganization.apiKey;
  await gql(old, key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  const agent = (await gql<{ createAgent: { id: string } }>(old, key, `mutation { createAgent(input: { name: "a" }) { id } }`)).createAgent
    .id;
  const conversation = (
    await gql<{ startConversation: { id: string } }>(
      old,
      key,
      `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
      {
        a: agent,
      },
    )
  ).startConversation.id;

  const failures: string[] = [];
  let tools = 0;
  /** A runtime's turn and an edit on one instance: a tool created, the toolbox read, a turn begun and completed. */
  const round = async (url: string): Promise<string | null> => {
    try {
      const name = `tool_${++tools}`;
      await gql(url, key, `mutation($i: ToolDefinitionInput!) { createToolDefinition(input: $i) { id } }`, {
        i: { name, description: 'Does it.', inputSchema: { type: 'object' } },
      });
      await gql(url, key, `query($a: ID!) { toolbox(agentId: $a, channel: "web") { toolCount } }`, { a: agent });
      const turn = (
        await gql<{ beginTurn: { id: string } }>(url, key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, {
          c: conversation,
        })
      ).beginTurn.id;
      await gql(url, key, `mutation($t: ID!) { completeTurn(turnId: $t, usage: { inputTokens: 10, outputTokens: 1 }) { id } }`, {
        t: turn,
      });
      return turn;
    } catch (error) {
      failures.push(`${url === old ? 'previous' : 'current'}: ${(error as Error).message}`);
      return null;
    }
  };

  const onPrevious = await subscribe(old, key);
  // The previous release serves a runtime's turns and edits all the while this release starts and migrates.
  let starting = true;
  let roundsWhileStarting = 0;
  const load = (async () => {
    while (starting) {
      await round(old);
      roundsWhileStarting++;
    }
  })();
  current = await startServer({ port: 0, databaseUrl: database.url, dataDir: 'memory://', adminToken: OPERATOR_TOKEN, production: true });
  starting = false;
  await load;
  expect(roundsWhileStarting).toBeGreaterThan(0);
  expect(failures).toEqual([]);
  expect(await applied()).toEqual(expect.arrayContaining(migrations));
  for (const url of [old, current.url]) expect((await fetch(`${url}/readyz`)).status).toBe(200);

  const onCurrent = await subscribe(current.url, key);
  // Both serve at once, edits on either heard on both, each release's turns seen by the other.
  const lastTurn = async () =>
    (
      await gql<{ toolbox: { lastTurn: { id: string } | null } }>(
        current!.url,
        key,
        `query($a: ID!) { toolbox(agentId: $a, channel: "web") { lastTurn { id } } }`,
        { a: agent },
      )
    ).toolbox.lastTurn?.id;
  for (let i = 0; i < 3; i++) {
    // The previous release writes turns without their situation, which this release reads them by.
    const fromPrevious = await round(old);
    expect(failures).toEqual([]);
    expect(await lastTurn()).toBe(fromPrevious);
    const fromCurrent = await round(current.url);
    expect(await lastTurn()).toBe(fromCurrent);
  }
  // An edit on the previous release reaches this release's cached toolbox, and the other way round.
  for (const [editOn, readOn] of [
    [old, current.url],
    [current.url, old],
  ]) {
    await round(readOn);
    const before = (
      await gql<{ toolbox: { toolCount: number } }>(readOn, key, `query($a: ID!) { toolbox(agentId: $a, channel: "web") { toolCount } }`, {
        a: agent,
      })
    ).toolbox.toolCount;
    await round(editOn);
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await sleep(50);
      after = (
        await gql<{ toolbox: { toolCount: number } }>(
          readOn,
          key,
          `query($a: ID!) { toolbox(agentId: $a, channel: "web") { toolCount } }`,
          { a: agent },
        )
      ).toolbox.toolCount;
    }
    expect(after).toBe(before + 1);
  }
  expect(failures).toEqual([]);

  const expectedOnPrevious = await eventsAfter(onPrevious.since);
  const expectedOnCurrent = await eventsAfter(onCurrent.since);
  for (
    let i = 0;
    i < 200 && (onPrevious.heard.length < expectedOnPrevious.length || onCurrent.heard.length < expectedOnCurrent.length);
    i++
  )
    await sleep(50);
  expect(expectedOnCurrent.length).toBeGreaterThan(8);
  // Each event once, on both (two runs of events may be loaded and sent in either order).
  expect([...onPrevious.heard].sort()).toEqual([...expectedOnPrevious].sort());
  expect([...onCurrent.heard].sort()).toEqual([...expectedOnCurrent].sort());
  expect([...onPrevious.errors, ...onCurrent.errors]).toEqual([]);
}, 180_000);

it("takes a turn the previous release inserts, without its situation, as its conversation's, on either database", async () => {
  const t = await startTestServer();
  try {
    const world = new TestWorld(t);
    const {
      adminKey: key,
      agents: [{ id: agent }],
    } = await world.organization('Test org', { agents: [{ name: 'a' }] });
    const conversationId = await world.startConversation(key, { agentId: agent });
    const first = (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn.id;
    // The columns the previous release's beginTurn writes, and no others.
    const [{ id: second }]: Array<{ id: string }> = await t.server.services.db.dataSource.query(
      `INSERT INTO turns (organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed)
         SELECT organization_id, conversation_id, index + 1, snapshot_id, model, loadout_version, false FROM turns WHERE id = $1 RETURNING id`,
      [first],
    );
    const { lastTurn } = (await t.ok(key, ToolboxDetailDocument, { agentId: agent })).toolbox;
    expect(lastTurn && { id: lastTurn.id, index: lastTurn.index }).toEqual({ id: second, index: 2 });
  } finally {
    await t.stop();
  }
});
