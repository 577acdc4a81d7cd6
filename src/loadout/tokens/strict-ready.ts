import { escapeToken, refResolves } from './json-pointer';
import { WALK_DEPTH_MAX } from './json-text-bytes';

/*
 * Whether OpenAI takes a schema as it is with `strict: true` (Structured
 * Outputs), the rule docs/renderings.md states. A keyword the rule is not
 * sure OpenAI supports makes a schema not strict-ready: `strict: false`
 * costs only the guarantee that arguments match, a wrong `true` makes OpenAI
 * refuse the whole request.
 */

export type StrictRule =
  'object-at-top' | 'supported-keyword' | 'typed' | 'closed-object' | 'all-required' | 'one-items-schema' | 'local-ref' | 'limits';

/** The first place, depth first in the schema's own key order, that keeps a schema from being strict-ready. */
export interface StrictBreak {
  rule: StrictRule;
  /** JSON Pointer into the schema ('' is the whole schema). */
  pointer: string;
}

/** Structured Outputs limits: objects nested at most this deep, this many properties and enum values in all. */
export const STRICT_LIMITS = { nesting: 10, properties: 5000, enumValues: 1000 } as const;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  '$ref',
  '$defs',
  'definitions',
  'description',
  'title',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);
/** Only at the top level, as zod and the MCP SDKs write it. */
const TOP_KEYWORDS = new Set(['$schema']);

type SchemaObject = Record<string, unknown>;
const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const typesOf = (node: SchemaObject): unknown[] => (Array.isArray(node.type) ? node.type : [node.type]);
const isObjectSchema = (node: SchemaObject) => typesOf(node).includes('object') || node.properties !== undefined;
const isArraySchema = (node: SchemaObject) => typesOf(node).includes('array');

/** What a walk has counted so far, against STRICT_LIMITS. */
interface Walk {
  root: SchemaObject;
  properties: number;
  enumValues: number;
}

/** The first break of the strict-ready rule, or null when OpenAI takes the schema as it is with `strict: true`. */
export function strictBreak(schema: unknown): StrictBreak | null {
  if (!isObject(schema) || schema.type !== 'object' || schema.anyOf !== undefined) return { rule: 'object-at-top', pointer: '' };
  return checkNode(schema, '', 0, 0, { root: schema, properties: 0, enumValues: 0 });
}

export const isStrictReady = (schema: unknown): boolean => strictBreak(schema) === null;

function checkNode(node: unknown, at: string, objects: number, depth: number, walk: Walk): StrictBreak | null {
  if (!isObject(node)) return { rule: 'typed', pointer: at };
  if (depth > WALK_DEPTH_MAX) return { rule: 'limits', pointer: at };
  for (const key in node) {
    if (Object.hasOwn(node, key) && !KEYWORDS.has(key) && !(at === '' && TOP_KEYWORDS.has(key))) {
      return { rule: 'supported-keyword', pointer: `${at}/${escapeToken(key)}` };
    }
  }
  if (node.$ref !== undefined) {
    const alone = Object.keys(node).length === 1;
    return alone && refResolves(node.$ref, walk.root) ? null : { rule: 'local-ref', pointer: `${at}/$ref` };
  }
  return (
    checkType(node, at) ??
    checkObject(node, at, objects, depth, walk) ??
    checkItems(node, at, objects, depth, walk) ??
    checkEnum(node, at, walk) ??
    checkList(node.anyOf, `${at}/anyOf`, objects, depth, walk) ??
    checkMap(node.$defs, `${at}/$defs`, objects, depth, walk) ??
    checkMap(node.definitions, `${at}/definitions`, objects, depth, walk)
  );
}

/** A `type` of the supported ones (or a list of them, as for a nullable value), or an `anyOf`; a `format` of the supported ones. */
function checkType(node: SchemaObject, at: string): StrictBreak | null {
  if (node.type === undefined) return Array.isArray(node.anyOf) ? null : { rule: 'typed', pointer: at };
  const types = typesOf(node);
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPES.has(t))) return { rule: 'typed', pointer: `${at}/type` };
  if (node.format !== undefined && !(typeof node.format === 'string' && FORMATS.has(node.format))) {
    return { rule: 'supported-keyword', pointer: `${at}/format` };
  }
  return null;
}

/** Every object closed (`additionalProperties: false`), with a `required` that lists every property it declares. */
function checkObject(node: SchemaObject, at: string, objects: number, depth: number, walk: Walk): StrictBreak | null {
  if (!isObjectSchema(node)) return null;
  if (objects + 1 > STRICT_LIMITS.nesting) return { rule: 'limits', pointer: at };
  if (node.additionalProperties !== false) return { rule: 'closed-object', pointer: at };
  const properties = node.properties ?? {};
  if (!isObject(properties)) return { rule: 'typed', pointer: `${at}/properties` };
  const names = Object.keys(properties);
  const required = node.required;
  // Listed even when empty: OpenAI's own strict transform adds `required: []` to an object without properties.
  if (!Array.isArray(required) || required.length !== names.length || !names.every((n) => required.includes(n))) {
    return { rule: 'all-required', pointer: node.required === undefined ? at : `${at}/required` };
  }
  walk.properties += names.length;
  if (walk.properties > STRICT_LIMITS.properties) return { rule: 'limits', pointer: `${at}/properties` };
  return checkMap(properties, `${at}/properties`, objects + 1, depth, walk);
}

/** An array has one schema for all its items. */
function checkItems(node: SchemaObject, at: string, objects: number, depth: number, walk: Walk): StrictBreak | null {
  if (node.items === undefined) return isArraySchema(node) ? { rule: 'one-items-schema', pointer: at } : null;
  if (!isObject(node.items)) return { rule: 'one-items-schema', pointer: `${at}/items` };
  return checkNode(node.items, `${at}/items`, objects, depth + 1, walk);
}

function checkEnum(node: SchemaObject, at: string, walk: Walk): StrictBreak | null {
  if (node.enum === undefined) return null;
  if (!Array.isArray(node.enum)) return { rule: 'typed', pointer: `${at}/enum` };
  walk.enumValues += node.enum.length;
  return walk.enumValues > STRICT_LIMITS.enumValues ? { rule: 'limits', pointer: `${at}/enum` } : null;
}

function checkList(list: unknown, at: string, objects: number, depth: number, walk: Walk): StrictBreak | null {
  if (list === undefined) return null;
  if (!Array.isArray(list)) return { rule: 'typed', pointer: at };
  for (let i = 0; i < list.length; i++) {
    const found = checkNode(list[i], `${at}/${i}`, objects, depth + 1, walk);
    if (found) return found;
  }
  return null;
}

function checkMap(map: unknown, at: string, objects: number, depth: number, walk: Walk): StrictBreak | null {
  if (map === undefined) return null;
  if (!isObject(map)) return { rule: 'typed', pointer: at };
  for (const name in map) {
    const found = Object.hasOwn(map, name) ? checkNode(map[name], `${at}/${escapeToken(name)}`, objects, depth + 1, walk) : null;
    if (found) return found;
  }
  return null;
}
