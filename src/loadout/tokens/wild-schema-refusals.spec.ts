import fc from 'fast-check';
import { firstBreak, SCHEMA_MAX_BYTES, schemaRefusals, type SchemaRefusal, type SchemaRefusals } from './provider-schema-rules';
import type { Provider } from '../vocabulary';
import { compatibleSchemaArb, wildSchemaArb } from '../testing/wild-schemas';

/*
 * The provider schema rules (src/loadout/tokens/provider-schema-rules.ts, whose spec
 * holds each rule's own cases) against schemas as MCP servers send them, and
 * against an oracle: the same documented rules written another way, by
 * collecting every subschema with its pointer first and testing the list.
 */

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const token = (k: string) => k.split('~').join('~0').split('/').join('~1');
const ONE = [
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const MANY = ['prefixItems', 'anyOf', 'oneOf', 'allOf'];
const NAMED = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

function subschemas(schema: unknown): [string, Node][] {
  const all: [string, Node][] = [];
  const visit = (node: unknown, at: string) => {
    if (!isNode(node)) return;
    all.push([at, node]);
    for (const [k, v] of Object.entries(node)) {
      const here = `${at}/${token(k)}`;
      if (ONE.includes(k) || (k === 'items' && !Array.isArray(v))) visit(v, here);
      else if ((MANY.includes(k) || k === 'items') && Array.isArray(v)) v.forEach((s, i) => visit(s, `${here}/${i}`));
      else if (NAMED.includes(k) && isNode(v)) for (const [name, s] of Object.entries(v)) visit(s, `${here}/${token(name)}`);
    }
  };
  visit(schema, '');
  return all;
}

/** Whether a local ref's pointer names a value of the root: every step an own key, or an index written plainly. */
function lookUp(root: unknown, ref: unknown): boolean {
  if (typeof ref !== 'string' || ref[0] !== '#') return false;
  let path: string;
  try {
    path = decodeURIComponent(ref.slice(1));
  } catch {
    return false;
  }
  if (path !== '' && path[0] !== '/') return false;
  const steps = path === '' ? [] : path.slice(1).split('/');
  let at: unknown = root;
  for (const t of steps.map((s) => s.split('~1').join('/').split('~0').join('~'))) {
    const inArray = Array.isArray(at) && String(Number(t)) === t && Number.isInteger(Number(t)) && Number(t) < at.length;
    if (!inArray && !(isNode(at) && Object.prototype.hasOwnProperty.call(at, t))) return false;
    at = (at as Node)[t];
  }
  return true;
}

const isArrayType = (n: Node) => [n.type].flat().includes('array');
const firstOf = (pointers: (string | undefined)[]) => pointers.find((p) => p !== undefined);
/** Each rule's first break, by rule id in table order. */
const ORACLE: Record<string, (s: unknown) => string | undefined> = {
  'object-at-top': (s) => (isNode(s) && s.type === 'object' ? undefined : ''),
  'no-top-level-combinator': (s) =>
    firstOf(Object.keys(isNode(s) ? s : {}).map((k) => (/^(any|one|all)Of$/.test(k) ? `/${k}` : undefined))),
  'no-top-level-not-enum-const': (s) =>
    firstOf(Object.keys(isNode(s) ? s : {}).map((k) => (/^(not|enum|const)$/.test(k) ? `/${k}` : undefined))),
  'property-keys': (s) =>
    firstOf(
      Object.keys(isNode(s) && isNode(s.properties) ? s.properties : {}).map((k) =>
        /^[a-zA-Z0-9_.-]{1,64}$/.test(k) ? undefined : `/properties/${token(k)}`,
      ),
    ),
  'draft-2020-12': (s) =>
    firstOf(
      subschemas(s).map(([at, n]) =>
        Array.isArray(n.items)
          ? `${at}/items`
          : typeof n.$id === 'string' && n.$id.indexOf('#') < n.$id.length - 1 && n.$id.includes('#')
            ? `${at}/$id`
            : undefined,
      ),
    ),
  'array-items': (s) => subschemas(s).find(([, n]) => isArrayType(n) && !('items' in n))?.[0],
  'ref-resolves': (s) => firstOf(subschemas(s).map(([at, n]) => ('$ref' in n && !lookUp(s, n.$ref) ? `${at}/$ref` : undefined))),
  'ref-without-siblings': (s) =>
    firstOf(
      subschemas(s).map(([at, n]) =>
        '$ref' in n
          ? Object.keys(n)
              .filter((k) => k[0] !== '$' && k !== 'description' && k !== 'default')
              .map((k) => `${at}/${token(k)}`)[0]
          : undefined,
      ),
    ),
  size: (s) => (bytes(s) > SCHEMA_MAX_BYTES ? '' : undefined),
};
const ORACLE_RULES: Record<Provider, string[]> = {
  openai: ['object-at-top', 'no-top-level-combinator', 'no-top-level-not-enum-const', 'array-items', 'size'],
  anthropic: ['object-at-top', 'no-top-level-combinator', 'property-keys', 'draft-2020-12', 'size'],
  google: ['object-at-top', 'ref-resolves', 'ref-without-siblings', 'size'],
};

function oracleRefusals(schema: unknown): SchemaRefusals | null {
  const refusals: SchemaRefusals = {};
  for (const [provider, ids] of Object.entries(ORACLE_RULES) as [Provider, string[]][]) {
    const broken = ids.map((id) => ({ rule: id, pointer: ORACLE[id](schema) })).find((r) => r.pointer !== undefined);
    if (broken) refusals[provider] = broken as SchemaRefusal;
  }
  return Object.keys(refusals).length === 0 ? null : refusals;
}

describe('against the oracle', () => {
  it('refuses every wild schema for exactly the providers, rules and places the oracle does', () => {
    fc.assert(
      fc.property(wildSchemaArb, (schema) => {
        expect(schemaRefusals(schema)).toEqual(oracleRefusals(schema));
        const first = Object.entries(ORACLE)
          .map(([id, find]) => [id, find(schema)])
          .find(([, at]) => at !== undefined);
        expect(firstBreak(schema) && [firstBreak(schema)!.rule, firstBreak(schema)!.pointer]).toEqual(first ?? null);
      }),
      { numRuns: 500 },
    );
  });

  it('draws wild schemas that break every row, and some that break none', () => {
    const seen = new Set<string>();
    for (const schema of fc.sample(wildSchemaArb, { numRuns: 1_000, seed: 1 }))
      for (const [id, find] of Object.entries(ORACLE)) if (find(schema) !== undefined) seen.add(id);
    expect([...seen].sort()).toEqual(Object.keys(ORACLE).sort());
    expect(fc.sample(wildSchemaArb, { numRuns: 200, seed: 1 }).some((s) => oracleRefusals(s) === null)).toBe(true);
  });

  it('refuses no schema of compatibleSchemaArb', () => {
    fc.assert(
      fc.property(compatibleSchemaArb, (schema) => {
        expect(oracleRefusals(schema)).toBeNull();
        expect(schemaRefusals(schema)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('catches an `items` deleted from any array of a compatible schema, for OpenAI alone', () => {
    const arraysOf = (s: unknown) => subschemas(s).filter(([, n]) => isArrayType(n) && 'items' in n);
    const mutated = compatibleSchemaArb
      .filter((s) => arraysOf(s).length > 0)
      .chain((s) => fc.tuple(fc.constant(s), fc.nat(arraysOf(s).length - 1)));
    fc.assert(
      fc.property(mutated, ([schema, pick]) => {
        const copy = JSON.parse(JSON.stringify(schema)) as unknown;
        const [pointer, node] = arraysOf(copy)[pick];
        delete node.items;
        expect(schemaRefusals(copy)).toEqual({ openai: { rule: 'array-items', pointer } });
        expect(schemaRefusals(schema)).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});
