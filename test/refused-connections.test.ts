import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startServer, type LoadoutServer } from '../src/server/create-server';
import { isDatabaseUnavailable } from '../src/common/unavailable';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import { CallerIdentityDocument, WorldChannelDocument, WorldOrganizationDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, type Document, type GraphQLResult } from './support/harness';

/**
 * Every way a PostgreSQL server refuses a new connection that a spec can
 * bring about is SERVICE_UNAVAILABLE to clients (503 with Retry-After where
 * nothing ran), never an internal error: a database closed to connections
 * (55000) and a connection limit reached (53300). The server's own shutdown
 * (57P01) and an unreachable server are in outages.test.ts; a server still
 * starting up (57P03) only in src/db/unavailable.spec.ts.
 */
const serverUrl = process.env.DATABASE_URL;

async function post<T, V>(server: LoadoutServer, key: string, document: Document<T, V>, variables?: V) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: document.toString(), variables }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as GraphQLResult<T> };
}

async function superuser<T>(work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The SQLSTATE a fresh connection to `url` meets now, if it is refused. */
async function refusalOf(url: string): Promise<string | undefined> {
  const c = new Client({ connectionString: url });
  try {
    await c.connect();
    return undefined;
  } catch (error) {
    expect(isDatabaseUnavailable(error)).toBe(true);
    return (error as { code?: string }).code;
  } finally {
    await c.end().catch(() => undefined);
  }
}

if (serverUrl) {
  describe.each([
    [
      '55000, a database closed to connections',
      '55000',
      (db: string) => `ALTER DATABASE ${db} ALLOW_CONNECTIONS false`,
      (db: string) => `ALTER DATABASE ${db} ALLOW_CONNECTIONS true`,
    ],
    [
      '53300, the role’s connection limit reached',
      '53300',
      (_db: string, role: string) => `ALTER ROLE ${role} CONNECTION LIMIT 0`,
      (_db: string, role: string) => `ALTER ROLE ${role} CONNECTION LIMIT -1`,
    ],
  ])('%s', (_label, sqlstate, refuse, allow) => {
    // A role of its own: limits do not apply to superusers.
    const role = `loadout_refused_${randomBytes(4).toString('hex')}`;
    let database: FreshDatabase;
    let server: LoadoutServer;
    let url: string;

    beforeAll(async () => {
      database = await freshDatabase(serverUrl, 'loadout_refused');
      await superuser(async (c) => {
        await c.query(`CREATE ROLE ${role} LOGIN`);
        await c.query(`ALTER DATABASE ${database.name} OWNER TO ${role}`);
      });
      const roleUrl = new URL(database.url);
      roleUrl.username = role;
      url = roleUrl.toString();
      server = await startServer({ port: 0, databaseUrl: url, dataDir: 'memory://', adminToken: OPERATOR_TOKEN, production: true });
    });
    afterAll(async () => {
      await superuser((c) => c.query(allow(database.name, role)));
      await server.stop();
      await database.drop();
      await superuser((c) => c.query(`DROP ROLE IF EXISTS ${role}`));
    });

    it('is SERVICE_UNAVAILABLE with Retry-After, and served again once allowed', async () => {
      const created = await post(server, OPERATOR_TOKEN, WorldOrganizationDocument, { input: { name: 'o' } });
      const key = created.body.data!.createOrganization.apiKey;
      await superuser(async (c) => {
        await c.query(refuse(database.name, role));
        // Every open connection goes, so the pool must open new ones.
        await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [database.name]);
      });
      expect(await refusalOf(url)).toBe(sqlstate);

      const unchecked = await post(server, `${key}x`, CallerIdentityDocument);
      expect(unchecked.status).toBe(503);
      expect(unchecked.retryAfter).toBe('2');
      expect(unchecked.body.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
      const web = { input: { key: 'web', name: 'Web' } };
      const write = await post(server, key, WorldChannelDocument, web);
      expect(write.body.errors![0].extensions!.code).toBe('SERVICE_UNAVAILABLE');
      expect(write.retryAfter).toBe('2');

      await superuser((c) => c.query(allow(database.name, role)));
      const again = await post(server, key, WorldChannelDocument, web);
      expect(again.body.errors).toBeUndefined();
    });
  });
} else {
  it('a refusal of the embedded database cannot happen: it lives in the process (see src/db/unavailable.spec.ts)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' }))).toBe(
      true,
    );
  });
}
