import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { toClientError } from '../common/errors';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';

/** Codes whose message hides what happened: the client gets the request id to quote instead. */
const MASKED = new Set(['INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);

/**
 * Logs the errors of an operation the server must hear of, with the
 * request's id: an internal error (with its stack) and a database outage. A
 * client's own mistake is not logged.
 */
export function logOperationErrors(errors: readonly GraphQLError[], requestId: string | undefined): void {
  for (const error of errors) {
    const original = error.originalError;
    if (!original || original instanceof GraphQLError) continue;
    const { code } = toClientError(original);
    if (code === 'INTERNAL_SERVER_ERROR') logger.error({ requestId, err: original, path: error.path }, 'internal error');
    else if (code === 'SERVICE_UNAVAILABLE') logger.warn({ requestId, err: original }, 'database unavailable');
  }
}

/**
 * The last step before formatted errors leave: each is counted by code, and
 * a masked one gets the request id (in place). Returns whether one was an
 * outage, which HTTP answers with `Retry-After`.
 */
export function finishOperationErrors(errors: GraphQLFormattedError[], requestId: string | undefined, stats: Stats): boolean {
  let unavailable = false;
  for (let i = 0; i < errors.length; i++) {
    const code = String(errors[i].extensions?.code ?? 'INTERNAL_SERVER_ERROR');
    stats.error(code);
    if (!MASKED.has(code)) continue;
    errors[i] = { ...errors[i], extensions: { ...errors[i].extensions, requestId } };
    unavailable ||= code === 'SERVICE_UNAVAILABLE';
  }
  return unavailable;
}
