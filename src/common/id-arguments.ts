import {
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
  type GraphQLNamedInputType,
  type GraphQLResolveInfo,
} from 'graphql';
import { isUuid } from './uuid';

/**
 * Every `ID` argument and input field names a stored row by the id the API
 * returned, a UUID: anything else names nothing, and PostgreSQL would refuse
 * it as an SQL error. Checked from the schema, once per resolver call,
 * before the resolver runs: an empty string is an id like any other, not
 * "none" (that is null, or leaving the field out). A lookup by id (a query
 * whose answer is nullable: `agent(id:)`, `turn(id:)`) answers null for an
 * id that names nothing, and so for one that is not an id.
 */

export const NOT_AN_ID = 'must be an id';

/** `ID` arguments that name no stored row: echoed, never looked up. */
const NOT_ROW_IDS = new Set(['Query.toolBudget.sessionId']);

/** Whether a value of the named input type can hold an ID, per type (the schema is fixed once built). */
const holdsIds = new WeakMap<GraphQLNamedInputType, boolean>();

function holdsId(type: GraphQLInputType, seen: Set<GraphQLNamedInputType> = new Set()): boolean {
  if (isNonNullType(type) || isListType(type)) return holdsId(type.ofType, seen);
  const known = holdsIds.get(type);
  if (known !== undefined) return known;
  if (seen.has(type)) return false;
  seen.add(type);
  const holds = type.name === 'ID' || (isInputObjectType(type) && Object.values(type.getFields()).some((f) => holdsId(f.type, seen)));
  holdsIds.set(type, holds);
  return holds;
}

/** The path of every value that is not an id, among the arguments of the field `info` resolves. */
export function notIds(info: Pick<GraphQLResolveInfo, 'parentType' | 'fieldName'>, args: Record<string, unknown>): string[] {
  const field = info.parentType.getFields()[info.fieldName];
  const found: string[] = [];
  if (!field || (info.parentType.name === 'Query' && !isNonNullType(field.type))) return found;
  for (const arg of field.args) {
    if (!NOT_ROW_IDS.has(`${info.parentType.name}.${info.fieldName}.${arg.name}`)) collect(arg.type, args[arg.name], arg.name, found);
  }
  return found;
}

function collect(type: GraphQLInputType, value: unknown, path: string, found: string[]): void {
  if (value === null || value === undefined || !holdsId(type)) return;
  if (isNonNullType(type)) return collect(type.ofType, value, path, found);
  if (isListType(type)) {
    // Coercion has made every list value an array.
    if (Array.isArray(value)) value.forEach((item, i) => collect(type.ofType, item, `${path}[${i}]`, found));
    return;
  }
  if (isInputObjectType(type)) {
    for (const f of Object.values(type.getFields()))
      collect(f.type, (value as Record<string, unknown>)[f.name], `${path}.${f.name}`, found);
    return;
  }
  if (!isUuid(value)) found.push(path);
}
