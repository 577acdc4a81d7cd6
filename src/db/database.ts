import { PGlite } from '@electric-sql/pglite';
import { DataSource } from 'typeorm';
import { entities } from './entities';
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
  /** A PostgreSQL server; unset means embedded PGlite. */
  url?: string;
  /** PGlite's data directory, or `memory://` to keep nothing. */
  dataDir: string;
  poolSize?: number;
  /** How long a query waits for a connection (default 5 s); past it, a coded SERVICE_UNAVAILABLE. */
  poolWaitMs?: number;
  /** statement_timeout of a PostgreSQL server's connections (default 30 s). */
  statementTimeoutMs?: number;
}

const common = {
  type: 'postgres' as const,
  entities,
  namingStrategy: new SnakeNamingStrategy(),
  synchronize: false,
  migrationsRun: false,
  // Extensions come from the reviewed migrations; gen_random_uuid() is core PostgreSQL.
  installExtensions: false,
  uuidExtension: 'pgcrypto' as const,
};

const DEFAULT_POOL_WAIT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = new QueryCounter();
  const queryCount = () => logger.count;
  if (options.url) {
    const dataSource = new DataSource({
      ...common,
      logger,
      url: options.url,
      poolSize: options.poolSize ?? 10,
      // Bounds both the wait for a free connection and the connect itself, so an unreachable server fails fast.
      connectTimeoutMS: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
      extra: { statement_timeout: options.statementTimeoutMs ?? 30_000 },
      poolErrorHandler: (error: Error) => logger.poolError(error),
    });
    await dataSource.initialize();
    return { kind: 'server', dataSource, queryCount, close: () => dataSource.destroy() };
  }
  const pglite = await PGlite.create(options.dataDir === 'memory://' ? undefined : options.dataDir);
  const dataSource = new DataSource({ ...common, logger, driver: pgliteDriverModule(pglite, options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS) });
  await dataSource.initialize();
  return {
    kind: 'embedded',
    dataSource,
    queryCount,
    close: async () => {
      await dataSource.destroy();
      await pglite.close();
    },
  };
}
