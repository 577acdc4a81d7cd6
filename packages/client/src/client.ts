import type { TypedDocumentString } from '../generated/graphql';

/** A GraphQL error as the server sends it: `extensions.field` names the input at fault. */
export interface LoadoutErrorBody {
  message: string;
  extensions?: { code?: string; field?: string; requestId?: string };
}

/**
 * Loadout's error codes (docs/semantics.md §2.3), and the client's own for a
 * request that got no answer: `NETWORK_ERROR` (no connection, or it broke),
 * `TIMEOUT` (no answer in time), `LOADOUT_UNAVAILABLE` (no toolbox to fall
 * back on, runtime.ts), `QUEUE_FULL` (a background send dropped). GraphQL's
 * own, such as `GRAPHQL_VALIDATION_FAILED`, come as other strings.
 */
export type LoadoutErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'LOADOUT_UNAVAILABLE'
  | 'QUEUE_FULL';

/** The codes of a request the server may never have seen: sending it again is safe for idempotent operations. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['SERVICE_UNAVAILABLE', 'NETWORK_ERROR', 'TIMEOUT']);

/** What the HTTP response said besides its errors: its status, and how long `Retry-After` asks a client to wait. */
export interface LoadoutErrorResponse {
  status: number;
  retryAfterMs?: number;
}

/**
 * A request that came back with errors: the first one's code and field, and
 * every message. `status` is the HTTP status (200 for an error a resolver
 * raised); `retryAfterMs` is set where the server sent `Retry-After`.
 */
export class LoadoutError extends Error {
  // `string & {}` keeps the named codes offered where a check compares them.
  readonly code: LoadoutErrorCode | (string & {}) | undefined;
  readonly field: string | undefined;
  /** The id to quote to the server's operator, on an internal error or an outage. */
  readonly requestId: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly errors: LoadoutErrorBody[],
    response?: LoadoutErrorResponse,
  ) {
    super(errors.map((e) => e.message).join('; '));
    this.code = errors[0]?.extensions?.code;
    this.field = errors[0]?.extensions?.field;
    this.requestId = errors[0]?.extensions?.requestId;
    this.status = response?.status;
    this.retryAfterMs = response?.retryAfterMs;
  }

  /** An outage, the server's, a gateway's or the network's: the same request may be sent again. */
  get retryable(): boolean {
    return (this.code !== undefined && RETRYABLE_CODES.has(this.code)) || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/** beginTurn could not reach the server in time, and the runtime has no toolbox of that conversation or situation to fall back on. */
export class LoadoutUnavailableError extends LoadoutError {
  constructor(
    message: string,
    readonly cause: unknown,
  ) {
    super([{ message, extensions: { code: 'LOADOUT_UNAVAILABLE' } }]);
  }

  override get retryable(): boolean {
    return true;
  }
}

/** A request that got no answer: the connection failed or broke (`NETWORK_ERROR`), or no answer came in time (`TIMEOUT`). */
function unanswered(endpoint: URL, error: unknown, timeoutMs: number): LoadoutError {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  const why = timedOut
    ? `no answer within ${timeoutMs} ms`
    : error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return new LoadoutError([
    { message: `POST ${endpoint.href} failed: ${why}`, extensions: { code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR' } },
  ]);
}

/** Sends one generated operation; the result and the variables are typed by the document. */
export type Client = <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables) => Promise<TResult>;

/**
 * Where the GraphQL requests go, given the server's address: its base URL (`http://localhost:4000`, or the path a
 * proxy serves it under) gets `/graphql` appended; an address that ends in `/graphql` is kept, without a trailing
 * slash (the server serves `/graphql` only). An address that is not an http(s) URL is refused here, before any request.
 */
export function resolveEndpoint(url: string): URL {
  const example = "give the Loadout server's base URL, such as http://localhost:4000";
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new Error(`'${url}' is not a URL: ${example}`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') throw new Error(`'${url}' is not an http(s) URL: ${example}`);
  const path = endpoint.pathname.replace(/\/+$/, '');
  endpoint.pathname = path.endsWith('/graphql') ? path : `${path}/graphql`;
  return endpoint;
}

interface GraphQLBody<TResult> {
  data?: TResult | null;
  errors?: LoadoutErrorBody[];
}

/**
 * The answer's GraphQL body, or a LoadoutError saying what answered instead (another server, a wrong path, a
 * proxy's page). The error keeps the status and `Retry-After`, so a proxy's 503 page is still a retryable outage.
 */
function graphQLBody<TResult>(endpoint: URL, response: Response, text: string): GraphQLBody<TResult> {
  const type = response.headers.get('content-type') ?? 'no content type';
  // A gateway's 502, 503 or 504 page is an outage in front of the server, not a wrong address.
  const unavailable = response.status === 502 || response.status === 503 || response.status === 504;
  const why = unavailable
    ? 'Loadout, or a proxy in front of it, is unavailable; the request may be sent again'
    : "is it the Loadout server's address? Its GraphQL endpoint is /graphql";
  const wrongAddress = (what: string) =>
    new LoadoutError(
      [{ message: `POST ${endpoint.href} answered HTTP ${response.status} (${what}), not a GraphQL response: ${why}` }],
      errorResponse(response),
    );
  if (!type.includes('json')) throw wrongAddress(type);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw wrongAddress(`${type} that does not parse`);
  }
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body))
    throw wrongAddress(`${type}: ${text.slice(0, 200)}`);
  return body as GraphQLBody<TResult>;
}

