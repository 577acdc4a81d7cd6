import fc from 'fast-check';
import { SCHEMA_MAX_BYTES } from '../tokens/provider-schema-rules';

/**
 * Random tool input schemas as MCP servers send them and as providers refuse
 * them: properties of every type, nested objects, arrays with and without
 * `items`, type lists, combinators at the top and below, `$defs` with
 * `$ref`s that resolve, do not, or carry siblings, draft-07 tuples and
 * `$id` fragments, data in `enum`, `const`, `default` and `examples` shaped
 * like schemas, names with the characters JSON Pointer escapes (at the top
 * level too, where Anthropic refuses them), and keys in any order. `compatibleSchemaArb` draws
 * only schemas every provider accepts, with the same variety where allowed.
 */

/** Keyword look-alikes, pointer characters, dots and digits: a map of names is data-keyed, never keywords. */
const PROPERTY_NAMES = ['a', 'b', 'tags', 'type', 'items', '$ref', 'enum', 'a/b', 'x~y', '~1', 'dotted.name', '0', '10'];
/** The names every provider takes at the top level (Anthropic's pattern), keyword look-alikes among them. */
const TOP_LEVEL_NAMES = ['a', 'b', 'tags', 'type', 'items', 'enum', 'dotted.name', '0', '10'];
/** At the top level, also the names Anthropic refuses there, a REST API's query parameter among them. */
const WILD_TOP_LEVEL_NAMES = [...PROPERTY_NAMES, 'filter[id]'];
const DEF_NAMES = ['thing', 'a/b', 'x~y', 'my thing'];
const RESOLVING_REFS = ['#/$defs/thing', '#/$defs/a~1b', '#/$defs/x~0y', '#/$defs/my%20thing', '#'];
/** Refs that resolve only when the drawn root happens to hold their target, and refs that never do. */
const OTHER_REFS = [
  '#/properties/a',
  '#/definitions/thing',
  '#/$defs/missing',
  '#/$defs/a/b',
  '#/$defs/%zz',
  '#thing',
  'other.json#/$defs/thing',
];

/** Data that looks like schemas the rules refuse: walking it would find breaks that are not there. */
const SCHEMA_SHAPED_DATA: unknown[] = [
  { type: 'array' },
  { $ref: '#/nowhere', description: 'sibling' },
  { anyOf: [{ type: 'array' }] },
  [{ type: 'array' }, { items: { type: 'array' } }],
];

type Schema = Record<string, unknown> | boolean;

/** The object with its keys in a random order (integer-like keys stay first, as in every JS object). */
const shuffled = <T extends Record<string, unknown>>(arb: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  arb.chain((o) => {
    const keys = Object.keys(o);
    return fc
      .shuffledSubarray(keys, { minLength: keys.length, maxLength: keys.length })
      .map((order) => Object.fromEntries(order.map((k) => [k, o[k]])) as T);
  });

const scalarArb = fc.constantFrom<Schema>(
  { type: 'string' },
  { type: 'string', format: 'date-time', description: 'When' },
  { type: 'integer', minimum: 0 },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'null' },
  { type: ['string', 'null'] },
  { type: 'string', enum: ['a', 'b'] },
  {},
  true,
);

const dataArb = fc.constantFrom(...SCHEMA_SHAPED_DATA);

/** A schema whose data keywords hold values shaped like schemas. */
const withDataArb = fc.oneof(
  dataArb.map((d) => ({ enum: [d, 'plain'] })),
  dataArb.map((d) => ({ const: d })),
  dataArb.map((d) => ({ type: 'object', default: d })),
  dataArb.map((d) => ({ type: 'string', examples: [d] })),
);

