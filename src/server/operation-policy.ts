import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ParseOptions,
  type ValidationRule,
} from 'graphql';
import { formatError } from '../common/errors';
import { QUERY_LIMITS, exceedsTokenLimit, limitedFormatError, queryLimitRules } from './query-limits';

/**
 * What every GraphQL operation meets, whatever door it came through: the
 * parse limits, the validation rules (the query limits, and no
 * introspection in production), and how errors are shown (codes, no
 * suggestions in production, capped messages). HTTP hands these to Apollo;
 * graphql-ws applies them in `prepareOperation`. A rule added here guards
 * both.
 */
export interface OperationPolicy {
  readonly parseOptions: ParseOptions;
  /** Run after graphql-js's specified rules. */
  readonly validationRules: readonly ValidationRule[];
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

export const TOO_MANY_TOKENS = `Document has more than ${QUERY_LIMITS.maxTokens} tokens`;

const introspectionRule: ValidationRule = (context): ASTVisitor => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(new GraphQLError('Introspection is disabled on this server', { nodes: [node] }));
    }
  },
});

export function operationPolicy(production: boolean): OperationPolicy {
  return {
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    validationRules: production ? [introspectionRule, ...queryLimitRules] : queryLimitRules,
    // Suggestions name real fields; they are hidden wherever introspection is (production).
    formatError: limitedFormatError(formatError, production),
  };
}

export type PreparedOperation = { document: DocumentNode; operation: OperationDefinitionNode } | { errors: GraphQLError[] };

const refused = (message: string, code: string, error?: GraphQLError): GraphQLError =>
  new GraphQLError(message, { nodes: error?.nodes, source: error?.source, positions: error?.positions, extensions: { code } });

/**
 * A document checked as Apollo checks one over HTTP, with the same codes:
 * the token cap before anything is parsed (GRAPHQL_VALIDATION_FAILED),
 * GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED, and an operation name
 * that picks no operation (OPERATION_RESOLUTION_FAILURE).
 */
export function prepareOperation(
  policy: OperationPolicy,
  schema: GraphQLSchema,
  query: unknown,
  operationName: string | null | undefined,
): PreparedOperation {
  if (typeof query !== 'string') return { errors: [refused('GraphQL operations must contain a `query` string', 'BAD_REQUEST')] };
  if (exceedsTokenLimit(query)) return { errors: [refused(TOO_MANY_TOKENS, 'GRAPHQL_VALIDATION_FAILED')] };
  let document: DocumentNode;
  try {
    document = parse(query, policy.parseOptions);
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { errors: [refused(error.message, 'GRAPHQL_PARSE_FAILED', error)] };
  }
  const invalid = validate(schema, document, [...specifiedRules, ...policy.validationRules]);
  if (invalid.length) return { errors: invalid.map((e) => refused(e.message, 'GRAPHQL_VALIDATION_FAILED', e)) };
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) {
    const message = operationName
      ? `Unknown operation named "${operationName}".`
      : 'Must provide operation name if query contains multiple operations.';
    return { errors: [refused(message, 'OPERATION_RESOLUTION_FAILURE')] };
  }
  return { document, operation };
}

/** Documents a preparer remembers, and the longest it remembers (a client's own documents are few and short). */
const PREPARED_KEPT = 500;
const PREPARED_TEXT_MAX = 16 * 1024;

/**
 * prepareOperation remembering what it accepted, by query text and
 * operation name: a socket's clients send the same few documents again and
 * again (a thousand subscriptions of one document are parsed and validated
 * once), and operations of one text share one document, which lets their
 * subscriptions share their results (shared-subscription-results.ts).
 */
export function rememberingPreparer(
  policy: OperationPolicy,
  schema: GraphQLSchema,
): (query: unknown, operationName: string | null | undefined) => PreparedOperation {
  const kept = new Map<string, PreparedOperation>();
  return (query, operationName) => {
    if (typeof query !== 'string' || query.length > PREPARED_TEXT_MAX) return prepareOperation(policy, schema, query, operationName);
    const key = `${operationName ?? ''}\n${query}`;
    const known = kept.get(key);
    if (known) return known;
    const prepared = prepareOperation(policy, schema, query, operationName);
    if ('errors' in prepared) return prepared;
    if (kept.size >= PREPARED_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, prepared);
    return prepared;
  };
}
