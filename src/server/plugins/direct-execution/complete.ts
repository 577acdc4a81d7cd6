import {
  getArgumentValues,
  getVariableValues,
  type FieldNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Completion, DirectPlan } from './plan';

/**
 * Running a plan: the root resolver, then the value completed and serialised
 * as graphql-js would. Anything unusual at run time (the resolver throws, a
 * null where the type says non-null, a scalar that fails to serialise, a
 * promise or a function where a value was expected) hands the request back
 * to graphql-js, which reports errors its own way. graphql-js then takes the
 * root field's outcome the direct path already has instead of resolving it
 * again (see `resolveOnce`): one resolution per request, whichever answers.
 */

/** Thrown inside completion when graphql-js must take over; never leaves this module. */
const HAND_BACK = Symbol('hand back to graphql-js');

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

type Outcome = { value: unknown } | { error: unknown };

/** Root fields the direct path resolved before handing their request back, by the request's context (Apollo's is one per request). */
const resolved = new WeakMap<object, { node: FieldNode; outcome: Outcome }>();
const onceResolvers = new WeakSet<GraphQLFieldResolver<unknown, unknown>>();

/**
 * Makes a root field's resolver give graphql-js, on a request the direct
 * path handed back, the value (or error) the direct path already resolved
 * for that field node; every other call resolves as before.
 */
export function resolveOnce(field: GraphQLField<unknown, unknown>): void {
  const resolve = field.resolve;
  if (!resolve || onceResolvers.has(resolve)) return;
  const once: GraphQLFieldResolver<unknown, unknown> = (source, args, contextValue, info) => {
    const earlier = typeof contextValue === 'object' && contextValue !== null ? resolved.get(contextValue) : undefined;
    if (earlier?.node !== info.fieldNodes[0]) return resolve(source, args, contextValue, info);
    resolved.delete(contextValue as object);
    if ('error' in earlier.outcome) throw earlier.outcome.error;
    return earlier.outcome.value;
  };
  onceResolvers.add(once);
  field.resolve = once;
}

/** The operation's data and the root field's value it was completed from, or undefined when graphql-js must run it. */
export async function executeDirectly(
  plan: DirectPlan,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  rawVariables: Record<string, unknown> | undefined,
  contextValue: object,
): Promise<{ data: Record<string, unknown>; value: unknown } | undefined> {
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {}, { maxErrors: 50 });
  if (variables.errors) return undefined;
  let args: Record<string, unknown>;
  try {
    args = getArgumentValues(plan.field, plan.node, variables.coerced);
  } catch {
    return undefined;
  }
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
  let value: unknown;
  try {
    value = await plan.field.resolve!(undefined, args, contextValue, info);
  } catch (error) {
    resolved.set(contextValue, { node: plan.node, outcome: { error } });
    return undefined;
  }
  try {
    return { data: { [plan.key]: complete(plan.completion, value) }, value };
  } catch {
    resolved.set(contextValue, { node: plan.node, outcome: { value } });
    return undefined;
  }
}
