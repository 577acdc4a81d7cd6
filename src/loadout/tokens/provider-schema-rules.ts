import { escapeToken, refResolves } from './json-pointer';
import { jsonTextBytes, WALK_DEPTH_MAX } from './json-text-bytes';
import { PROVIDERS, type Provider } from '../vocabulary';

/*
 * The input-schema rules of the providers Loadout renders for, each written
 * once: a provider refuses every request carrying a schema that breaks one
 * of its rules. `find` gives the first place breaking a rule as a JSON
 * Pointer (RFC 6901), depth first in the schema's own key order, or null.
 * Ids are shown to users and stored with definitions: they never change.
 */

export const SCHEMA_MAX_BYTES = 64 * 1024;

export interface SchemaRule {
  id: string;
  providers: readonly Provider[];
  /** One sentence a user reads, without a final stop: describeRefusal also reads it as a clause. */
  text: string;
  find(schema: unknown): string | null;
}

export type SchemaRefusal = { rule: string; pointer: string };
export type SchemaRefusals = Partial<Record<Provider, SchemaRefusal>>;
/** A refusal as the API shows it: for one provider, with the sentence a person reads. */
export type ShownRefusal = SchemaRefusal & { provider: Provider; message: string };

const PROVIDER_NAMES: Record<Provider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', google: 'Gemini' };

type SchemaObject = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Where a keyword's value holds subschemas: one, a list, a list or one
 * (`items`), or a map of names to subschemas. Every other keyword's value
 * is data (`enum`, `const`, `default`, `examples`, `required`, ...) and is
 * never walked, however much it looks like a schema.
 */
type Holds = 'one' | 'list' | 'one-or-list' | 'map';
const SUBSCHEMA_KEYWORDS = new Map<string, Holds>([
  ['properties', 'map'],
  ['patternProperties', 'map'],
  ['additionalProperties', 'one'],
  ['items', 'one-or-list'],
  ['additionalItems', 'one'],
  ['prefixItems', 'list'],
  ['anyOf', 'list'],
  ['oneOf', 'list'],
  ['allOf', 'list'],
  ['not', 'one'],
  ['if', 'one'],
  ['then', 'one'],
  ['else', 'one'],
  ['$defs', 'map'],
  ['definitions', 'map'],
  ['dependentSchemas', 'map'],
  // draft-07's form of dependentSchemas; its string-list values are not objects, so are passed by.
  ['dependencies', 'map'],
  ['contains', 'one'],
  ['propertyNames', 'one'],
  ['unevaluatedItems', 'one'],
  ['unevaluatedProperties', 'one'],
]);

/** A test of one subschema: the pointer below it of what breaks a rule ('' for itself), or null. */
type SubschemaTest = (node: SchemaObject, root: unknown) => string | null;

/**
 * The first subschema, in pre-order, that `test` finds breaking a rule. The
 * pointer is built only on the way back up from a break: a schema that
 * breaks nothing costs no allocation.
 */
function findInSubschemas(node: unknown, root: unknown, test: SubschemaTest, depth = 0): string | null {
  if (!isObject(node) || depth > WALK_DEPTH_MAX) return null;
  const here = test(node, root);
  if (here !== null) return here;
  for (const key in node) {
    const holds = Object.hasOwn(node, key) ? SUBSCHEMA_KEYWORDS.get(key) : undefined;
    if (holds === undefined) continue;
    const found = findInValue(holds, node[key], root, test, depth + 1);
    if (found !== null) return `/${escapeToken(key)}${found}`;
  }
  return null;
}

function findInValue(holds: Holds, value: unknown, root: unknown, test: SubschemaTest, depth: number): string | null {
  if (holds === 'map') return findInMap(value, root, test, depth);
  if (Array.isArray(value)) return holds === 'one' ? null : findInList(value, root, test, depth);
  return holds === 'list' ? null : findInSubschemas(value, root, test, depth);
}

