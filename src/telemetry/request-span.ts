import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * One SERVER span for each HTTP request Loadout answers (docs/operations.md,
 * "Tracing"), under the caller's W3C trace context, with the request made
 * active so the GraphQL operation, its statements and a completed turn's
 * GenAI span are its children. Loadout's own rather than the HTTP
 * instrumentation's, which wraps every socket, header and stream event and
 * would cost the toolbox far more than this span does. With no SDK started,
 * the request runs as it is.
 */
const tracer = trace.getTracer('loadout');

/** Set once the SDK has started: until then a request does not even ask the API's no-op for a span. */
let started = false;

/** Called by startTracing once the SDK is started. */
export function traceRequests(): void {
  started = true;
}

/** Probes and scrapes: a span for each would bury the requests that matter. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/readyz/sockets', '/metrics', '/favicon.ico']);

/** Runs `respond` inside the request's span (named by `routeOf`, asked only while tracing), ended with the response's status once the response is done. */
export function inRequestSpan<T>(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  routeOf: (path: string) => string | undefined,
  respond: () => Promise<T>,
): Promise<T> {
  if (!started || UNTRACED_PATHS.has(path)) return respond();
  const method = req.method ?? 'GET';
  const route = routeOf(path);
  const caller = req.headers.traceparent === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer.startSpan(
    route ? `${method} ${route}` : method,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': method,
        'url.scheme': 'http',
        'url.path': path,
        ...(route && { 'http.route': route }),
        ...(req.url?.includes('?') && { 'url.query': redactedQuery(req.url) }),
      },
    },
    caller,
  );
  if (!span.isRecording()) return respond();
  const end = () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    // A response the client left before it was written whole.
    if (!res.writableEnded) span.setAttribute('error.type', 'aborted');
    span.end();
  };
  // Most answers are written whole when `respond` settles; a stream (an MCP session's events) ends later.
  const settled = () => (res.writableEnded ? end() : res.once('close', end));
  const answered = context.with(trace.setSpan(caller, span), respond);
  answered.then(settled, settled);
  return answered;
}

/** A query string with its names kept and every value replaced: a GET /graphql carries its variables there. */
function redactedQuery(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return [...params.keys()].map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&');
}
