import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  GraphQLError,
  Kind,
  Lexer,
  Source,
  TokenKind,
  getNamedType,
  getNullableType,
  isListType,
  isLeafType,
  type ASTVisitor,
  type FieldNode,
  type GraphQLCompositeType,
  type GraphQLFormattedError,
  type GraphQLObjectType,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/pagination';

/** Every limit a GraphQL request meets, in one place (docs/configuration.md, "Limits"). */
export const QUERY_LIMITS = {
  /** The request body, before anything else is read or parsed (inflated, when it is gzip). */
  maxBodyBytes: 1024 * 1024,
  /**
   * The body of an MCP inventory report: a report replaces the whole
   * inventory, so it cannot be sent in parts, and the largest real servers'
   * `tools/list` are 2 to 3 MiB (docs/semantics.md §8.5).
   */
  maxInventoryBodyBytes: 8 * 1024 * 1024,
  /** Lexical tokens of the document, counted before authentication. */
  maxTokens: 1_000,
  /** Nested field levels: the project's deepest document (the debugger's conversation page) has 7. */
  maxDepth: 8,
  maxAliases: 15,
  maxDirectives: 10,
  /** Estimated work: see `operationCost`. */
  maxCost: 5_000,
  /** Root fields of one mutation: each is its own transaction. */
  maxRootMutations: 5,
  /** Longest error message a client receives: no error quotes a huge input back. */
  maxMessageChars: 500,
} as const;

/**
 * What a field costs instead of the 1 every object fetched costs, by what its
 * resolver does: a budget report aggregates the scope's call log, a toolbox is
 * an assembly, a rendering and a token count walk every definition.
 */
const FIELD_WEIGHT: Record<string, number> = {
  'Query.toolBudget': 1_000,
  'Query.toolbox': 100,
  'Agent.toolbox': 100,
  'Toolbox.rendered': 50,
  'ToolboxSnapshot.rendered': 50,
  // The same field read through the interface both share.
  'ToolboxContent.rendered': 50,
  'ToolDefinition.schemaTokens': 10,
  // Plain values kept on the turn's own row: nothing is fetched for them.
  'Turn.mcpInventories': 0,
  'Turn.toolCalls': 0,
  // Read from the snapshot and conversation the turn's other fields load anyway.
  'Turn.notListed': 0,
};

/** What an unpaginated list is assumed to hold; a connection holds `first` (see common/pagination.ts). */
const LIST_SIZE = 10;

/**
 * The estimated cost of an operation: each object fetched costs 1 (or its
 * field's weight), a leaf nothing (or its weight: `rendered`,
 * `schemaTokens`), and a list multiplies its objects and
 * everything below them by its expected size, so nested lists compound as
 * they do when executed.
 * Each fragment is costed once (a document that spreads fragments into
 * fragments stays linear to check); a fragment cycle is GraphQL's own error
 * and costs nothing here.
 */
export function operationCost(context: ValidationContext, root: GraphQLCompositeType, selectionSet: SelectionSetNode): number {
  const fragments = new Map<string, number>();
  const fragmentCost = (name: string): number => {
    const known = fragments.get(name);
    if (known !== undefined) return known;
    fragments.set(name, 0);
    const fragment = context.getFragment(name);
    const type = fragment && (context.getSchema().getType(fragment.typeCondition.name.value) as GraphQLCompositeType | undefined);
    const cost = fragment && type ? selectionCost(type, fragment.selectionSet) : 0;
    fragments.set(name, cost);
    return cost;
  };
  const fieldCost = (parent: GraphQLCompositeType, node: FieldNode): number => {
    if (!('getFields' in parent)) return 0;
    const field = (parent as GraphQLObjectType).getFields()[node.name.value];
    if (!field) return 0;
    const weight = FIELD_WEIGHT[`${parent.name}.${field.name}`];
    const type = getNamedType(field.type) as GraphQLCompositeType;
    if (!node.selectionSet || isLeafType(type)) return weight ?? 0;
    const own = weight ?? 1;
    return multiplier(node, isListType(getNullableType(field.type))) * (own + selectionCost(type, node.selectionSet));
  };
  const selectionCost = (parent: GraphQLCompositeType, set: SelectionSetNode): number => {
    let total = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) total += fieldCost(parent, selection);
      else if (selection.kind === Kind.FRAGMENT_SPREAD) total += fragmentCost(selection.name.value);
      else {
        const condition =
          selection.typeCondition && (context.getSchema().getType(selection.typeCondition.name.value) as GraphQLCompositeType | undefined);
        total += selectionCost(condition ?? parent, selection.selectionSet);
      }
    }
    return total;
  };
  return selectionCost(root, selectionSet);
}

