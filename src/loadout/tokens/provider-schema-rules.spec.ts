import fc from 'fast-check';
import {
  describeRefusal,
  firstBreak,
  PROVIDER_SCHEMA_RULES,
  SCHEMA_MAX_BYTES,
  schemaRefusals,
  shownRefusal,
} from './provider-schema-rules';

const ARRAY = { type: 'array' };
const rule = (id: string) => PROVIDER_SCHEMA_RULES.find((r) => r.id === id)!;
const obj = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: 'object', properties, ...more });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
/** An object schema whose JSON text is exactly `size` bytes, padded in its description with `unit`. */
function schemaOfBytes(size: number, unit = 'a', extra: unknown = null): Record<string, unknown> {
  const base = { type: 'object', extra, description: '' };
  const room = size - bytes(base);
  const unitBytes = bytes(unit) - 2;
  return { ...base, description: unit.repeat(Math.floor(room / unitBytes)) + 'a'.repeat(room % unitBytes) };
}

describe('PROVIDER_SCHEMA_RULES', () => {
  it('holds the rows in their order, under stable kebab-case ids', () => {
    expect(PROVIDER_SCHEMA_RULES.map((r) => [r.id, r.providers])).toEqual([
      ['object-at-top', ['openai', 'anthropic', 'google']],
      ['no-top-level-combinator', ['openai', 'anthropic']],
      ['no-top-level-not-enum-const', ['openai']],
      ['property-keys', ['anthropic']],
      ['draft-2020-12', ['anthropic']],
      ['array-items', ['openai']],
      ['ref-resolves', ['google']],
      ['ref-without-siblings', ['google']],
      ['size', ['openai', 'anthropic', 'google']],
    ]);
  });

  it('words every rule as a sentence that also reads as a clause', () => {
    for (const r of PROVIDER_SCHEMA_RULES) expect(r.text).toMatch(/^[A-Z][^A-Z].*[^.\s]$/);
  });

  const defs = { $defs: { file: { type: 'object' }, 'a/b': {}, 'my thing': {}, pair: { prefixItems: [{ type: 'string' }] } } };
  const ref = (to: unknown, more = {}) => obj({ f: { $ref: to, ...more } }, defs);
  const refFirst = (to: unknown, sibling: string) => obj({ f: { [sibling]: 'x', $ref: to } }, defs);
  it.each<[string, unknown, string, unknown]>([
    ['object-at-top', { type: 'array', items: {} }, '', obj({})],
    ['object-at-top', null, '', { type: 'object' }],
    ['object-at-top', { properties: {} }, '', { type: 'object', properties: {} }],
    ['object-at-top', { type: ['object', 'null'] }, '', { type: 'object' }],
    ['no-top-level-combinator', obj({}, { oneOf: [obj({})] }), '/oneOf', obj({ v: { oneOf: [{ type: 'string' }] } })],
    ['no-top-level-combinator', { allOf: [obj({})], anyOf: [] }, '/allOf', obj({})],
    ['array-items', obj({ tags: ARRAY }), '/properties/tags', obj({ tags: { type: 'array', items: { type: 'string' } } })],
    ['array-items', obj({ t: { type: ['array', 'null'] } }), '/properties/t', obj({ t: { type: ['array', 'null'], items: {} } })],
    ['array-items', obj({}, { items: [ARRAY] }), '/items/0', obj({}, { items: [{ type: 'array', items: true }] })],
    ['ref-resolves', ref('#/$defs/nope'), '/properties/f/$ref', ref('#/$defs/file')],
    ['ref-resolves', ref('other.json#/$defs/file'), '/properties/f/$ref', ref('#')],
    ['ref-resolves', ref('#/$defs/a/b'), '/properties/f/$ref', ref('#/$defs/a~1b')],
    ['ref-resolves', ref('#/$defs/pair/prefixItems/01'), '/properties/f/$ref', ref('#/$defs/pair/prefixItems/0')],
    ['ref-resolves', ref('#/$defs/%zz'), '/properties/f/$ref', ref('#/$defs/my%20thing')],
    ['ref-resolves', ref(7), '/properties/f/$ref', ref('#/properties')],
    ['ref-without-siblings', ref('#/$defs/file', { type: 'object' }), '/properties/f/type', ref('#/$defs/file')],
    ['ref-without-siblings', refFirst('#/$defs/file', 'title'), '/properties/f/title', obj({ $ref: { type: 'string', title: 't' } })],
    // LINE's flex-message tools describe a referenced schema beside its $ref, which Gemini takes, as it takes "$" keywords.
    [
      'ref-without-siblings',
      ref('#/$defs/file', { description: 'd', default: 'x', $comment: 'c', examples: ['x'] }),
      '/properties/f/examples',
      ref('#/$defs/file', { description: 'The color', default: '#000000', $comment: 'c' }),
    ],
    ['no-top-level-not-enum-const', obj({}, { not: { required: ['a'] } }), '/not', obj({ a: { not: { type: 'null' } } })],
    ['no-top-level-not-enum-const', obj({}, { enum: [{}] }), '/enum', obj({ a: { enum: ['x', 'y'] } })],
    ['no-top-level-not-enum-const', obj({}, { const: {} }), '/const', obj({ a: { const: 'x' } })],
    // App Store Connect's list tools name query parameters as the REST API does.
    ['property-keys', obj({ 'filter[id]': { type: 'string' } }), '/properties/filter[id]', obj({ 'filter.id': { type: 'string' } })],
    ['property-keys', obj({ ok: {}, 'a b': {} }), '/properties/a b', obj({ 'A-z_0.9': {}, nested: obj({ 'a b': {} }) })],
    ['property-keys', obj({ ['k'.repeat(65)]: {} }), `/properties/${'k'.repeat(65)}`, obj({ ['k'.repeat(64)]: {} })],
    ['property-keys', obj({ 'a/b': {} }), '/properties/a~1b', obj({})],
    // Draft-07 tuples; 2020-12 writes them as prefixItems.
    [
      'draft-2020-12',
      obj({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } }),
      '/properties/pair/items',
      obj({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } }),
    ],
    ['draft-2020-12', obj({}, { $defs: { a: { $id: '#a' } } }), '/$defs/a/$id', obj({}, { $id: 'https://example.com/tool#', $defs: {} })],
    ['size', schemaOfBytes(SCHEMA_MAX_BYTES + 1), '', schemaOfBytes(SCHEMA_MAX_BYTES)],
  ])('%s: finds where a schema breaks it, and passes one that keeps it', (id, broken, pointer, kept) => {
    expect(rule(id).find(broken)).toBe(pointer);
    expect(rule(id).find(kept)).toBeNull();
  });

  it('finds the first break in the schema’s own key order, depth first', () => {
    const items = rule('array-items');
    expect(items.find(obj({ b: ARRAY, a: ARRAY }))).toBe('/properties/b');
    expect(items.find(obj({ a: ARRAY, b: ARRAY }))).toBe('/properties/a');
    expect(items.find({ $defs: { x: ARRAY }, ...obj({ y: ARRAY }) })).toBe('/$defs/x');
    expect(items.find({ ...obj({ y: ARRAY }), $defs: { x: ARRAY } })).toBe('/properties/y');
    expect(items.find(obj({ a: obj({ deep: ARRAY }), b: ARRAY }))).toBe('/properties/a/properties/deep');
    expect(rule('ref-without-siblings').find({ $ref: '#', description: '', b: 1, a: 2 })).toBe('/b');
  });

  it('escapes ~ and / in the pointers it gives', () => {
    const items = rule('array-items');
    expect(items.find(obj({ 'a/b': ARRAY }))).toBe('/properties/a~1b');
    expect(items.find(obj({ 'x~y': ARRAY }))).toBe('/properties/x~0y');
    expect(items.find(obj({ '~1': ARRAY }))).toBe('/properties/~01');
    expect(items.find(obj({}, { patternProperties: { '^a/.*~$': ARRAY } }))).toBe('/patternProperties/^a~1.*~0$');
  });

  it('walks every subschema position, and never data: enum, const, default, examples', () => {
    const data = {
      enum: [ARRAY, { $ref: '#/x', a: 1 }],
      const: ARRAY,
      default: { $ref: 'nowhere' },
      examples: [ARRAY],
      required: ['type'],
    };
    expect(schemaRefusals(obj({ k: data, o: obj({}, data) }, { default: data.default, examples: data.examples }))).toBeNull();
    // Names in a map of subschemas are names, whatever keyword they spell.
    expect(rule('array-items').find(obj({ enum: ARRAY }))).toBe('/properties/enum');
    expect(rule('array-items').find(obj({ type: ARRAY }))).toBe('/properties/type');
    expect(rule('ref-resolves').find(obj({ $ref: { type: 'string' } }))).toBeNull();
    const find = (inner: Record<string, unknown>) => rule('array-items').find(obj({ p: inner }));
    const one = ['additionalProperties', 'items', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
    for (const k of [...one, 'unevaluatedItems', 'unevaluatedProperties']) expect(find({ [k]: ARRAY })).toBe(`/properties/p/${k}`);
    for (const k of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf']) expect(find({ [k]: [{}, ARRAY] })).toBe(`/properties/p/${k}/1`);
    for (const k of ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'])
      expect(find({ [k]: { d: ['x'], e: ARRAY } })).toBe(`/properties/p/${k}/e`);
  });

  it('lets OpenAI take combinators below the top level', () => {
    const schema = obj({ v: { anyOf: [{ type: 'string' }, { type: 'array', items: {} }] }, w: { allOf: [{ oneOf: [{}] }] } });
    expect(schemaRefusals(schema)).toBeNull();
  });

  it('finds breaks as deep as a stored schema nests, and refuses values too deep to write without exhausting the stack', () => {
    const nest = (levels: number) => {
      let schema: unknown = { type: 'array' };
      for (let i = 0; i < levels; i++) schema = obj({ a: schema });
      return schema;
    };
    expect(rule('array-items').find(nest(64))).toBe('/properties/a'.repeat(64));
    const unwritable = { rule: 'size', pointer: '' };
    expect(schemaRefusals(nest(20_000))).toEqual({ openai: unwritable, anthropic: unwritable, google: unwritable });
  });

  it('measures the JSON text in UTF-8 bytes: 64 KiB is taken, one byte more refused', () => {
    for (const unit of ['a', 'é', '€', '😀', '\n', '"', '\u0001', '\ud800']) {
      expect(bytes(schemaOfBytes(SCHEMA_MAX_BYTES, unit))).toBe(SCHEMA_MAX_BYTES);
      expect(schemaRefusals(schemaOfBytes(SCHEMA_MAX_BYTES, unit))).toBeNull();
      const over = { rule: 'size', pointer: '' };
      expect(schemaRefusals(schemaOfBytes(SCHEMA_MAX_BYTES + 1, unit))).toEqual({ openai: over, anthropic: over, google: over });
    }
    // 22,000 characters, 66,000 bytes.
    expect(rule('size').find({ type: 'object', description: '€'.repeat(22_000) })).toBe('');
  });

  // Strings of any UTF-16 code units, lone surrogates among them, and numbers of every form JSON writes.
  const text = fc.string({ unit: 'binary', maxLength: 20 });
  const jsonArb = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    text,
    fc.array(fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true })), { maxLength: 4 }),
    fc.dictionary(text, text, { maxKeys: 4 }),
  );
  it('measures any JSON value exactly as JSON.stringify writes it', () => {
    fc.assert(
      fc.property(jsonArb, (value) => {
        expect(rule('size').find(schemaOfBytes(SCHEMA_MAX_BYTES, 'a', value))).toBeNull();
        expect(rule('size').find(schemaOfBytes(SCHEMA_MAX_BYTES + 1, 'a', value))).toBe('');
      }),
    );
  });
});