/** The longest a request waits for its whole answer unless the client is told otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A client for one server and one API key, over plain `fetch`; `url` is the
 * server's base URL or its /graphql endpoint. A request with no answer
 * within `timeoutMs`, or whose connection fails, is a LoadoutError
 * (`TIMEOUT`, `NETWORK_ERROR`) that is `retryable`.
 */
export function loadoutClient(url: string, apiKey: string, timeoutMs = DEFAULT_TIMEOUT_MS): Client {
  const endpoint = resolveEndpoint(url);
  return async <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>, variables: TVariables): Promise<TResult> => {
    let response: Response;
    let text: string;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ query: document.toString(), variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw unanswered(endpoint, error, timeoutMs);
    }
    const body = graphQLBody<TResult>(endpoint, response, text);
    if (body.errors?.length || !body.data) {
      throw new LoadoutError(body.errors ?? [{ message: `HTTP ${response.status}` }], errorResponse(response));
    }
    return body.data;
  };
}

function errorResponse(response: Response): LoadoutErrorResponse {
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, retryAfterMs: retryAfter === null ? undefined : retryAfterMs(retryAfter) };
}

/** `Retry-After` as seconds or as an HTTP date, in milliseconds from now; undefined when it is neither. */
export function retryAfterMs(value: string, now = Date.now()): number | undefined {
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryOptions {
  /** Sends in all, the first included; 4 by default. */
  attempts?: number;
  /** The longest wait between two sends, whatever `Retry-After` asks; 30 s by default. */
  maxDelayMs?: number;
  /** The wait where the server sent no `Retry-After`, doubled after each send; 500 ms by default. */
  baseDelayMs?: number;
  /** How a wait is spent; tests pass one that records it. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The client, sending again after SERVICE_UNAVAILABLE (HTTP 503): the server
 * did nothing, so any request may be repeated. It waits what `Retry-After`
 * asks, at most `maxDelayMs`, and gives up after `attempts` sends with the
 * last error. Every other error is thrown at once.
 */
export function withRetries(send: Client, options: RetryOptions = {}): Client {
  const { attempts = 4, maxDelayMs = 30_000, baseDelayMs = 500 } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (document, variables) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await send(document, variables);
      } catch (error) {
        if (!(error instanceof LoadoutError) || !error.retryable || attempt >= attempts) throw error;
        await sleep(Math.min(maxDelayMs, error.retryAfterMs ?? baseDelayMs * 2 ** (attempt - 1)));
      }
    }
  };
}
