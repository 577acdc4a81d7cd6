import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, Readable, Transform } from 'node:stream';
import { mayAsk, mayConnect, type EgressPolicy } from './egress-policy';

/**
 * The fetch every HTTP connection to an MCP server goes through
 * (docs/mcp-connections.md, "Egress"): each name is resolved once, inside
 * the connection, and only an allowed address is connected to, so the
 * address checked is the address used (a connection kept alive for the
 * session's next request was made that way); redirects are followed by hand, each
 * hop checked the same way; an answer larger than the bound is cut.
 */

export interface FetchBounds {
  /** Bytes one answer may carry (a stream's, over its life). */
  maxResponseBytes: number;
  /** How long the connection and the answer's headers may take. */
  connectTimeoutMs: number;
}

/** Refused by the egress policy: the same words whatever is behind the address, so no probe tells ports apart. */
export class EgressRefused extends Error {
  constructor(host: string, port: number) {
    super(`not allowed: ${host}:${port} is not an address this instance may reach (LOADOUT_MCP_ALLOWED_HOSTS)`);
  }
}

export class AnswerTooLarge extends Error {
  constructor(bytes: number) {
    super(
      `the server's answer is larger than ${bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`}`,
    );
  }
}

const REDIRECTS_MAX = 5;

interface Agents {
  http: http.Agent;
  https: https.Agent;
}

/** A fetch, and the closing of the connections it keeps alive. */
export type GuardedFetch = ((input: string | URL, init?: RequestInit) => Promise<Response>) & { close(): void };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/** A resolver that hands the connection only the addresses the policy allows for this host and port. */
function guardedLookup(policy: EgressPolicy, host: string, port: number): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const allowed = found.filter((a) => mayConnect(policy, host, port, a.address));
      if (allowed.length === 0) return callback(new EgressRefused(host, port), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

/** Cuts a body past `max` bytes with AnswerTooLarge. */
function bounded(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new AnswerTooLarge(max) : null, seen > max ? undefined : chunk);
    },
  });
}

function plainHeaders(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => (out[name] = value));
  return out;
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  policy: EgressPolicy,
  bounds: FetchBounds,
  agents: Agents,
  signal?: AbortSignal | null,
) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = portOf(url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new EgressRefused(host, port));
  if (!mayAsk(policy, host, port) || (isIP(host) && !mayConnect(policy, host, port, host)))
    return Promise.reject(new EgressRefused(host, port));
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method,
      headers,
      lookup: guardedLookup(policy, host, port),
      signal: signal ?? undefined,
      // A kept-alive socket was connected through this lookup, to an address it allowed; a new one goes through it again.
      agent: url.protocol === 'https:' ? agents.https : agents.http,
    });
    request.setTimeout(bounds.connectTimeoutMs, () => request.destroy(new Error(`no answer within ${bounds.connectTimeoutMs} ms`)));
    request.on('response', (response) => {
      request.setTimeout(0);
      resolve(response);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Headers that may follow a redirect to another origin: none of the server's own, which may be secrets. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'content-type', 'last-event-id', 'mcp-protocol-version', 'user-agent']);

/**
 * A fetch for the MCP SDK's HTTP transports, held to the policy and the
 * bounds. Under `redirect: 'manual'` (the SDK follows same-origin redirects
 * itself) a redirect to a refused address fails here, naming it refused.
 */
export function guardedFetch(policy: EgressPolicy, bounds: FetchBounds): GuardedFetch {
  // One session's connections, kept alive between its requests and closed with it.
  const agents: Agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const fetch = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    let url = new URL(input);
    let method = init?.method ?? 'GET';
    let body = typeof init?.body === 'string' || init?.body instanceof Uint8Array ? Buffer.from(init.body) : undefined;
    let headers = plainHeaders(init?.headers);
    for (let hop = 0; ; hop++) {
      const response = await send(url, method, headers, body, policy, bounds, agents, init?.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        const target = new URL(location, url);
        const host = target.hostname.replace(/^\[|\]$/g, '');
        if (!mayAsk(policy, host, portOf(target))) {
          response.resume();
          throw new EgressRefused(host, portOf(target));
        }
        if (init?.redirect !== 'manual') {
          response.resume();
          if (hop >= REDIRECTS_MAX || init?.redirect === 'error') throw new Error(`more than ${REDIRECTS_MAX} redirects`);
          if (target.origin !== url.origin)
            headers = Object.fromEntries(Object.entries(headers).filter(([n]) => CROSS_ORIGIN_HEADERS.has(n)));
          url = target;
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
      }
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers))
        for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
      const empty = status === 204 || status === 304 || method === 'HEAD';
      if (empty) response.resume();
      // pipeline: a reset connection errors the body, and a body given up on closes the connection.
      const stream = empty
        ? null
        : (Readable.toWeb(pipeline(response, bounded(bounds.maxResponseBytes), () => {})) as ReadableStream<Uint8Array>);
      return new Response(stream, { status, statusText: response.statusMessage, headers: responseHeaders });
    }
  };
  return Object.assign(fetch, {
    close: () => {
      agents.http.destroy();
      agents.https.destroy();
    },
  });
}
