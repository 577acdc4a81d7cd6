import {
  Kind,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLLeafType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Which documents the direct path may answer: a query of one root field on
 * the allow-list whose resolver runs exactly as graphql-js would call it,
 * and below it only fields graphql-js would read off the object as
 * properties. Anything this path does not do exactly as graphql-js does (a
 * resolver of its own below the root, arguments, directives, fragments on
 * other types, abstract types, a field selected twice) makes the document
 * ineligible, once per document.
 */

/** How to complete a value of a type: its wrappers, then a leaf or an object's selected fields. */
export type Completion =
  | { kind: 'nonNull'; of: Completion }
  | { kind: 'list'; of: Completion }
  | { kind: 'leaf'; type: GraphQLLeafType }
  | { kind: 'object'; typename: string; fields: SelectedField[] };

interface SelectedField {
  /** The response key: the alias, or the field's name. */
  key: string;
  /** The property graphql-js's default resolver reads; null for `__typename`. */
  property: string | null;
  completion: Completion | null;
}

export interface DirectPlan {
  field: GraphQLField<unknown, unknown>;
  node: FieldNode;
  key: string;
  parentType: GraphQLObjectType;
  fragments: Record<string, FragmentDefinitionNode>;
  completion: Completion;
}

/** The plan for an operation, or null when graphql-js must run it; `rootFields` are the query fields the direct path may answer. */
export function planOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  rootFields: ReadonlySet<string>,
): DirectPlan | null {
  const parentType = schema.getQueryType();
  if (operation.operation !== 'query' || !parentType) return null;
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const roots = selectedFields(operation.selectionSet, parentType, fragments);
  if (!roots || roots.length !== 1) return null;
  const node = roots[0];
  if (!rootFields.has(node.name.value)) return null;
  const field = parentType.getFields()[node.name.value];
  if (!field || !field.resolve) return null;
  const completion = completionOf(field.type, node.selectionSet, fragments);
  if (!completion) return null;
  return { field, node, key: node.alias?.value ?? node.name.value, parentType, fragments, completion };
}

/**
 * The fields a selection set selects on an object type, in response order;
 * null when it has directives, a fragment on another type, or a response key
 * twice (graphql-js would merge their selections).
 */
function selectedFields(
  selectionSet: SelectionSetNode,
  type: GraphQLObjectType,
  fragments: Record<string, FragmentDefinitionNode>,
  into: FieldNode[] = [],
  keys = new Set<string>(),
): FieldNode[] | null {
  for (const selection of selectionSet.selections) {
    if (selection.directives?.length) return null;
    if (selection.kind === Kind.FIELD) {
      const key = selection.alias?.value ?? selection.name.value;
      // A plain object would take `__proto__` as its prototype, not as a key.
      if (keys.has(key) || key === '__proto__') return null;
      keys.add(key);
      into.push(selection);
      continue;
    }
    const fragment = selection.kind === Kind.FRAGMENT_SPREAD ? fragments[selection.name.value] : selection;
    if (!fragment) return null;
    if (fragment.typeCondition && fragment.typeCondition.name.value !== type.name) return null;
    if (fragment.directives?.length) return null;
    if (!selectedFields(fragment.selectionSet, type, fragments, into, keys)) return null;
  }
  return into;
}

function completionOf(
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
): Completion | null {
  if (isNonNullType(type)) {
    const of = completionOf(type.ofType, selectionSet, fragments);
    return of && { kind: 'nonNull', of };
  }
  if (isListType(type)) {
    const of = completionOf(type.ofType, selectionSet, fragments);
    return of && { kind: 'list', of };
  }
  if (isLeafType(type)) return { kind: 'leaf', type };
  if (isAbstractType(type) || type.isTypeOf || !selectionSet) return null;
  const nodes = selectedFields(selectionSet, type, fragments);
  if (!nodes) return null;
  const fields: SelectedField[] = [];
  const defined = type.getFields();
  for (const node of nodes) {
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === '__typename') {
      fields.push({ key, property: null, completion: null });
      continue;
    }
    const field = defined[node.name.value];
    if (!field || field.resolve || field.args.length || node.arguments?.length) return null;
    const completion = completionOf(field.type, node.selectionSet, fragments);
    if (!completion) return null;
    fields.push({ key, property: field.name, completion });
  }
  return { kind: 'object', typename: type.name, fields };
}