describe('schemaRefusals, firstBreak, describeRefusal', () => {
  const everything = obj({ tags: { type: 'array' }, f: { $ref: '#/nope' } }, { anyOf: [{}] });

  it('gives each provider the first row it breaks, and null, not an empty object, when none refuses', () => {
    expect(schemaRefusals(everything)).toEqual({
      openai: { rule: 'no-top-level-combinator', pointer: '/anyOf' },
      anthropic: { rule: 'no-top-level-combinator', pointer: '/anyOf' },
      google: { rule: 'ref-resolves', pointer: '/properties/f/$ref' },
    });
    expect(schemaRefusals(obj({ tags: { type: 'array' } }))).toEqual({ openai: { rule: 'array-items', pointer: '/properties/tags' } });
    expect(schemaRefusals(obj({ tags: { type: 'array', items: {} } }))).toBeNull();
  });

  it('gives the first row broken for any provider, with its providers and text', () => {
    expect(firstBreak(obj({ f: { $ref: '#/nope' }, tags: { type: 'array' } }))).toEqual({
      rule: 'array-items',
      pointer: '/properties/tags',
      providers: ['openai'],
      text: 'Every array schema has "items"',
    });
    expect(firstBreak(obj({}))).toBeNull();
  });

  it('describes a refusal naming the rule, its providers and where', () => {
    expect(describeRefusal({ rule: 'array-items', pointer: '/properties/tags' })).toBe(
      'rule array-items (OpenAI): every array schema has "items", at /properties/tags',
    );
    expect(describeRefusal({ rule: 'object-at-top', pointer: '' })).toBe(
      'rule object-at-top (OpenAI, Anthropic, Gemini): the top level is a JSON Schema of an object ("type": "object"), at the top level',
    );
    expect(describeRefusal({ rule: 'retired-rule', pointer: '/x' })).toBe('rule retired-rule, at /x');
    expect(shownRefusal('google', { rule: 'ref-resolves', pointer: '/$ref' })).toEqual({
      provider: 'google',
      rule: 'ref-resolves',
      pointer: '/$ref',
      message: 'rule ref-resolves (Gemini): every "$ref" is a local JSON Pointer ("#/...") to a place in the schema, at /$ref',
    });
  });
});
