import { milliseconds } from '../common/env-number';
import type { ServerOptions } from 'node:http';

/** How long a client may take, so a slow or idle one cannot hold a socket and its memory. */
export interface HttpTimeouts {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this; a trickling body is cut. */
  requestTimeoutMs: number;
  /** An idle keep-alive socket is closed after this. */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 5_000 };

/** Node's options for these timeouts; how often it checks them follows the shortest, so a cut comes on time. */
export function httpServerOptions(timeouts: HttpTimeouts): ServerOptions {
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, timeouts.requestTimeoutMs);
  return {
    headersTimeout,
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}

/** Reads `LOADOUT_HEADERS_TIMEOUT_MS`, `LOADOUT_REQUEST_TIMEOUT_MS`, `LOADOUT_KEEP_ALIVE_TIMEOUT_MS`. */
export function readHttpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const read = (name: string, fallback: number) => milliseconds(env, name, fallback);
  return {
    headersTimeoutMs: read('LOADOUT_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs),
    requestTimeoutMs: read('LOADOUT_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
    keepAliveTimeoutMs: read('LOADOUT_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs),
  };
}
