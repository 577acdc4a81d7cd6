import { randomBytes } from 'node:crypto';
import { Client, type ClientConfig } from 'pg';
import { sleep } from './stats';

export type DatabaseKind = 'server' | 'embedded';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Bounded like the HTTP calls: a stuck statement fails the scenario instead of hanging the bench. */
export const pgConfig = (connectionString: string): ClientConfig => ({
  connectionString,
  connectionTimeoutMillis: 10_000,
  query_timeout: 120_000,
});

/** One server start's database: a fresh database on the PostgreSQL server, or PGlite in the server's memory. */
export interface BenchDatabase {
  kind: DatabaseKind;
  /** What the server process needs in its environment to use it. */
  serverEnv: Record<string, string>;
  /** For raw-SQL baselines; null on embedded, where only the server process can reach its in-memory database. */
  url: string | null;
  /**
   * Waits (at most 30 s) until no statement of the server's is running or
   * holding a transaction open, then a moment for the answers to be sent, so
   * the tail of one load does not land in the next measurement; embedded: a
   * pause, as nothing outside can see its database.
   */
  settle(): Promise<void>;
  drop(): Promise<void>;
}

const SETTLE_MS = 30_000;

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(pgConfig(url));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(kind: DatabaseKind, serverUrl: string): Promise<BenchDatabase> {
  if (kind === 'embedded')
    return { kind, serverEnv: { LOADOUT_DATA_DIR: 'memory://' }, url: null, settle: () => sleep(1000), drop: async () => {} };
  const name = `loadout_bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    serverEnv: { DATABASE_URL: url.toString() },
    url: url.toString(),
    settle: () =>
      withClient(serverUrl, async (c) => {
        const deadline = Date.now() + SETTLE_MS;
        while (Date.now() < deadline) {
          const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle'`, [name]);
          if (rows[0].n === 0) break;
          await sleep(100);
        }
        await sleep(500);
      }),
    drop: () =>
      withClient(serverUrl, async (c) => {
        // A stopped server's sockets finish closing a moment later; give them that moment before forcing.
        for (let i = 0; i < 40; i++) {
          const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
          if (rows[0].n === 0) break;
          await sleep(50);
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
