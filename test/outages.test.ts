import { Client } from 'pg';
import type { QueryRunner } from 'typeorm';
import { logger } from '../src/common/logger';
import { startServer, type LoadoutServer } from '../src/server/create-server';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import { CallerIdentityDocument, RecordToolCallsDocument, ToolUsageDocument, WorldChannelDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt, startTestServer, type Document, type GraphQLResult, type TestServer } from './support/harness';
import { tcpRelay, throughRelay, type TcpRelay } from './support/tcp-relay';
import { TestWorld } from './support/test-world';

/**
 * What clients see when the database cannot serve: SERVICE_UNAVAILABLE
 * (GraphQL), 503 with Retry-After (REST, and any request whose key cannot be
 * checked), fast, never an internal error; and the process survives its
 * connections failing, idle or checked out, counting every call exactly once
 * for a client that retries.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const POOL_WAIT_MS = 300;

async function post<T, V>(url: string, key: string, document: Document<T, V>, variables?: V) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as GraphQLResult<T>,
  };
}

async function rest(url: string, key: string) {
  const res = await fetch(`${url}/rpc/tools/gc`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error?: { code: string } } };
}

describe('with every pooled connection taken', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ poolWaitMs: POOL_WAIT_MS });
  });
  afterAll(() => t.stop());

  it('answers SERVICE_UNAVAILABLE (503 + Retry-After where nothing ran) once the bounded wait is over, then serves again', async () => {
    const { adminKey } = await t.createOrganization('exhausted');
    const viewer = await t.createKey(adminKey, 'VIEWER');
    await t.ok(adminKey, CallerIdentityDocument);
    const ds = t.server.services.db.dataSource;
    const size = t.databaseKind === 'server' ? (ds.driver as unknown as { master: { options: { max: number } } }).master.options.max : 1;
    const held: QueryRunner[] = [];
    for (let i = 0; i < size; i++) {
      const runner = ds.createQueryRunner();
      await runner.connect();
      held.push(runner);
    }
    const warned = jest.spyOn(logger, 'warn');
    try {
      const started = Date.now();
      // A key never seen: checking it needs the database.
      const unchecked = await post(t.server.url, viewer, CallerIdentityDocument);
      // The operator's log line names the request and never the key.
      expect(warned.mock.calls.map(([fields]) => fields)).toContainEqual(
        expect.objectContaining({ requestId: unchecked.requestId, err: expect.any(Error) }),
      );
      expect(JSON.stringify(warned.mock.calls)).not.toContain(viewer);
      expect(unchecked.status).toBe(503);
      expect(unchecked.retryAfter).toBe('2');
      expect(unchecked.body.errors![0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: unchecked.requestId });
      expect(unchecked.body.errors![0].message).toMatch(/retry/);

      // A key already known runs its operation, which cannot get a connection (data null). On a
      // PostgreSQL server, a LISTEN heartbeat late under load makes the remembered key untrusted:
      // it is refused before the operation (no data). Either way the same coded, retryable answer.
      const write = await post(t.server.url, adminKey, WorldChannelDocument, { input: { key: 'web', name: 'Web' } });
      expect(write.retryAfter).toBe('2');
      expect(write.body.data ?? null).toBeNull();
      expect(write.body.errors![0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: write.requestId });

      const report = await rest(t.server.url, adminKey);
      expect(report.status).toBe(503);
      expect(report.retryAfter).toBe('2');
      expect(report.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(POOL_WAIT_MS * 3 + 2_000);
    } finally {
      warned.mockRestore();
      for (const runner of held) await runner.release();
    }
    expect((await post(t.server.url, viewer, CallerIdentityDocument)).body.data!.me.role).toBe('VIEWER');
    expect((await rest(t.server.url, adminKey)).status).toBe(200);
  });
});

const serverUrl = process.env.DATABASE_URL;

// Only a PostgreSQL server can go away underneath a running instance; the embedded database lives in the process.
if (serverUrl) {
  describe('the PostgreSQL server going away and coming back', () => {
    let server: LoadoutServer;
    let cable: TcpRelay;
    let database: FreshDatabase;
    beforeAll(async () => {
      database = await freshDatabase(serverUrl, 'loadout_outage');
      cable = await tcpRelay(new URL(serverUrl));
      server = await startServer({
        port: 0,
        databaseUrl: throughRelay(serverUrl, cable, database.name),
        dataDir: 'memory://',
        adminToken: OPERATOR_TOKEN,
        production: true,
        poolWaitMs: 1_000,
      });
    });
    afterAll(async () => {
      await server.stop();
      await cable.cut();
      await database.drop();
    });

    it('answers 503 + Retry-After and SERVICE_UNAVAILABLE at once while it is unreachable, and serves again once it is back', async () => {
      const [{ adminKey: key }] = await new TestWorld(graphqlAt(`${server.url}/graphql`)).organizations(['o']);
      expect((await post(server.url, key, CallerIdentityDocument)).body.data!.me.role).toBe('ADMIN');

      await cable.cut();
      await sleep(100);
      const started = Date.now();
      const graphql = await post(server.url, key, CallerIdentityDocument);
      const report = await rest(server.url, key);
      const ready = await fetch(`${server.url}/readyz`);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(graphql.status).toBe(503);
      expect(graphql.retryAfter).toBe('2');
      expect(graphql.body.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
      expect(report.status).toBe(503);
      expect(report.retryAfter).toBe('2');
      expect(report.body.error!.code).toBe('SERVICE_UNAVAILABLE');
      expect(ready.status).toBe(503);

      await cable.open();
      const deadline = Date.now() + 15_000;
      const web = { input: { key: 'web', name: 'Web' } };
      let back = await post(server.url, key, WorldChannelDocument, web);
      while (back.body.errors && Date.now() < deadline) {
        expect(back.body.errors[0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
        await sleep(200);
        back = await post(server.url, key, WorldChannelDocument, web);
      }
      expect(back.body.data!.createChannel.key).toBe('web');
      // Ready once its LISTEN connection, reconnecting with backoff, is back too.
      while ((await fetch(`${server.url}/readyz`)).status !== 200 && Date.now() < deadline + 10_000) await sleep(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    });
  });

  describe('backends terminated under load', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer();
    });
    afterAll(() => t.stop());

    it('counts every call of a retrying client exactly once, and each failure it met was the retryable code', async () => {
      const { adminKey } = await t.createOrganization('terminated');
      const [{ db }] = await t.server.services.db.dataSource.query(`SELECT current_database() AS db`);
      const BATCHES = 40;
      const CALLS = 50;
      const failures: Array<string | undefined> = [];
      const send = async (batch: number): Promise<void> => {
        const calls = Array.from({ length: CALLS }, (_, i) => ({
          toolName: `tool_${i % 5}`,
          isError: false,
          idempotencyKey: `b${batch}-c${i}`,
        }));
        for (;;) {
          const answer = await post(t.server.url, adminKey, RecordToolCallsDocument, { calls }).catch((error: Error) => ({
            status: 0,
            body: { errors: [{ extensions: { code: `network: ${error.message}` } }] },
          }));
          if (!answer.body.errors) return;
          failures.push(answer.body.errors[0].extensions!.code);
        }
      };
      const killer = new Client({ connectionString: serverUrl });
      await killer.connect();
      let killing = true;
      let terminated = 0;
      const kill = (async () => {
        while (killing) {
          const { rows } = await killer.query(
            `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [db],
          );
          terminated += rows[0].n;
          await sleep(100);
        }
      })();
      const queue = Array.from({ length: BATCHES }, (_, i) => i);
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let batch = queue.shift(); batch !== undefined; batch = queue.shift()) await send(batch);
        }),
      );
      killing = false;
      await kill;
      await killer.end();

      expect(terminated).toBeGreaterThan(0);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures)).toEqual(new Set(['SERVICE_UNAVAILABLE']));
      const usage = (await t.ok(adminKey, ToolUsageDocument)).toolUsage;
      expect(usage.reduce((sum: number, u: { calls: number }) => sum + u.calls, 0)).toBe(BATCHES * CALLS);
      expect(usage.map((u: { calls: number }) => u.calls)).toEqual(Array(5).fill((BATCHES * CALLS) / 5));
    }, 180_000);
  });
}
