import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import {
  Kind,
  getArgumentValues,
  getVariableValues,
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
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * A plain query answered without graphql-js's executor: one root field whose
 * resolver runs exactly as graphql-js would call it, and below it only
 * fields graphql-js would read off the object as properties. The toolbox
 * query that agent runtimes send on every model request is such a query, and
 * graphql-js spent a fifth of its time completing its entries field by field.
 *
 * Anything this path does not do exactly as graphql-js does (a resolver of
 * its own below the root, arguments, directives, fragments on other types,
 * abstract types, a field selected twice) makes the document ineligible, and
 * anything unusual at run time (the resolver throws, a null where the type
 * says non-null, a scalar that fails to serialise, a promise or a function
 * where a value was expected) hands the request back to graphql-js, which
 * runs it from the start and reports errors its own way. Only queries take
 * this path, so running the root resolver a second time on those rare
 * requests changes nothing. Plugins that watch execution (executionDidStart,
 * willResolveField) do not see these requests: this server has none.
 */

/** How to complete a value of a type: its wrappers, then a leaf or an object's selected fields. */
type Completion =
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

/** Thrown inside completion when graphql-js must take over; never leaves this module. */
const HAND_BACK = Symbol('hand back to graphql-js');

/** The plan for an operation, or null when graphql-js must run it. */
export function planOperation(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): DirectPlan | null {
  const parentType = schema.getQueryType();
  if (operation.operation !== 'query' || !parentType) return null;
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const roots = selectedFields(operation.selectionSet, parentType, fragments);
  if (!roots || roots.length !== 1) return null;
  const node = roots[0];
  const field = parentType.getFields()[node.name.value];
  if (!field || !field.resolve || node.name.value.startsWith('__')) return null;
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

/** What graphql-js would wait for before completing (its `isPromise`). */
const isThenable = (value: unknown): boolean =>
  (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';

function complete(completion: Completion, value: unknown): unknown {
  if (completion.kind === 'nonNull') {
    const completed = complete(completion.of, value);
    if (completed === null) throw HAND_BACK;
    return completed;
  }
  if (value == null) return null;
  if (isThenable(value)) throw HAND_BACK;
  switch (completion.kind) {
    case 'list': {
      if (!Array.isArray(value)) throw HAND_BACK;
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = complete(completion.of, value[i]);
      return out;
    }
    case 'leaf': {
      const serialized = completion.type.serialize(value);
      if (serialized == null) throw HAND_BACK;
      return serialized;
    }
    case 'object': {
      if (typeof value !== 'object') throw HAND_BACK;
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const field of completion.fields) {
        if (field.property === null) {
          out[field.key] = completion.typename;
          continue;
        }
        const property = source[field.property];
        // graphql-js's default resolver would call it.
        if (typeof property === 'function') throw HAND_BACK;
        out[field.key] = complete(field.completion!, property);
      }
      return out;
    }
  }
}

/** The operation's data, or undefined when graphql-js must run it. */
export async function executeDirectly(
  plan: DirectPlan,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown> | undefined,
  contextValue: unknown,
): Promise<Record<string, unknown> | undefined> {
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {}, { maxErrors: 50 });
  if (variables.errors) return undefined;
  try {
    const args = getArgumentValues(plan.field, plan.node, variables.coerced);
    const info: GraphQLResolveInfo = {
      fieldName: plan.field.name,
      fieldNodes: [plan.node],
      returnType: plan.field.type,
      parentType: plan.parentType,
      path: { prev: undefined, key: plan.key, typename: plan.parentType.name },
      schema,
      fragments: plan.fragments,
      rootValue: undefined,
      operation,
      variableValues: variables.coerced,
    };
    const value = await plan.field.resolve!(undefined, args, contextValue, info);
    return { [plan.key]: complete(plan.completion, value) };
  } catch {
    return undefined;
  }
}

/** The Apollo plugin: plans once per parsed document (Apollo keeps parsed documents), answers eligible queries directly. */
export function directExecution<C extends object>(): ApolloServerPlugin<C> {
  const plans = new WeakMap<OperationDefinitionNode, DirectPlan | null>();
  const hooks: GraphQLRequestListener<C> = {
    async responseForOperation({ schema, document, operation, request, contextValue }) {
      // No operation matched the request's name (or several had none): Apollo answers that itself, with its 400.
      if (!operation) return null;
      let plan = plans.get(operation);
      if (plan === undefined) {
        plan = planOperation(schema, document, operation);
        plans.set(operation, plan);
      }
      if (!plan) return null;
      const data = await executeDirectly(plan, schema, operation, request.variables, contextValue);
      if (!data) return null;
      return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
    },
  };
  return {
    async requestDidStart() {
      return hooks;
    },
  };
}
