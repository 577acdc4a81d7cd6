import { randomBytes } from 'node:crypto';
import { milliseconds, wholeNumber } from './common/env-number';
import { readSwitch } from './common/env-switch';
import { DEFAULT_POOL_WAIT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database';
import { DEFAULT_SHUTDOWN_GRACE_MS, DEFAULT_SHUTDOWN_SETTLE_MS } from './server/http-drain';
import { DEFAULT_HEAP_GROWTH_PERCENT } from './server/heap-growth';
import type { ServerConfig } from './server/create-server';
import { readHttpTimeouts } from './server/http-limits';
import { DEFAULT_LOADOUT_CACHE_MB } from './loadout/compiled';
import { readMcpConnectionSettings } from './probes/connection-settings';
import { DEFAULT_RETENTION_DAYS, MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from './usage/call-log-retention';
import { readTracingSettings, type TracingSettings } from './telemetry/tracing-settings';

/** What the process reads of its environment: what the server takes, and what the entry points decide before starting it. */
export interface Config extends Required<
  Omit<ServerConfig, 'databaseUrl' | 'listenDatabaseUrl' | 'embeddedTemplate' | 'beginTurnAtOnce' | 'mcpGateway' | 'admission'>
> {
  databaseUrl?: string;
  listenDatabaseUrl?: string;
  adminTokenGenerated: boolean;
  /** 'auto': seed only an empty embedded database. */
  demo: 'always' | 'never' | 'auto';
  /** How far V8's old generation may grow past what its last full collection left live, in percent; 0: V8's own policy. */
  heapGrowthPercent: number;
  /** OpenTelemetry's variables as Loadout reads them: main.ts starts tracing from the same reading, before the server's modules load. */
  tracing: TracingSettings;
}

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
    databasePooled: readSwitch(env, 'LOADOUT_DB_POOLED', false),
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
    mcp: readMcpConnectionSettings(env),
    mcpAllowedOrigins: readOrigins(env, 'LOADOUT_MCP_ALLOWED_ORIGINS'),
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
    tracing: readTracingSettings(env),
  };
}

/** Comma-separated origins (`https://app.example.com`); each must be an origin and nothing more. */
function readOrigins(env: NodeJS.ProcessEnv, name: string): string[] {
  const text = env[name] ?? '';
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const origin = URL.canParse(part) ? new URL(part).origin : null;
      if (origin === null || origin === 'null' || origin !== part.replace(/\/$/, ''))
        throw new Error(`${name} must list origins such as https://app.example.com, not '${part}'`);
      return origin;
    });
}
