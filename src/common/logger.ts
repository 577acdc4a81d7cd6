import pino from 'pino';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * An error as a log line may show it: its kind, message, code and stack. The
 * driver's query parameters are left out (they carry user data and key
 * hashes); the SQL text is kept.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, query } = error as Error & { code?: unknown; query?: unknown };
  const driverCode = (error as { driverError?: { code?: unknown } }).driverError?.code;
  return {
    type: error.constructor.name,
    message: error.message,
    ...(code !== undefined ? { code } : driverCode !== undefined ? { code: driverCode } : {}),
    ...(typeof query === 'string' ? { query: query.slice(0, 500) } : {}),
    stack: error.stack,
  };
}

/**
 * One JSON object per line on stdout (`LOG_LEVEL`, default info). Nothing is
 * logged per successful request; lines about a request carry its
 * `requestId`. No line ever carries headers, variables or query
 * parameters, so no key or token reaches the log; the redaction is a second
 * guard should one be passed by mistake.
 */
export const logger = pino({
  level: LEVELS.has(process.env.LOG_LEVEL ?? '') ? process.env.LOG_LEVEL : 'info',
  base: { pid: process.pid },
  redact: {
    paths: ['authorization', '*.authorization', 'headers', '*.headers', 'apiKey', '*.apiKey', 'token', '*.token', 'variables'],
    censor: '[redacted]',
  },
  serializers: { err: errorForLog },
});
