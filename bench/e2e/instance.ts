import { randomBytes } from 'node:crypto';
import { createDatabase, type BenchDatabase } from './database';
import type { Options } from './options';
import { startHello, startLoadout, type ServerProcess } from './server-process';

/** A Loadout server process on a database of its own. */
export interface Loadout {
  server: ServerProcess;
  db: BenchDatabase;
  graphqlUrl: string;
  /** LOADOUT_ADMIN_TOKEN: may call createOrganization. */
  operatorToken: string;
}

/** The last internal error the server logged, cut short, for a note. */
export function lastServerError(server: ServerProcess): string | null {
  const line = server.lastError();
  return line ? `server log: ${line.slice(0, 300)}` : null;
}

/** Adds the server's last logged error to a failure's message, keeping its class (a TimeoutError stays one). */
function withServerLog(error: unknown, server: ServerProcess): unknown {
  const logged = lastServerError(server);
  if (error instanceof Error && logged) error.message += ` (${logged})`;
  return error;
}

/** Fresh database, server started, fn run; the server stopped and the database dropped whatever happens. */
export async function withLoadout<T>(options: Options, fn: (loadout: Loadout) => Promise<T>, env: NodeJS.ProcessEnv = {}): Promise<T> {
  const db = await createDatabase(options.databaseKind, options.serverUrl);
  try {
    const operatorToken = `op_bench_${randomBytes(12).toString('hex')}`;
    const server = await startLoadout(db, operatorToken, env);
    try {
      return await fn({ server, db, graphqlUrl: `${server.baseUrl}/graphql`, operatorToken });
    } catch (error) {
      throw withServerLog(error, server);
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}

/**
 * Two Loadout servers on one fresh database, as a platform runs several
 * instances; both stopped and the database dropped whatever happens. A
 * PostgreSQL server only: embedded PGlite is one process's database.
 */
export function withLoadoutPair<T>(options: Options, fn: (a: Loadout, b: Loadout) => Promise<T>): Promise<T> {
  if (options.databaseKind !== 'server') throw new Error('two instances share a PostgreSQL server: run without --embedded');
  return withLoadout(options, (a) => withAnotherServer(a, {}, (b) => fn(a, b)));
}

/** Another Loadout server on `loadout`'s database (a PostgreSQL server's), `env` added to its environment, for the length of fn. */
export async function withAnotherServer<T>(loadout: Loadout, env: NodeJS.ProcessEnv, fn: (other: Loadout) => Promise<T>): Promise<T> {
  const server = await startLoadout(loadout.db, loadout.operatorToken, env);
  try {
    return await fn({ ...loadout, server, graphqlUrl: `${server.baseUrl}/graphql` });
  } catch (error) {
    throw withServerLog(error, server);
  } finally {
    await server.stop();
  }
}

/** The hello baseline server for the length of fn. */
export async function withHello<T>(fn: (hello: ServerProcess) => Promise<T>): Promise<T> {
  const hello = await startHello();
  try {
    return await fn(hello);
  } finally {
    await hello.stop();
  }
}
