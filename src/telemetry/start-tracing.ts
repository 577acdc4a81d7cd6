import { ExplicitContextManager } from './explicit-context';
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
 * stays its no-op. Each span is handed its parent explicitly; only statement
 * spans, asked for, need the SDK's AsyncLocalStorage to find theirs.
 */
export async function startTracing(settings: TracingSettings): Promise<Tracing | null> {
  const { endpoint, protocol, serviceName, statements } = settings;
  if (endpoint === null) return null;
  const [{ NodeSDK }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
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
    ...(statements
      ? // Only within a traced request; statements with their $n placeholders, never the values bound to them.
        { instrumentations: [new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false })] }
      : { instrumentations: [], contextManager: new ExplicitContextManager() }),
  });
  sdk.start();
  traceRequests();
  return { endpoint, stop: () => sdk.shutdown() };
}
