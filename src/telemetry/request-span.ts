import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';

/**
 * One SERVER span for each HTTP request Loadout answers (docs/operations.md,
 * "Tracing"), under the caller's W3C trace context. The request's context
 * is handed to `respond`, which passes it on to the spans below (the
 * GraphQL operation, a completed turn's GenAI span); it is also made active
 * for `respond`, which carries it to statement spans when those are traced.
 * Loadout's own span rather than the HTTP instrumentation's, which wraps
 * every socket, header and stream event and would cost the toolbox far more.
 * With no SDK started, the request runs as it is.
 */
const tracer = trace.getTracer('loadout');

/** Set once the SDK has started: until then a request does not even ask the API's no-op for a span. */
let started = false;

/** Called by startTracing once the SDK is started. */
export function traceRequests(): void {
  started = true;
}

/** Whether the SDK has started: what only a traced server needs is left out of others. */
export function isTracing(): boolean {
  return started;
}

/** Probes and scrapes: a span for each would bury the requests that matter. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/readyz/sockets', '/metrics', '/favicon.ico']);

/** Runs `respond` with the request's context (the root context when it is not traced), its span ended with the response's status once the response is done. */
export function inRequestSpan<T>(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  routeOf: (path: string) => string | undefined,
  respond: (trace: Context) => Promise<T>,
): Promise<T> {
  if (!started || UNTRACED_PATHS.has(path)) return respond(ROOT_CONTEXT);
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
  // Unsampled, the span still carries the decision, so nothing below it is sampled on its own.
  const within = trace.setSpan(caller, span);
  if (span.isRecording()) {
    // Once the response is done: written whole when `respond` settles, or later for a stream (an MCP session's events).
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      // A response the client left before it was written whole.
      if (!res.writableFinished) span.setAttribute('error.type', 'aborted');
      span.end();
    });
  }
  return context.with(within, respond, undefined, within);
}

/** A query string with its names kept and every value replaced: a GET /graphql carries its variables there. */
function redactedQuery(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return [...params.keys()].map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&');
}
