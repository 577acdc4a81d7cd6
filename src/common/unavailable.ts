/**
 * Whether an error means the database cannot serve us right now (a refused
 * or dropped connection, a server shutting down, a full pool, a statement
 * cut by `statement_timeout`), as opposed to a statement that is wrong. The
 * former is worth a retry, so clients see SERVICE_UNAVAILABLE, never an
 * internal error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof name === 'string' && RELEASED_RUNNER.has(name)) return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (code === OBJECT_NOT_IN_PREREQUISITE_STATE && typeof message === 'string' && NOT_ACCEPTING.test(message)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = (e as { driverError?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * TypeORM releases a transaction's connection as soon as it fails; the
 * transaction's next statement then meets this instead of the driver's error.
 */
const RELEASED_RUNNER = new Set(['QueryRunnerProviderAlreadyReleasedError', 'QueryRunnerAlreadyReleasedError']);

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (statement_timeout); class 08 is connection_exception. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/**
 * 55000 is also a statement's error (a sequence's lastval not yet defined, …);
 * only the refusal of a database closed to connections (`ALLOW_CONNECTIONS
 * false`) is an outage.
 */
const OBJECT_NOT_IN_PREREQUISITE_STATE = '55000';
const NOT_ACCEPTING = /is not currently accepting connections/;

/** What `pg` and its pool say when a connection is gone or none could be had in time. */
const UNAVAILABLE_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|Connection is not established)/;

/** Seconds a client is told to wait before retrying during an outage. */
export const RETRY_AFTER_SECONDS = 2;
