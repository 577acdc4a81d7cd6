import { milliseconds, wholeNumber } from '../common/env-number';
import { readSealingKey } from '../common/sealed-text';
import { INVENTORY_TOOLS_MAX } from '../common/validation';
import { readEgressPolicy } from '../mcp-client/egress-policy';
import { logger } from '../common/logger';
import { DeclaredServers } from '../mcp-client/stdio-declarations';
import type { McpConnectionSettings } from './mcp-connections.service';

/** The defaults docs/mcp-connections.md and docs/configuration.md state. */
export const MCP_DEFAULTS = {
  intervalMs: 5 * 60_000,
  staleAfterMs: 60 * 60_000,
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  maxResponseMb: 16,
  backoffMinMs: 10_000,
  backoffMaxMs: 30 * 60_000,
  leaseMs: 30_000,
  tickMs: 1_000,
  probesPerMinute: 30,
};

/** Everything the MCP connections read of the environment; a setting that is wrong stops the start, naming it. */
export function readMcpConnectionSettings(env: NodeJS.ProcessEnv): McpConnectionSettings {
  const requestTimeoutMs = milliseconds(env, 'LOADOUT_MCP_TIMEOUT_MS', MCP_DEFAULTS.requestTimeoutMs, 100);
  const intervalMs = wholeNumber(env, 'LOADOUT_MCP_PROBE_INTERVAL_MS', {
    fallback: MCP_DEFAULTS.intervalMs,
    min: 1_000,
    max: 86_400_000,
    unit: 'milliseconds',
  });
  const maxResponseBytes =
    wholeNumber(env, 'LOADOUT_MCP_MAX_RESPONSE_MB', { fallback: MCP_DEFAULTS.maxResponseMb, min: 1, max: 256, unit: 'MB' }) * 1024 * 1024;
  return {
    policy: readEgressPolicy(env.LOADOUT_MCP_ALLOWED_HOSTS),
    secretKey: readSealingKey(env.LOADOUT_MCP_SECRET_KEY, 'LOADOUT_MCP_SECRET_KEY'),
    stdio: new DeclaredServers(env.LOADOUT_MCP_STDIO_SERVERS, (message) =>
      logger.warn({ message }, 'LOADOUT_MCP_STDIO_SERVERS not read again'),
    ),
    intervalMs,
    staleAfterMs: wholeNumber(env, 'LOADOUT_MCP_STALE_AFTER_MS', {
      fallback: MCP_DEFAULTS.staleAfterMs,
      min: 1_000,
      max: 30 * 86_400_000,
      unit: 'milliseconds',
    }),
    backoffMinMs: Math.min(MCP_DEFAULTS.backoffMinMs, intervalMs),
    backoffMaxMs: Math.max(MCP_DEFAULTS.backoffMaxMs, intervalMs),
    requestTimeoutMs,
    limits: {
      requestTimeoutMs,
      connectTimeoutMs: Math.min(MCP_DEFAULTS.connectTimeoutMs, requestTimeoutMs),
      maxResponseBytes,
      maxPages: 100,
      maxListedTools: INVENTORY_TOOLS_MAX,
    },
    idleMs: 5 * 60_000,
    leaseMs: MCP_DEFAULTS.leaseMs,
    tickMs: MCP_DEFAULTS.tickMs,
    claimBatch: 50,
    concurrency: 8,
    probesPerMinute: MCP_DEFAULTS.probesPerMinute,
  };
}
