import pino from 'pino';

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * An error as a log line may show it: its kind, message, code and stack. The
 * driver's query parameters are left out (they carry user data and key
 * hashes); the SQL text is kept.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) {
    // A thrown object that is no Error still says what it is where it can, rather than "[object Object]".
    const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
    return { message: typeof message === 'string' ? message : described(error), ...(code !== undefined ? { code } : {}) };
  }
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

/** A thrown value that is no Error and has no message: a primitive as itself, an object by its kind (its fields may carry user data). */
function described(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  return `a thrown ${(value as { constructor?: { name?: string } }).constructor?.name ?? 'object'}, not an Error`;
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
