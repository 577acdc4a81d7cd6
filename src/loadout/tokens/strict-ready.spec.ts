import type { JSONSchema } from 'openai/lib/jsonschema';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { isStrictReady, STRICT_LIMITS, strictBreak } from './strict-ready';

/** A closed object whose every property is required: the smallest strict-ready shape. */
const closed = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...more,
});
const text = { type: 'string' };

describe('strictBreak', () => {
  it.each([
    ['no properties at all', closed({})],
    ['flat, with descriptions and a top-level $schema', closed({ q: { type: 'string', description: 'query' } }, { $schema: 'x' })],
    ['a nullable value by a list of types', closed({ due: { type: ['string', 'null'], format: 'date' } })],
    ['nested objects and arrays of objects', closed({ page: closed({ size: { type: 'integer', minimum: 1, maximum: 100 } }) })],
    ['an array with one items schema and bounds', closed({ tags: { type: 'array', items: text, minItems: 1, maxItems: 5 } })],
    ['an enum and a pattern', closed({ unit: { type: 'string', enum: ['c', 'f'] }, id: { type: 'string', pattern: '^[a-z]+$' } })],
    ['anyOf below the top', closed({ v: { anyOf: [text, { type: 'number' }] } })],
    ['a local $ref to $defs', closed({ a: { $ref: '#/$defs/addr' } }, { $defs: { addr: closed({ city: text }) } })],
    ['a recursive $ref to the root', closed({ child: { anyOf: [{ $ref: '#' }, { type: 'null' }] } })],
  ])('is null (strict-ready) for %s', (_, schema) => {
    expect(strictBreak(schema)).toBeNull();
    expect(isStrictReady(schema)).toBe(true);
  });

  it.each([
    ['a top level that is not an object', { type: 'string' }, { rule: 'object-at-top', pointer: '' }],
    ['a top-level anyOf', { type: 'object', anyOf: [closed({})] }, { rule: 'object-at-top', pointer: '' }],
    ['an object open to more properties', { type: 'object', properties: {}, required: [] }, { rule: 'closed-object', pointer: '' }],
    ['additionalProperties true', closed({}, { additionalProperties: true }), { rule: 'closed-object', pointer: '' }],
    ['a nested open object', closed({ o: { type: 'object', properties: {} } }), { rule: 'closed-object', pointer: '/properties/o' }],
    ['an optional property', { ...closed({ a: text, b: text }), required: ['a'] }, { rule: 'all-required', pointer: '/required' }],
    ['no required list', { type: 'object', properties: { a: text }, additionalProperties: false }, { rule: 'all-required', pointer: '' }],
    [
      'no required list on an object without properties',
      { type: 'object', additionalProperties: false },
      { rule: 'all-required', pointer: '' },
    ],
    ['a required name no property has', { ...closed({ a: text }), required: ['b'] }, { rule: 'all-required', pointer: '/required' }],
    ['allOf', closed({ a: { allOf: [text] } }), { rule: 'supported-keyword', pointer: '/properties/a/allOf' }],
    ['oneOf', closed({ a: { oneOf: [text] } }), { rule: 'supported-keyword', pointer: '/properties/a/oneOf' }],
    ['not', closed({ a: { ...text, not: { const: 'x' } } }), { rule: 'supported-keyword', pointer: '/properties/a/not' }],
    ['if / then / else', closed({}, { if: {}, then: {}, else: {} }), { rule: 'supported-keyword', pointer: '/if' }],
    ['dependentRequired', closed({}, { dependentRequired: {} }), { rule: 'supported-keyword', pointer: '/dependentRequired' }],
    ['dependentSchemas', closed({}, { dependentSchemas: {} }), { rule: 'supported-keyword', pointer: '/dependentSchemas' }],
    ['patternProperties', closed({}, { patternProperties: {} }), { rule: 'supported-keyword', pointer: '/patternProperties' }],
    [
      'unevaluatedProperties',
      closed({}, { unevaluatedProperties: false }),
      { rule: 'supported-keyword', pointer: '/unevaluatedProperties' },
    ],
    ['propertyNames', closed({}, { propertyNames: text }), { rule: 'supported-keyword', pointer: '/propertyNames' }],
    [
      'contains',
      closed({ a: { type: 'array', items: text, contains: text } }),
      { rule: 'supported-keyword', pointer: '/properties/a/contains' },
    ],
    [
      'uniqueItems',
      closed({ a: { type: 'array', items: text, uniqueItems: true } }),
      { rule: 'supported-keyword', pointer: '/properties/a/uniqueItems' },
    ],
    ['a default', closed({ a: { ...text, default: 'x' } }), { rule: 'supported-keyword', pointer: '/properties/a/default' }],
    ['minLength', closed({ a: { ...text, minLength: 1 } }), { rule: 'supported-keyword', pointer: '/properties/a/minLength' }],
    ['$schema below the top', closed({ a: { ...text, $schema: 'x' } }), { rule: 'supported-keyword', pointer: '/properties/a/$schema' }],
    [
      'a format outside the supported ones',
      closed({ u: { ...text, format: 'uri' } }),
      { rule: 'supported-keyword', pointer: '/properties/u/format' },
    ],
    ['an untyped value', closed({ a: { description: 'anything' } }), { rule: 'typed', pointer: '/properties/a' }],
    ['an unknown type', closed({ a: { type: 'date' } }), { rule: 'typed', pointer: '/properties/a/type' }],
    ['a boolean schema', closed({ a: true }), { rule: 'typed', pointer: '/properties/a' }],
    ['an array without items', closed({ a: { type: 'array' } }), { rule: 'one-items-schema', pointer: '/properties/a' }],
    ['tuple items', closed({ a: { type: 'array', items: [text] } }), { rule: 'one-items-schema', pointer: '/properties/a/items' }],
    ['a $ref with siblings', closed({ a: { $ref: '#', description: 'x' } }), { rule: 'local-ref', pointer: '/properties/a/$ref' }],
    ['a remote $ref', closed({ a: { $ref: 'https://example.com/s.json' } }), { rule: 'local-ref', pointer: '/properties/a/$ref' }],
    ['a $ref to nothing', closed({ a: { $ref: '#/$defs/missing' } }), { rule: 'local-ref', pointer: '/properties/a/$ref' }],
  ])('finds %s', (_, schema, found) => {
    expect(strictBreak(schema)).toEqual(found);
    expect(isStrictReady(schema)).toBe(false);
  });

  it('reports the first break depth first, in the schema’s own key order', () => {
    const schema = closed({ a: { type: 'object', properties: {} }, b: { ...text, default: '' } });
    expect(strictBreak(schema)).toEqual({ rule: 'closed-object', pointer: '/properties/a' });
    expect(strictBreak(closed({ b: { ...text, default: '' }, a: { type: 'object', properties: {} } }))).toEqual({
      rule: 'supported-keyword',
      pointer: '/properties/b/default',
    });
  });

  it('escapes property names in the pointer', () => {
    expect(strictBreak(closed({ 'a/b~c': { type: 'array' } }))).toEqual({ rule: 'one-items-schema', pointer: '/properties/a~1b~0c' });
  });

  it(`takes objects nested ${STRICT_LIMITS.nesting} deep, and not one more`, () => {
    const nested = (levels: number): Record<string, unknown> => (levels === 1 ? closed({}) : closed({ n: nested(levels - 1) }));
    expect(strictBreak(nested(STRICT_LIMITS.nesting))).toBeNull();
    expect(strictBreak(nested(STRICT_LIMITS.nesting + 1))).toMatchObject({ rule: 'limits' });
  });

  it(`takes ${STRICT_LIMITS.properties} properties in all, and not one more`, () => {
    const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, text]));
    const half = STRICT_LIMITS.properties / 2;
    expect(strictBreak(closed({ a: closed(props(half - 1)), b: closed(props(half - 1)) }))).toBeNull();
    expect(strictBreak(closed({ a: closed(props(half - 1)), b: closed(props(half)) }))).toEqual({
      rule: 'limits',
      pointer: '/properties/b/properties',
    });
  });

  it(`takes ${STRICT_LIMITS.enumValues} enum values in all, and not one more`, () => {
    const values = (n: number) => ({ type: 'integer', enum: Array.from({ length: n }, (_, i) => i) });
    expect(strictBreak(closed({ a: values(STRICT_LIMITS.enumValues - 1), b: values(1) }))).toBeNull();
    expect(strictBreak(closed({ a: values(STRICT_LIMITS.enumValues), b: values(1) }))).toEqual({
      rule: 'limits',
      pointer: '/properties/b/enum',
    });
  });

  it('agrees with the openai package: a strict-ready schema is one its strict transform accepts and leaves as it is', () => {
    const ready = [
      closed({}),
      closed({ q: { type: 'string', description: 'query' } }),
      closed({ due: { type: ['string', 'null'], format: 'date' }, tags: { type: 'array', items: text, maxItems: 3 } }),
      closed({ a: { $ref: '#/$defs/addr' } }, { $defs: { addr: closed({ city: text }) } }),
      closed({ v: { anyOf: [text, { type: 'number' }] } }),
    ];
    for (const schema of ready) {
      expect(isStrictReady(schema)).toBe(true);
      expect(toStrictJsonSchema(structuredClone(schema) as JSONSchema)).toEqual(schema);
    }
  });
});
