import { randomBytes } from 'node:crypto';
import { milliseconds, wholeNumber } from './common/env-number';
import { DEFAULT_POOL_WAIT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database';
import { DEFAULT_SHUTDOWN_GRACE_MS, DEFAULT_SHUTDOWN_SETTLE_MS } from './server/http-drain';
import { DEFAULT_HEAP_GROWTH_PERCENT } from './server/heap-growth';
import { readHttpTimeouts, type HttpTimeouts } from './server/http-limits';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './usage/call-log-retention';

export interface Config {
  port: number;
  databaseUrl?: string;
  /** Where the LISTEN connection goes when not to DATABASE_URL (a pooler in transaction mode cannot LISTEN). */
  listenDatabaseUrl?: string;
  dataDir: string;
  /** The platform operator's token; null where none is configured. */
  adminToken: string | null;
  adminTokenGenerated: boolean;
  /** 'auto': seed only an empty embedded database. */
  demo: 'always' | 'never' | 'auto';
  production: boolean;
  httpTimeouts: HttpTimeouts;
  /** How long a request waits for a database connection before SERVICE_UNAVAILABLE. */
  poolWaitMs: number;
  /** PostgreSQL's statement_timeout for the application's connections (a PostgreSQL server only). */
  statementTimeoutMs: number;
  /** On SIGTERM, how long requests in flight may take before the remaining connections are cut. */
  shutdownGraceMs: number;
  /** On SIGTERM, how long /readyz fails while new connections are still accepted, before the listener closes. */
  shutdownSettleMs: number;
  /** Bearer token that may read /metrics from anywhere; null: loopback only. */
  metricsToken: string | null;
  /** The toolbox query answered without graphql-js's executor; off where execution must be watched (Apollo usage reporting). */
  directExecution: boolean;
  /** Days of calls the call log keeps for the budget report's asOf; older months are dropped. */
  callLogRetentionDays: number;
  /** What the compiled loadouts of every organisation may take of the heap, as estimated (LOADOUT_CACHE_MB). */
  loadoutCacheBytes: number;
  /** How far V8's old generation may grow past what its last full collection left live, in percent; 0: V8's own policy. */
  heapGrowthPercent: number;
}

/**
 * About 3,400 organisations of 100 definitions and 10 agents (see
 * footprint.ts and docs/architecture.md, note "Cache memory"). Evictions cost more memory than they
 * free while loads are frequent: each leaves its loadout as old-generation
 * garbage until the next full collection (see server/heap-growth.ts).
 */
export const DEFAULT_LOADOUT_CACHE_MB = 256;

/** Which database a process of this configuration uses, as `npm start` names it. */
export const databaseDescription = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): string =>
  config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = wholeNumber(env, 'PORT', { fallback: 4000, min: 0, max: 65535, unit: null });
  const configured = env.LOADOUT_ADMIN_TOKEN || null;
  // Unset on the embedded default: a fresh token each start, printed; on a server, no operator.
  const generated = !configured && !databaseUrl ? `op_${randomBytes(24).toString('base64url')}` : null;
  return {
    port,
    databaseUrl,
    listenDatabaseUrl: env.LOADOUT_LISTEN_DATABASE_URL || undefined,
    dataDir: env.LOADOUT_DATA_DIR || './data',
    adminToken: configured ?? generated,
    adminTokenGenerated: generated !== null,
    demo: env.LOADOUT_DEMO === '1' ? 'always' : env.LOADOUT_DEMO === '0' ? 'never' : 'auto',
    production: env.NODE_ENV === 'production',
    httpTimeouts: readHttpTimeouts(env),
    poolWaitMs: milliseconds(env, 'LOADOUT_DB_POOL_WAIT_MS', DEFAULT_POOL_WAIT_MS),
    statementTimeoutMs: milliseconds(env, 'LOADOUT_DB_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    shutdownGraceMs: milliseconds(env, 'LOADOUT_SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS),
    shutdownSettleMs: milliseconds(env, 'LOADOUT_SHUTDOWN_SETTLE_MS', DEFAULT_SHUTDOWN_SETTLE_MS, 0),
    metricsToken: env.LOADOUT_METRICS_TOKEN || null,
    directExecution: readSwitch(env, 'LOADOUT_DIRECT_EXECUTION', true),
    callLogRetentionDays: wholeNumber(env, 'LOADOUT_CALL_LOG_RETENTION_DAYS', {
      fallback: DEFAULT_RETENTION_DAYS,
      min: MIN_RETENTION_DAYS,
      max: MAX_RETENTION_DAYS,
      unit: 'days',
    }),
    loadoutCacheBytes:
      wholeNumber(env, 'LOADOUT_CACHE_MB', { fallback: DEFAULT_LOADOUT_CACHE_MB, min: 1, max: 1_048_576, unit: 'MB' }) * 1024 * 1024,
    // 0 leaves V8's own policy.
    heapGrowthPercent: wholeNumber(env, 'LOADOUT_HEAP_GROWTH_PERCENT', {
      fallback: DEFAULT_HEAP_GROWTH_PERCENT,
      min: 10,
      max: 300,
      unit: 'percent',
      also: 0,
    }),
  };
}

/** An on/off setting: `on` or `off`, or the fallback when unset. */
function readSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (text === 'on' || text === 'off') return text === 'on';
  throw new Error(`${name} must be on or off, not '${text}'`);
}
