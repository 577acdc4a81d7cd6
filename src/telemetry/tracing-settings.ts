import { readSwitch } from '../common/env-switch';

/**
 * Whether Loadout exports traces, read from OpenTelemetry's own variables
 * and `LOADOUT_TRACE_STATEMENTS` (docs/operations.md, "Tracing"). It imports
 * no module an instrumentation patches: the entry reads it before any is loaded.
 */
export interface TracingSettings {
  /** Where spans are posted (OTLP/HTTP); null: tracing is off and nothing of the SDK is loaded. */
  endpoint: string | null;
  /** The resource's `service.name`. */
  serviceName: string;
  protocol: TracingProtocol;
  /** A span for each statement a request runs, at the price of carrying the request's context across every promise. */
  statements: boolean;
}

export type TracingProtocol = 'http/protobuf' | 'http/json';

const PROTOCOLS: readonly string[] = ['http/protobuf', 'http/json'] satisfies TracingProtocol[];

export const DEFAULT_SERVICE_NAME = 'loadout';

/** The settings, or an error naming the variable that is wrong. */
export function readTracingSettings(env: NodeJS.ProcessEnv): TracingSettings {
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME;
  const protocol = readProtocol(env);
  const statements = readSwitch(env, 'LOADOUT_TRACE_STATEMENTS', false);
  const off = { endpoint: null, serviceName, protocol, statements };
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return off;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return { ...off, endpoint: httpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', traces) };
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  // The base endpoint gets the signal's path, as every OpenTelemetry SDK appends it.
  if (base) return { ...off, endpoint: `${httpUrl('OTEL_EXPORTER_OTLP_ENDPOINT', base).replace(/\/$/, '')}/v1/traces` };
  return off;
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
