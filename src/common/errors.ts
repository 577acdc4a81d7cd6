import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { QueryFailedError } from 'typeorm';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'INTERNAL_SERVER_ERROR';

/** Every error a user can cause. Its code goes to `extensions.code`; `field` names the bad input. */
export class LoadoutError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string, field?: string): LoadoutError =>
  new LoadoutError('NOT_FOUND', `${what} not found`, field);

export const badInput = (field: string, message: string): LoadoutError =>
  new LoadoutError('BAD_USER_INPUT', `${field}: ${message}`, field);

export const conflict = (message: string, field?: string): LoadoutError => new LoadoutError('CONFLICT', message, field);

const UNIQUE_VIOLATION = '23505';

/** Maps a thrown error to what a client may see. The one place codes are decided. */
export function toClientError(error: unknown): { message: string; code: ErrorCode; field?: string; fields?: string[] } {
  if (error instanceof LoadoutError) return { message: error.message, code: error.code, field: error.field };
  if (error instanceof ArgumentValidationError) {
    const fields = flattenValidation(error.extensions.validationErrors as ValidationLike[]);
    const message = fields.map((f) => `${f.path}: ${f.messages.join(', ')}`).join('; ');
    return { message: `Invalid input: ${message}`, code: 'BAD_USER_INPUT', field: fields[0]?.path, fields: fields.map((f) => f.path) };
  }
  if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === UNIQUE_VIOLATION) {
    return { message: 'An object with that name or key already exists', code: 'CONFLICT' };
  }
  return { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' };
}

interface ValidationLike {
  property: string;
  constraints?: Record<string, string>;
  children?: ValidationLike[];
}

function flattenValidation(errors: ValidationLike[] = [], prefix = ''): Array<{ path: string; messages: string[] }> {
  return errors.flatMap((e) => {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? [{ path, messages: Object.values(e.constraints) }] : [];
    return [...own, ...flattenValidation(e.children, path)];
  });
}

/**
 * Apollo's formatError: coded errors keep their message, anything else is an
 * internal error without stack or SQL. GraphQL's own validation errors pass
 * through with Apollo's codes.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError && error.originalError ? error.originalError : error;
  const isOwnGraphQLError = original instanceof GraphQLError && !(original instanceof ArgumentValidationError);
  if (!original || isOwnGraphQLError) {
    const { stacktrace: _ignored, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const mapped = toClientError(original);
  if (mapped.code === 'INTERNAL_SERVER_ERROR') console.error('internal error:', original);
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
