import { traceRequests } from './request-span';
import type { TracingSettings } from './tracing-settings';

/** A started SDK: stop() exports the spans still queued, then stops. */
export interface Tracing {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts OpenTelemetry's Node SDK when an endpoint is configured, before
 * the modules it instruments are loaded (docs/operations.md, "Tracing").
 * Without one, nothing of the SDK is even imported: the API the code calls
 * stays its no-op.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing | null> {
  const { endpoint, protocol, serviceName } = settings;
  if (endpoint === null) return null;
  const [{ NodeSDK }, { GraphQLInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
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
      // Operations, not fields: a span per resolver would cost the toolbox more than its answer.
      new GraphQLInstrumentation({ allowValues: false, ignoreResolveSpans: true, depth: 0 }),
      // Only within a traced request; statements with their $n placeholders, never the values bound to them.
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  traceRequests();
  return { endpoint, stop: () => sdk.shutdown() };
}
