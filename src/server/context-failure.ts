import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Stats } from '../common/stats';
import { RETRY_AFTER_SECONDS } from '../common/unavailable';
import { reportFailure } from './report-failure';

/**
 * A request whose context could not be built (its key could not be checked:
 * the database is away) as a coded error, where Apollo would answer a bare
 * 500: SERVICE_UNAVAILABLE with HTTP 503 and Retry-After, or a masked
 * internal error, each with the request id.
 */
export function contextFailure(error: unknown, requestId: string, stats: Stats): GraphQLError {
  const { code, message } = reportFailure(error, stats, { requestId }, 'could not authenticate a request');
  const unavailable = code === 'SERVICE_UNAVAILABLE';
  return new GraphQLError(unavailable ? message : 'Internal server error', {
    extensions: {
      code: unavailable ? code : 'INTERNAL_SERVER_ERROR',
      requestId,
      http: unavailable ? { status: 503, headers: new HeaderMap([['retry-after', String(RETRY_AFTER_SECONDS)]]) } : { status: 500 },
    },
  });
}
