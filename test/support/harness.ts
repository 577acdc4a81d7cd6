import 'reflect-metadata';
import fs from 'node:fs';
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import { Client } from 'pg';
import { freshDatabase, type FreshDatabase } from './fresh-database';
import { embeddedTemplate, serverTemplate } from './migrated-template';
import { OPERATOR_TOKEN, TestWorld } from './test-world';
import { startServer, type LoadoutServer, type ServerConfig } from '../../src/server/create-server';

export { OPERATOR_TOKEN };

export interface GraphQLResult<T = unknown> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }>;
}

/** A document that carries the type of the data it selects, as the debugger page's generated ones do; `gql` and `ok` infer it. */
export type Query<T> = string & DocumentTypeDecoration<T, Record<string, unknown>>;

/** Declares what `query` selects, once, for every call that sends it. */
export const typed = <T>(query: string): Query<T> => query as Query<T>;

/** A generated document of test/support/*.graphql: its text, and the types of its data and its variables. */
export type Document<T, V> = DocumentTypeDecoration<T, V> & { toString(): string };

/** The data of a mutation that selects only the ids of what it created: `Created<'createAgent'>`. */
export type Created<K extends string> = { [P in K]: { id: string } };

export interface TestServer {
  server: LoadoutServer;
  url: string;
  /** Which database this run uses: the embedded default or DATABASE_URL's server. */
  databaseKind: 'embedded' | 'server';
  /** The fresh database of DATABASE_URL's server this run uses; undefined on the embedded default. */
  databaseUrl?: string;
  /** A generated document's data and variables are typed; otherwise data is `unknown` unless the query is a `Query<T>` or T is given. */
  gql<T, V>(key: string | null, document: Document<T, V>, variables?: V): Promise<GraphQLResult<T>>;
  gql<T = unknown>(key: string | null, query: string | Query<T>, variables?: Record<string, unknown>): Promise<GraphQLResult<T>>;
  /** Like gql, but fails the test on any error and returns data. */
  ok<T, V>(key: string | null, document: Document<T, V>, variables?: V): Promise<T>;
  ok<T = unknown>(key: string | null, query: string | Query<T>, variables?: Record<string, unknown>): Promise<T>;
  createOrganization(name?: string): Promise<{ id: string; adminKey: string }>;
  createKey(adminKey: string, role: 'ADMIN' | 'EDITOR' | 'RUNTIME' | 'VIEWER'): Promise<string>;
  /** Another instance on the same database (a PostgreSQL server only; stopped with this one). */
  startAnother(): Promise<LoadoutServer>;
  stop(): Promise<void>;
}

/**
 * Boots the real server on a port of its own. With DATABASE_URL set, on a
 * fresh database of that server that is dropped afterwards; otherwise on
 * embedded PGlite in memory. Either starts as a copy of the migrated
 * template (migrated-template.ts), which the server's own migration run
 * then finds up to date.
 */
export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const serverUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  let pooled: Partial<ServerConfig> = {};
  if (serverUrl) {
    const database = await freshDatabase(serverUrl, 'loadout_test', await serverTemplate(serverUrl));
    databaseUrl = database.url;
    dropDatabase = database.drop;
    // A spec that names its own database (a dump loaded elsewhere) reaches it directly.
    const poolerUrl = overrides.databaseUrl === undefined ? process.env.LOADOUT_TEST_POOLER_URL : undefined;
    if (poolerUrl) pooled = await throughPooler(database, poolerUrl);
  }
  const config: ServerConfig = {
    port: 0,
    databaseUrl,
    dataDir: 'memory://',
    adminToken: OPERATOR_TOKEN,
    production: true,
    ...pooled,
    ...overrides,
  };
  // An embedded database starting empty, in memory or in a new directory, starts as the template's copy.
  if (!config.databaseUrl && !config.embeddedTemplate && isEmptyDir(config.dataDir)) config.embeddedTemplate = await embeddedTemplate();
  const server = await startServer(config);
  const others: LoadoutServer[] = [];
  const url = `${server.url}/graphql`;
  const testServer: TestServer = {
    server,
    url,
    databaseKind: serverUrl ? 'server' : 'embedded',
    databaseUrl,
    ...graphqlAt(url),
    async createOrganization(name = 'Test org') {
      const [organization] = await new TestWorld(testServer).organizations([name]);
      return organization;
    },
    createKey(adminKey, role) {
      return new TestWorld(testServer).key(adminKey, role);
    },
    async startAnother() {
      if (!databaseUrl) throw new Error('one embedded database serves one instance');
      const other = await startServer(config);
      others.push(other);
      return other;
    },
    async stop() {
      for (const other of others) await other.stop();
      await server.stop();
      await dropDatabase?.();
    },
  };
  return testServer;
}

/** A GraphQL endpoint's `gql` and `ok`, as a TestServer has them. */
export type GraphQLClient = Pick<TestServer, 'gql' | 'ok'>;

/**
 * `gql` and `ok` of the GraphQL endpoint `url` (…/graphql), every request
 * with `headers` too: for a server the harness did not start (a built
 * server's process, a server behind a pooler or a relay), and what a
 * `TestWorld` stands on there.
 */
export function graphqlAt(url: string, headers: Record<string, string> = {}): GraphQLClient {
  const gql = async <T>(key: string | null, query: string | Document<T, unknown>, variables?: unknown): Promise<GraphQLResult<T>> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ query: query.toString(), variables }),
    });
    return (await res.json()) as GraphQLResult<T>;
  };
  const ok = async <T>(key: string | null, query: string | Document<T, unknown>, variables?: unknown): Promise<T> => {
    const result = await gql<T>(key, query, variables);
    if (result.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
    return result.data as T;
  };
  return { gql, ok };
}

/**
 * LOADOUT_TEST_POOLER_URL (.ci/run's third pass): the server's pool goes
 * through that transaction pooler and LISTEN to the server, as
 * docs/operations.md ("Poolers") sets it up, the database's own statement
 * timeout set first.
 */
async function throughPooler(database: FreshDatabase, poolerUrl: string): Promise<Partial<ServerConfig>> {
  const direct = new Client({ connectionString: database.url });
  await direct.connect();
  await direct.query(`ALTER DATABASE "${database.name}" SET statement_timeout = '30s'`);
  await direct.end();
  const through = new URL(poolerUrl);
  through.pathname = `/${database.name}`;
  return { databaseUrl: through.toString(), listenDatabaseUrl: database.url, databasePooled: true };
}

/** Whether an embedded database's directory holds nothing yet. */
function isEmptyDir(dataDir: string | undefined): boolean {
  if (dataDir === undefined || dataDir === 'memory://') return true;
  return !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
}

/** The error code of the first error, for assertions. */
export const codeOf = (result: GraphQLResult): string | undefined => result.errors?.[0]?.extensions?.code;
