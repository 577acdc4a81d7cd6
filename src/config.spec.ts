import { readConfig } from './config';

describe('readConfig', () => {
  it('reads the durations and switches a deployment sets, and their defaults', () => {
    const defaults = readConfig({});
    expect(defaults).toMatchObject({
      shutdownSettleMs: 2_000,
      shutdownGraceMs: 10_000,
      directExecution: true,
      callLogRetentionDays: 90,
      loadoutCacheBytes: 256 * 1024 * 1024,
      heapGrowthPercent: 50,
    });
    expect(readConfig({ LOADOUT_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(readConfig({ LOADOUT_HEAP_GROWTH_PERCENT: '100' }).heapGrowthPercent).toBe(100);
    expect(readConfig({ LOADOUT_CALL_LOG_RETENTION_DAYS: '31' }).callLogRetentionDays).toBe(31);
    expect(readConfig({ LOADOUT_CACHE_MB: '512' }).loadoutCacheBytes).toBe(512 * 1024 * 1024);
    expect(readConfig({ LOADOUT_SHUTDOWN_SETTLE_MS: '0', LOADOUT_DIRECT_EXECUTION: 'off' })).toMatchObject({
      shutdownSettleMs: 0,
      directExecution: false,
    });
    expect(readConfig({ LOADOUT_LISTEN_DATABASE_URL: 'postgres://direct/db' }).listenDatabaseUrl).toBe('postgres://direct/db');
  });

  it.each([
    ['LOADOUT_DIRECT_EXECUTION', 'no', "LOADOUT_DIRECT_EXECUTION must be on or off, not 'no'"],
    ['LOADOUT_SHUTDOWN_SETTLE_MS', '-1', "LOADOUT_SHUTDOWN_SETTLE_MS must be a whole number of milliseconds from 0 to 3600000, not '-1'"],
    ['LOADOUT_CALL_LOG_RETENTION_DAYS', '30', "LOADOUT_CALL_LOG_RETENTION_DAYS must be a whole number of days from 31 to 731, not '30'"],
    [
      'LOADOUT_CALL_LOG_RETENTION_DAYS',
      '90.5',
      "LOADOUT_CALL_LOG_RETENTION_DAYS must be a whole number of days from 31 to 731, not '90.5'",
    ],
    ['LOADOUT_CALL_LOG_RETENTION_DAYS', '732', "LOADOUT_CALL_LOG_RETENTION_DAYS must be a whole number of days from 31 to 731, not '732'"],
    [
      'LOADOUT_CALL_LOG_RETENTION_DAYS',
      '36500',
      "LOADOUT_CALL_LOG_RETENTION_DAYS must be a whole number of days from 31 to 731, not '36500'",
    ],
    ['LOADOUT_HEAP_GROWTH_PERCENT', '5', "LOADOUT_HEAP_GROWTH_PERCENT must be 0 or a whole number of percent from 10 to 300, not '5'"],
    ['LOADOUT_HEAP_GROWTH_PERCENT', '50%', "LOADOUT_HEAP_GROWTH_PERCENT must be 0 or a whole number of percent from 10 to 300, not '50%'"],
    ['LOADOUT_CACHE_MB', '0', "LOADOUT_CACHE_MB must be a whole number of MB from 1 to 1048576, not '0'"],
    ['LOADOUT_CACHE_MB', '1.5', "LOADOUT_CACHE_MB must be a whole number of MB from 1 to 1048576, not '1.5'"],
    ['LOADOUT_SHUTDOWN_GRACE_MS', '0', "LOADOUT_SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 1 to 3600000, not '0'"],
    ['PORT', '70000', "PORT must be a whole number from 0 to 65535, not '70000'"],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });

  // Spellings JavaScript's Number() would read as some number: every numeric setting refuses them alike.
  it.each(['1e3', '0x100', ' 256 ', '+256', '256.0', '0b10', ''.padEnd(16, '9')])('refuses %j for every numeric setting', (text) => {
    for (const name of [
      'PORT',
      'LOADOUT_CACHE_MB',
      'LOADOUT_CALL_LOG_RETENTION_DAYS',
      'LOADOUT_HEAP_GROWTH_PERCENT',
      'LOADOUT_SHUTDOWN_GRACE_MS',
      'LOADOUT_DB_POOL_WAIT_MS',
      'LOADOUT_HEADERS_TIMEOUT_MS',
    ]) {
      expect(() => readConfig({ [name]: text })).toThrow(`${name} must be`);
    }
  });

  it('reads the origins that may use the MCP gateway, and refuses anything but an origin, naming the variable', () => {
    expect(
      readConfig({ LOADOUT_MCP_ALLOWED_ORIGINS: 'https://app.example.com, http://tools.example.com:8080/' }).mcpAllowedOrigins,
    ).toEqual(['https://app.example.com', 'http://tools.example.com:8080']);
    expect(readConfig({}).mcpAllowedOrigins).toEqual([]);
    for (const bad of ['app.example.com', 'https://app.example.com/path', 'file:///etc'])
      expect(() => readConfig({ LOADOUT_MCP_ALLOWED_ORIGINS: bad })).toThrow(/LOADOUT_MCP_ALLOWED_ORIGINS must list origins/);
  });

  it("reads OpenTelemetry's variables: tracing is off without an endpoint, and the traces endpoint wins over the base one", () => {
    expect(readConfig({}).tracing).toEqual({ endpoint: null, serviceName: 'loadout', protocol: 'http/protobuf', statements: false });
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing.endpoint).toBe('http://collector:4318/v1/traces');
    expect(
      readConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://cloud.langfuse.com/api/public/otel/v1/traces',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'loadout-eu',
        LOADOUT_TRACE_STATEMENTS: 'on',
      }).tracing,
    ).toEqual({
      endpoint: 'https://cloud.langfuse.com/api/public/otel/v1/traces',
      serviceName: 'loadout-eu',
      protocol: 'http/json',
      statements: true,
    });
    expect(readConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).tracing.endpoint).toBeNull();
  });

  it.each([
    [
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'collector:4318',
      "OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL, such as http://127.0.0.1:4318, not 'collector:4318'",
    ],
    ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'grpc://collector:4317', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http or https URL'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc', "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json, not 'grpc'"],
    ['LOADOUT_TRACE_STATEMENTS', 'true', "LOADOUT_TRACE_STATEMENTS must be on or off, not 'true'"],
    ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'json', "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL must be http/protobuf or http/json, not 'json'"],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });
});
