import { milliseconds } from '../common/env-number';
import type { IncomingMessage, ServerOptions } from 'node:http';

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

export type BodyRead = { kind: 'ok'; text: string } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Reads a request body of at most `maxBytes`. A larger one (by its
 * Content-Length or as it arrives) is `too-large` at once: the rest is read
 * and dropped, so the client is still listening when it is told 413 rather
 * than seeing its connection reset. A client that goes away is `aborted`.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      req.resume();
      resolve({ kind: 'too-large' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        chunks.length = 0;
        req.resume();
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve({ kind: 'ok', text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', () => resolve({ kind: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ kind: 'aborted' });
    });
  });
}
