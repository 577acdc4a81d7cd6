/**
 * Whether Loadout exports traces, read from OpenTelemetry's own variables
 * (docs/operations.md, "Tracing"). This file imports nothing: the entry
 * reads it before any module that the instrumentations patch is loaded.
 */
export interface TracingSettings {
  /** Where spans are posted (OTLP/HTTP); null: tracing is off and nothing of the SDK is loaded. */
  endpoint: string | null;
  /** The resource's `service.name`. */
  serviceName: string;
  protocol: TracingProtocol;
}

export type TracingProtocol = 'http/protobuf' | 'http/json';

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'] satisfies TracingProtocol[];

export const DEFAULT_SERVICE_NAME = 'loadout';

/** The settings, or an error naming the variable that is wrong. */
export function readTracingSettings(env: NodeJS.ProcessEnv): TracingSettings {
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME;
  const protocol = readProtocol(env);
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return { endpoint: null, serviceName, protocol };
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return { endpoint: httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', traces), serviceName, protocol };
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  // The base endpoint gets the signal's path, as every OpenTelemetry SDK appends it.
  if (base) return { endpoint: `${httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', base).replace(/\/$/, '')}/v1/traces`, serviceName, protocol };
  return { endpoint: null, serviceName, protocol };
}

function readProtocol(env: NodeJS.ProcessEnv): TracingProtocol {
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const value = env[name]?.trim();
    if (!value) continue;
    // gRPC would bring a second network stack for one signal; every collector and LLM-observability backend takes OTLP/HTTP.
    if (!PROTOCOLS.includes(value)) throw new Error(`${name} must be http/protobuf or http/json, not '${value}'`);
    return value as TracingProtocol;
  }
  return 'http/protobuf';
}

function httpUrl(name: string, text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name} must be an http or https URL, such as http://127.0.0.1:4318, not '${text}'`);
  return text;
}