function schemaArbs(wild: boolean) {
  const refArb = wild ? fc.constantFrom(...RESOLVING_REFS, ...OTHER_REFS) : fc.constantFrom(...RESOLVING_REFS);
  const leafArbs: fc.Arbitrary<Schema>[] = [
    scalarArb,
    withDataArb,
    refArb.map(($ref) => ({ $ref })),
    shuffled(refArb.map(($ref) => ({ $ref, description: 'Referenced', default: null, $comment: 'c' }))),
  ];
  if (wild)
    leafArbs.push(
      fc.constantFrom({ type: 'array' }, { type: ['array', 'null'] }, { type: 'array', prefixItems: [{ type: 'string' }] }, false),
      shuffled(refArb.map(($ref) => ({ $ref, title: 'Referenced' }))),
      fc.constantFrom({ $id: '#thing', type: 'string' }, { $id: 'https://example.com/a#', type: 'string' }),
    );
  const nameArb = fc.constantFrom(...PROPERTY_NAMES);

  const { schema } = fc.letrec<{ schema: Schema }>((tie) => {
    const sub = tie('schema');
    const props = fc.dictionary(nameArb, sub, { maxKeys: 3 });
    const nested: fc.Arbitrary<Schema>[] = [
      shuffled(
        fc.record(
          {
            type: fc.constant('object'),
            properties: props,
            required: fc.subarray(PROPERTY_NAMES.slice(0, 3)),
            additionalProperties: fc.oneof(fc.constant(false), sub),
          },
          { requiredKeys: ['type'] },
        ),
      ),
      shuffled(
        fc.record(
          { type: fc.constantFrom<unknown>('array', ['array', 'null']), items: sub, description: fc.constant('List'), contains: sub },
          { requiredKeys: ['type', 'items'] },
        ),
      ),
      fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf'), fc.array(sub, { minLength: 1, maxLength: 3 })).map(([k, list]) => ({
        [k]: list,
      })),
      shuffled(fc.record({ type: fc.constant('object'), patternProperties: fc.dictionary(fc.constantFrom('^x', '^[0-9]+$'), sub) })),
      shuffled(fc.record({ if: sub, then: sub, else: sub, not: sub }, { requiredKeys: ['if'] })),
      shuffled(
        fc.record(
          {
            type: fc.constant('object'),
            propertyNames: sub,
            dependentSchemas: fc.dictionary(nameArb, sub, { maxKeys: 2 }),
            unevaluatedProperties: sub,
          },
          { requiredKeys: ['type'] },
        ),
      ),
    ];
    if (wild)
      nested.push(
        fc.record({ type: fc.constant('array'), items: fc.array(sub, { maxLength: 2 }), additionalItems: sub }),
        shuffled(fc.record({ type: fc.constant('object'), $defs: fc.dictionary(fc.constantFrom(...DEF_NAMES), sub), properties: props })),
      );
    // Leaves half the time: real schemas are mostly flat, and wide ones take long to draw.
    const leaf = { arbitrary: fc.oneof(...leafArbs), weight: nested.length };
    return { schema: fc.oneof({ depthIdentifier: 'schema', maxDepth: 3 }, leaf, ...nested.map((arbitrary) => ({ arbitrary, weight: 1 }))) };
  });
  const topLevelNameArb = fc.constantFrom(...(wild ? WILD_TOP_LEVEL_NAMES : TOP_LEVEL_NAMES));
  return { schema, props: fc.dictionary(topLevelNameArb, schema, { maxKeys: 4 }) };
}

const compatible = schemaArbs(false);
const wild = schemaArbs(true);
const allDefs = (sub: fc.Arbitrary<Schema>) =>
  fc.tuple(...DEF_NAMES.map(() => sub)).map((defs) => Object.fromEntries(DEF_NAMES.map((n, i) => [n, defs[i]])));

/** An object schema every provider accepts: its `$defs` hold every name a ref of it may point at. */
export const compatibleSchemaArb: fc.Arbitrary<Record<string, unknown>> = shuffled(
  fc.record(
    {
      $schema: fc.constantFrom('https://json-schema.org/draft/2020-12/schema', 'http://json-schema.org/draft-07/schema#'),
      type: fc.constant('object'),
      description: fc.constant('Arguments'),
      properties: compatible.props,
      required: fc.subarray(PROPERTY_NAMES.slice(0, 3)),
      additionalProperties: fc.constant(false),
      $defs: allDefs(compatible.schema),
    },
    { requiredKeys: ['type', 'properties', '$defs'] },
  ),
);

const wildObjectArb = shuffled(
  fc
    .tuple(
      fc.record(
        {
          $schema: fc.constant('https://json-schema.org/draft/2020-12/schema'),
          type: fc.constantFrom<unknown>('object', 'object', 'object', 'object', ['object', 'null']),
          properties: wild.props,
          required: fc.subarray(PROPERTY_NAMES.slice(0, 3)),
          $defs: fc.dictionary(fc.constantFrom(...DEF_NAMES), wild.schema),
          definitions: fc.dictionary(fc.constantFrom('thing'), wild.schema),
          additionalProperties: fc.oneof(fc.constant(false), wild.schema),
        },
        { requiredKeys: ['type', 'properties'] },
      ),
      // A keyword OpenAI refuses at the top, in a quarter of roots: more would hide what lies below from the rules after it.
      fc.oneof(
        { arbitrary: fc.constant(null), weight: 8 },
        {
          arbitrary: fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf'), fc.array(wild.schema, { minLength: 1, maxLength: 2 })),
          weight: 1,
        },
        { arbitrary: fc.tuple(fc.constantFrom('not', 'const'), wild.schema), weight: 1 },
        { arbitrary: fc.tuple(fc.constant('enum'), fc.array(dataArb, { minLength: 1, maxLength: 2 })), weight: 1 },
      ),
    )
    .map(([root, combinator]) => (combinator === null ? root : { ...root, [combinator[0]]: combinator[1] })),
);

/** A schema as a server may send it: most are objects some provider refuses; a few are too long, or no object at all. */
export const wildSchemaArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: wildObjectArb, weight: 12 },
  { arbitrary: compatibleSchemaArb, weight: 3 },
  { arbitrary: wildObjectArb.map((o) => ({ ...o, description: 'x'.repeat(SCHEMA_MAX_BYTES) })), weight: 1 },
  { arbitrary: wild.schema, weight: 1 },
  { arbitrary: fc.constantFrom<unknown>(null, 'object', [{ type: 'object' }], 42), weight: 1 },
);
