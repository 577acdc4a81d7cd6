import { toClientError } from '../common/errors';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';

/**
 * A thrown error as the client is told it, counted by code and logged once
 * with the request id: an outage as a warning, an internal error as an
 * error (a client's own mistake is not logged). Every place that turns an
 * error into an answer outside Apollo's pipeline goes through here.
 */
export function reportFailure(error: unknown, stats: Stats, log: { requestId?: string; path?: string }, what: string) {
  const client = toClientError(error);
  stats.error(client.code);
  if (client.code === 'SERVICE_UNAVAILABLE') logger.warn({ ...log, err: error }, 'database unavailable');
  else if (client.code === 'INTERNAL_SERVER_ERROR') logger.error({ ...log, err: error }, what);
  return client;
}