function findInList(list: readonly unknown[], root: unknown, test: SubschemaTest, depth: number): string | null {
  for (let i = 0; i < list.length; i++) {
    const found = findInSubschemas(list[i], root, test, depth);
    if (found !== null) return `/${i}${found}`;
  }
  return null;
}

function findInMap(map: unknown, root: unknown, test: SubschemaTest, depth: number): string | null {
  if (!isObject(map)) return null;
  for (const name in map) {
    const found = Object.hasOwn(map, name) ? findInSubschemas(map[name], root, test, depth) : null;
    if (found !== null) return `/${escapeToken(name)}${found}`;
  }
  return null;
}

const isArraySchema = (node: SchemaObject) => node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'));

const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf']);

const arrayWithoutItems: SubschemaTest = (node) => (isArraySchema(node) && node.items === undefined ? '' : null);
const unresolvedRef: SubschemaTest = (node, root) => (Object.hasOwn(node, '$ref') && !refResolves(node.$ref, root) ? '/$ref' : null);
/** What Gemini takes beside `$ref`: keys starting with `$` (its documentation), `description` and `default` (accepted by its API). */
const besideRef = (key: string) => key.startsWith('$') || key === 'description' || key === 'default';
const refSibling: SubschemaTest = (node) => {
  if (!Object.hasOwn(node, '$ref')) return null;
  for (const key in node) if (Object.hasOwn(node, key) && !besideRef(key)) return `/${escapeToken(key)}`;
  return null;
};
/** Draft 2020-12 takes one schema in `items` (a list is `prefixItems`), and an `$id` with no fragment but an empty one. */
const notDraft2020: SubschemaTest = (node) => {
  if (Array.isArray(node.items)) return '/items';
  if (typeof node.$id === 'string' && !/^[^#]*#?$/.test(node.$id)) return '/$id';
  return null;
};

const TOP_LEVEL_VALUE_KEYWORDS = new Set(['not', 'enum', 'const']);
const PROPERTY_KEY = /^[a-zA-Z0-9_.-]{1,64}$/;

/** The first of the top level's keys in `keywords`, as a pointer. */
function topLevelKeyword(schema: unknown, keywords: ReadonlySet<string>): string | null {
  if (!isObject(schema)) return null;
  for (const key in schema) if (Object.hasOwn(schema, key) && keywords.has(key)) return `/${key}`;
  return null;
}

export const PROVIDER_SCHEMA_RULES: readonly SchemaRule[] = [
  {
    // A tool's arguments are one object: the providers refuse any other top level.
    id: 'object-at-top',
    providers: PROVIDERS,
    text: 'The top level is a JSON Schema of an object ("type": "object")',
    find: (schema) => (isObject(schema) && schema.type === 'object' ? null : ''),
  },
  {
    id: 'no-top-level-combinator',
    providers: ['openai', 'anthropic'],
    text: 'The top level has no "anyOf", "oneOf" or "allOf"',
    find: (schema) => topLevelKeyword(schema, COMBINATORS),
  },
  {
    // OpenAI: "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level".
    id: 'no-top-level-not-enum-const',
    providers: ['openai'],
    text: 'The top level has no "not", "enum" or "const"',
    find: (schema) => topLevelKeyword(schema, TOP_LEVEL_VALUE_KEYWORDS),
  },
  {
    // Anthropic: "input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'"; it checks the top level's.
    id: 'property-keys',
    providers: ['anthropic'],
    text: 'Every property name at the top level is 1 to 64 letters, digits, "_", "." or "-"',
    find: (schema) => {
      const properties = isObject(schema) ? schema.properties : undefined;
      if (!isObject(properties)) return null;
      for (const key in properties) if (Object.hasOwn(properties, key) && !PROPERTY_KEY.test(key)) return `/properties/${escapeToken(key)}`;
      return null;
    },
  },
  {
    // Anthropic: "JSON schema is invalid. It must match JSON Schema draft 2020-12"; draft-07 forms that 2020-12 refuses.
    id: 'draft-2020-12',
    providers: ['anthropic'],
    text: 'Every "items" is one schema, not a list ("prefixItems" is the list), and no "$id" has a fragment, as JSON Schema draft 2020-12 requires',
    find: (schema) => findInSubschemas(schema, schema, notDraft2020),
  },
  {
    // OpenAI: "array schema missing items".
    id: 'array-items',
    providers: ['openai'],
    text: 'Every array schema has "items"',
    find: (schema) => findInSubschemas(schema, schema, arrayWithoutItems),
  },
  {
    id: 'ref-resolves',
    providers: ['google'],
    text: 'Every "$ref" is a local JSON Pointer ("#/...") to a place in the schema',
    find: (schema) => findInSubschemas(schema, schema, unresolvedRef),
  },
  {
    id: 'ref-without-siblings',
    providers: ['google'],
    text: 'A schema with "$ref" has no other keyword but "description", "default" and keywords starting with "$"',
    find: (schema) => findInSubschemas(schema, schema, refSibling),
  },
  {
    id: 'size',
    providers: PROVIDERS,
    text: `The schema is at most ${SCHEMA_MAX_BYTES / 1024} KiB as JSON text`,
    find: (schema) => (jsonTextBytes(schema, SCHEMA_MAX_BYTES) > SCHEMA_MAX_BYTES ? '' : null),
  },
];

/**
 * For each provider, the first rule in table order the schema breaks; null
 * when no provider refuses it, as nearly every schema: no object is made then.
 */
export function schemaRefusals(schema: unknown): SchemaRefusals | null {
  let refusals: SchemaRefusals | null = null;
  let refused = 0;
  for (const rule of PROVIDER_SCHEMA_RULES) {
    if (refusals !== null && allRefused(refusals, rule.providers)) continue;
    const pointer = rule.find(schema);
    if (pointer === null) continue;
    refusals ??= {};
    for (const provider of rule.providers) {
      if (refusals[provider] !== undefined) continue;
      refusals[provider] = { rule: rule.id, pointer };
      refused++;
    }
    if (refused === PROVIDERS.length) break;
  }
  return refusals;
}

function allRefused(refusals: SchemaRefusals, providers: readonly Provider[]): boolean {
  for (const provider of providers) if (refusals[provider] === undefined) return false;
  return true;
}

/** The first rule in table order the schema breaks for any provider: what refuses a custom tool as it is written. */
export function firstBreak(schema: unknown): (SchemaRefusal & { providers: readonly Provider[]; text: string }) | null {
  for (const rule of PROVIDER_SCHEMA_RULES) {
    const pointer = rule.find(schema);
    if (pointer !== null) return { rule: rule.id, pointer, providers: rule.providers, text: rule.text };
  }
  return null;
}

/** E.g. `rule array-items (OpenAI): every array schema has "items", at /properties/tags`; a stored id no longer in the table is named alone. */
export function describeRefusal(r: SchemaRefusal): string {
  const where = r.pointer === '' ? 'at the top level' : `at ${r.pointer}`;
  const rule = PROVIDER_SCHEMA_RULES.find((row) => row.id === r.rule);
  if (rule === undefined) return `rule ${r.rule}, ${where}`;
  const names = rule.providers.map((p) => PROVIDER_NAMES[p]).join(', ');
  return `rule ${rule.id} (${names}): ${rule.text.charAt(0).toLowerCase()}${rule.text.slice(1)}, ${where}`;
}

export function shownRefusal(provider: Provider, refusal: SchemaRefusal): ShownRefusal {
  return { provider, rule: refusal.rule, pointer: refusal.pointer, message: describeRefusal(refusal) };
}

/** Refusals as a row stores them: '{}' (none) as null, and a row not checked when written (NULL) checked now. */
export function storedRefusals(stored: SchemaRefusals | null, schema: unknown): SchemaRefusals | null {
  const refusals = stored ?? schemaRefusals(schema);
  return refusals && Object.keys(refusals).length > 0 ? refusals : null;
}
