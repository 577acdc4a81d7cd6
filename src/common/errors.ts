import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './unavailable';
import { variableField } from './variable-field';

export type ErrorCode =
  'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT' | 'SERVICE_UNAVAILABLE' | 'INTERNAL_SERVER_ERROR';

/**
 * Every error a user can cause. Its code goes to `extensions.code`; `field`
 * names the bad input as a path from the operation's arguments
 * (`input.maxTools`, `changes[2].updateTool.patch.name`, `tools[1].name`),
 * and `fields` lists every bad input where there are several.
 */
export class LoadoutError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly fields?: string[],
  ) {
    super(message);
  }
}

export const notFound = (what: string, field?: string): LoadoutError => new LoadoutError('NOT_FOUND', `${what} not found`, field);

export const badInput = (field: string, message: string): LoadoutError => new LoadoutError('BAD_USER_INPUT', `${field}: ${message}`, field);

export const conflict = (message: string, field?: string): LoadoutError => new LoadoutError('CONFLICT', message, field);

/** Whether a statement failed on a unique index. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505';

/** Maps a thrown error to what a client may see. The one place codes are decided. */
export function toClientError(error: unknown): { message: string; code: ErrorCode; field?: string; fields?: string[] } {
  if (error instanceof LoadoutError) return { message: error.message, code: error.code, field: error.field, fields: error.fields };
  if (isUniqueViolation(error)) {
    return { message: 'An object with that name or key already exists', code: 'CONFLICT' };
  }
  if (isDatabaseUnavailable(error)) return { message: 'The database is unavailable; retry shortly', code: 'SERVICE_UNAVAILABLE' };
  return { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
}

const TOO_MANY_VARIABLE_ERRORS = 'Too many errors processing variables';

/**
 * Apollo's formatError: coded errors keep their message, anything else is an
 * internal error without stack or SQL. GraphQL's own validation errors pass
 * through with Apollo's codes.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  if (!original || original instanceof GraphQLError) {
    // GraphQL stops coercing variables after 50 bad ones with an uncoded error; it is still the client's input.
    if (formatted.message.startsWith(TOO_MANY_VARIABLE_ERRORS)) return { ...formatted, extensions: { code: 'BAD_USER_INPUT' } };
    const { stacktrace: _ignored, ...extensions } = formatted.extensions ?? {};
    // A variable refused by coercion is the client's input: coded and named on every transport, as a resolver's check would be.
    const field = error instanceof GraphQLError ? variableField(error) : undefined;
    if (field) return { ...formatted, extensions: { ...extensions, code: 'BAD_USER_INPUT', field } };
    return { ...formatted, extensions };
  }
  // Logged with the request's id by the request observer, which sees the context this hook does not.
  const mapped = toClientError(original);
  return {
    message: mapped.message,
    locations: formatted.locations,
    path: formatted.path,
    extensions: {
      code: mapped.code,
      ...(mapped.field ? { field: mapped.field } : {}),
      ...(mapped.fields && mapped.fields.length > 1 ? { fields: mapped.fields } : {}),
    },
  };
}
