import { PGlite } from '@electric-sql/pglite';
import { holdDataDir } from './data-dir-lock';
import { Client, type ClientConfig } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { logger } from '../common/logger';
import { pgliteDriverModule } from './pglite-pool';
import { QueryCounter } from './query-counter';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export type DatabaseKind = 'embedded' | 'server';

export interface Database {
  kind: DatabaseKind;
  dataSource: DataSource;
  /** Statements sent so far (for specs that bound query counts). */
  queryCount(): number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** The tables (the application's entities: see src/entities.ts). */
  entities: DataSourceOptions['entities'];
  /** A PostgreSQL server; unset means embedded PGlite. */
  url?: string;
  /** PGlite's data directory, or `memory://` to keep nothing. */
  dataDir: string;
  /** A tarball of a PGlite data directory (PGlite's `dumpDataDir`) that a new embedded database starts as, instead of empty. */
  embeddedTemplate?: Blob;
  poolSize?: number;
  /** How long a query waits for a connection (default 5 s); past it, a coded SERVICE_UNAVAILABLE. */
  poolWaitMs?: number;
  /** statement_timeout of a PostgreSQL server's connections (default 30 s). */
  statementTimeoutMs?: number;
  /**
   * `url` is a transaction pooler's (PgBouncer's): no startup parameter is
   * sent, since a pooler refuses or drops them, and the statement timeout is
   * the database's or the role's own (docs/operations.md, "Poolers").
   */
  pooled?: boolean;
}

const common = {
  type: 'postgres' as const,
  namingStrategy: new SnakeNamingStrategy(),
  synchronize: false,
  migrationsRun: false,
  // Extensions come from the reviewed migrations; gen_random_uuid() is core PostgreSQL.
  installExtensions: false,
  uuidExtension: 'pgcrypto' as const,
};

/** Defaults of LOADOUT_DB_POOL_WAIT_MS and LOADOUT_DB_STATEMENT_TIMEOUT_MS. */
export const DEFAULT_POOL_WAIT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * pg reports a dead connection as an `error` event. The pool listens while
 * a connection is idle and TypeORM while it is checked out, but not in the
 * moment between (a backend terminated just as its connection is handed
 * out): an event nobody hears would crash the process. Queries on the
 * connection still fail with the error, and the pool drops it.
 */
class GuardedClient extends Client {
  constructor(config?: ClientConfig) {
    super(config);
    this.on('error', (error) => logger.debug({ err: error }, 'database connection failed'));
  }
}

/**
 * Behind a transaction pooler no session setting survives, so the timeout
 * must be the database's or the role's: without one a stuck statement would
 * hold a pooled connection for ever, and the server refuses to start.
 */
async function requireStatementTimeout(dataSource: DataSource): Promise<void> {
  const [{ statement_timeout: timeout }]: Array<{ statement_timeout: string }> = await dataSource.query('SHOW statement_timeout');
  if (timeout !== '0') return;
  const [{ db, role }]: Array<{ db: string; role: string }> = await dataSource.query(
    'SELECT current_database() AS db, current_user AS role',
  );
  await dataSource.destroy();
  throw new Error(
    `DATABASE_URL goes through a pooler (LOADOUT_DB_POOLED=on), where no statement timeout of Loadout's own applies, ` +
      `and the database sets none: run ALTER DATABASE "${db}" SET statement_timeout = '30s' (or ALTER ROLE "${role}" SET …) on the server`,
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = new QueryCounter();
  const queryCount = () => logger.count;
  if (options.url) {
    const dataSource = new DataSource({
      ...common,
      entities: options.entities,
      logger,
      url: options.url,
      poolSize: options.poolSize ?? 10,
      // Bounds both the wait for a free connection and the connect itself, so an unreachable server fails fast.
      connectTimeoutMS: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
      extra: options.pooled
        ? { Client: GuardedClient }
        : { statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS, Client: GuardedClient },
      poolErrorHandler: (error: Error) => logger.poolError(error),
    });
    await dataSource.initialize();
    if (options.pooled) await requireStatementTimeout(dataSource);
    return { kind: 'server', dataSource, queryCount, close: () => dataSource.destroy() };
  }
  const onDisk = options.dataDir !== 'memory://';
  const release = onDisk ? holdDataDir(options.dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: onDisk ? options.dataDir : undefined, loadDataDir: options.embeddedTemplate });
  } catch (error) {
    release();
    throw error;
  }
  const dataSource = new DataSource({
    ...common,
    entities: options.entities,
    logger,
    driver: pgliteDriverModule(pglite, options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS),
  });
  await dataSource.initialize();
  return {
    kind: 'embedded',
    dataSource,
    queryCount,
    close: async () => {
      try {
        await dataSource.destroy();
        await pglite.close();
      } finally {
        release();
      }
    },
  };
}
