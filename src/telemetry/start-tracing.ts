import type { IncomingMessage } from 'node:http';
import type { TracingSettings } from './tracing-settings';

/** A started SDK: stop() exports the spans still queued, then stops. */
export interface Tracing {
  endpoint: string;
  stop(): Promise<void>;
}

/** Probes and scrapes: a span for each would bury the requests that matter. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']);

/**
 * Starts OpenTelemetry's Node SDK when an endpoint is configured, before
 * the modules it instruments are loaded (docs/operations.md, "Tracing").
 * Without one, nothing of the SDK is even imported: the API the code calls
 * stays its no-op.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing | null> {
  const { endpoint, protocol, serviceName } = settings;
  if (endpoint === null) return null;
  const [{ NodeSDK }, { HttpInstrumentation }, { GraphQLInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-graphql'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const { OTLPTraceExporter } =
    protocol === 'http/json'
      ? await import('@opentelemetry/exporter-trace-otlp-http')
      : await import('@opentelemetry/exporter-trace-otlp-proto');
  const sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter({ url: endpoint }),
    // Traces only: /metrics stays Prometheus's, logs stay pino's on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has(pathOf(request)),
        // Outgoing calls go to MCP servers, whose URLs may carry their credentials.
        disableOutgoingRequestInstrumentation: true,
        requestHook: (span, request) => {
          if ('url' in request && request.url?.includes('?')) span.setAttribute('url.query', redactedQuery(request.url));
        },
      }),
      // Operations, not fields: a span per resolver would cost the toolbox more than its answer.
      new GraphQLInstrumentation({ allowValues: false, ignoreResolveSpans: true, depth: 0 }),
      // Only within a traced request; statements with their $n placeholders, never the values bound to them.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { endpoint, stop: () => sdk.shutdown() };
}

function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** A query string with its names kept and every value replaced: a GET /graphql carries its variables there. */
function redactedQuery(url: string): string {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  return [...params.keys()].map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&');
}