/**
 * A connection's page size comes from `first`; its `edges` are that page, not
 * another multiplication. Only a literal from 0 to the maximum is taken at
 * its word: a variable, or a size the field will refuse when it runs (a
 * negative one would lower the estimate), counts as the maximum.
 */
function multiplier(node: FieldNode, isList: boolean): number {
  const first = node.arguments?.find((a) => a.name.value === 'first');
  if (first) {
    const size = first.value.kind === Kind.INT ? Number(first.value.value) : NaN;
    return size >= 0 && size <= MAX_PAGE_SIZE ? size : MAX_PAGE_SIZE;
  }
  if (node.name.value === 'edges') return 1;
  if (node.arguments?.some((a) => a.name.value === 'after')) return DEFAULT_PAGE_SIZE;
  return isList ? LIST_SIZE : 1;
}

const refuse = (context: ValidationContext, message: string): void => context.reportError(new GraphQLError(message));

const costRule: ValidationRule = (context): ASTVisitor => ({
  OperationDefinition(operation) {
    const root = context.getSchema().getRootType(operation.operation);
    if (!root) return;
    const cost = operationCost(context, root, operation.selectionSet);
    if (cost > QUERY_LIMITS.maxCost) refuse(context, `Query cost limit of ${QUERY_LIMITS.maxCost} exceeded, estimated ${cost}.`);
  },
});

const rootMutationsRule: ValidationRule = (context): ASTVisitor => ({
  OperationDefinition(operation) {
    if (operation.operation !== 'mutation') return;
    const count = rootFields(context, operation.selectionSet, new Set());
    if (count > QUERY_LIMITS.maxRootMutations) {
      refuse(context, `At most ${QUERY_LIMITS.maxRootMutations} mutations per request, found ${count}.`);
    }
  },
});

function rootFields(context: ValidationContext, selectionSet: SelectionSetNode, seen: Set<string>): number {
  let count = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) count += selection.name.value === '__typename' ? 0 : 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFields(context, selection.selectionSet, seen);
    else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      const fragment = context.getFragment(selection.name.value);
      if (fragment) count += rootFields(context, fragment.selectionSet, seen);
    }
  }
  return count;
}

// Armor's rules throw by default, which ends validation with an uncoded error; reported, they are coded like any other.
const armorOptions = (n: number) => ({
  n,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''))),
  ],
});

/** Apollo runs these once per distinct document and caches the verdict with the parsed document. */
export const queryLimitRules: ValidationRule[] = [
  maxDepthRule(armorOptions(QUERY_LIMITS.maxDepth)) as ValidationRule,
  maxAliasesRule(armorOptions(QUERY_LIMITS.maxAliases)) as ValidationRule,
  maxDirectivesRule(armorOptions(QUERY_LIMITS.maxDirectives)) as ValidationRule,
  costRule,
  rootMutationsRule,
];

/**
 * Whether a document has more tokens than allowed, counting no further than
 * the limit. Every token is at least one character, so a short document
 * (every document the project sends on its hot paths) is not lexed at all.
 * A document that does not lex is left for the parser to report.
 */
export function exceedsTokenLimit(query: string, max: number = QUERY_LIMITS.maxTokens): boolean {
  if (query.length <= max) return false;
  const lexer = new Lexer(new Source(query));
  try {
    for (let count = 0; lexer.advance().kind !== TokenKind.EOF;) if (++count > max) return true;
  } catch {
    return false;
  }
  return false;
}

const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** Cuts a message to the limit, so an error never carries a huge input back. */
export function capMessage(message: string): string {
  return message.length > QUERY_LIMITS.maxMessageChars ? `${message.slice(0, QUERY_LIMITS.maxMessageChars)}… (truncated)` : message;
}

/**
 * Wraps Apollo's formatError: messages capped, and GraphQL's "Did you mean"
 * hints removed where the schema is not meant to be explored (they name real
 * fields and mutations to anyone, key or not).
 */
export function limitedFormatError(
  format: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError,
  hideSuggestions: boolean,
): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => {
    const result = format(formatted, error);
    const message = hideSuggestions ? result.message.replace(SUGGESTION, '') : result.message;
    return message === result.message && message.length <= QUERY_LIMITS.maxMessageChars
      ? result
      : { ...result, message: capMessage(message) };
  };
}
