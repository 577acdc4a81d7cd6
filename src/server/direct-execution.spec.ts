import fc from 'fast-check';
import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  Kind,
  execute,
  parse,
  validate,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import { TOOLBOX_QUERY } from '../bench/e2e/request-bodies';
import { buildLoadoutSchema } from '../schema/build-schema';
import { executeDirectly, planOperation } from './direct-execution';

/** What the root resolver returns this time, and how. */
interface Root {
  value: unknown;
  how: 'value' | 'promise' | 'throw';
}

const Color = new GraphQLEnumType({ name: 'Color', values: { RED: { value: 'r' }, GREEN: { value: 'g' } } });
const Odd = new GraphQLScalarType({
  name: 'Odd',
  serialize(value) {
    if (value === 'bad') throw new TypeError('Odd cannot represent "bad"');
    return value === 'none' ? undefined : `odd:${String(value)}`;
  },
});
const Other = new GraphQLObjectType({ name: 'Other', fields: { s: { type: GraphQLString } } });
const Checked = new GraphQLObjectType({
  name: 'Checked',
  isTypeOf: (value) => typeof value === 'object' && value !== null && 's' in value,
  fields: { s: { type: GraphQLString } },
});
const Item: GraphQLObjectType = new GraphQLObjectType({
  name: 'Item',
  fields: () => ({
    i: { type: GraphQLInt },
    ni: { type: new GraphQLNonNull(GraphQLInt) },
    s: { type: GraphQLString },
    f: { type: GraphQLFloat },
    b: { type: GraphQLBoolean },
    id: { type: GraphQLID },
    e: { type: Color },
    odd: { type: Odd },
    ints: { type: new GraphQLList(GraphQLInt) },
    nnInts: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLInt))) },
    child: { type: Item },
    nnChild: { type: new GraphQLNonNull(Item) },
    children: { type: new GraphQLList(new GraphQLNonNull(Item)) },
    other: { type: Other },
    checked: { type: Checked },
    thing: {
      type: new GraphQLUnionType({
        name: 'Thing',
        types: [Item, Other],
        resolveType: (value: Record<string, unknown>) => ('ni' in value ? 'Item' : 'Other'),
      }),
    },
    withArgs: { type: GraphQLInt, args: { x: { type: GraphQLInt } } },
    resolved: { type: GraphQLInt, resolve: (source: { i?: unknown }) => source.i },
  }),
});
const rootFields = {
  item: {
    type: Item,
    args: { fail: { type: GraphQLBoolean } },
    resolve: (_: unknown, args: { fail?: boolean | null }, root: Root) => {
      if (args.fail || root.how === 'throw') throw new Error('the resolver failed');
      return root.how === 'promise' ? Promise.resolve(root.value) : root.value;
    },
  },
  nnItem: { type: new GraphQLNonNull(Item), resolve: (_: unknown, __: unknown, root: Root) => root.value },
  items: { type: new GraphQLList(Item), resolve: (_: unknown, __: unknown, root: Root) => [root.value, root.value] },
  version: { type: GraphQLInt, resolve: () => 7 },
};
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: rootFields }),
  mutation: new GraphQLObjectType({ name: 'Mutation', fields: rootFields }),
});

const operationOf = (document: DocumentNode): OperationDefinitionNode =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;

/** graphql-js's response and the direct one (undefined: not eligible, or handed back) for one document. */
async function both(query: string, root: Root, variables?: Record<string, unknown>) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  const operation = operationOf(document);
  const reference = await execute({ schema, document, contextValue: root, variableValues: variables });
  const plan = planOperation(schema, document, operation);
  const direct = plan ? await executeDirectly(plan, schema, operation, variables, root) : undefined;
  return { reference, plan, direct };
}

const WELL: Record<string, unknown> = {
  i: 1,
  ni: 2,
  s: 'x',
  f: 1.5,
  b: true,
  id: 3,
  e: 'g',
  odd: 'o',
  ints: [1, null],
  nnInts: [4],
  other: { s: 'y' },
};

describe('planOperation', () => {
  it.each([
    ['a mutation', 'mutation { item { i } }'],
    ['two root fields', '{ item { i } version }'],
    ['a field with a resolver of its own', '{ item { resolved } }'],
    ['a field with arguments', '{ item { withArgs(x: 1) } }'],
    ['an abstract type', '{ item { thing { ... on Other { s } } } }'],
    ['an object type that checks its values', '{ item { checked { s } } }'],
    ['a directive', '{ item { i @include(if: true) } }'],
    ['a fragment on another type', '{ item { ... on Thing { __typename } } }'],
    ['a response key `__proto__`', '{ item { __proto__: i } }'],
    ['a response key twice', '{ item { i i } }'],
    ['`__typename` at the root', '{ __typename }'],
    ['introspection', '{ __schema { queryType { name } } }'],
  ])('leaves %s to graphql-js', (_, query) => {
    const document = parse(query);
    expect(validate(schema, document)).toEqual([]);
    expect(planOperation(schema, document, operationOf(document))).toBeNull();
  });

  it('answers aliases, fragments on the same type, `__typename` and nested lists', async () => {
    const { reference, plan, direct } = await both(
      `{ renamed: item { __typename kind: e ...F nnChild { ... on Item { ni } } children { i } } } fragment F on Item { s nnInts }`,
      { value: { ...WELL, nnChild: { ni: 9 }, children: [{ i: 1 }, { i: null }] }, how: 'promise' },
    );
    expect(plan).not.toBeNull();
    expect(reference.errors).toBeUndefined();
    expect(direct).toEqual({
      renamed: { __typename: 'Item', kind: 'GREEN', s: 'x', nnInts: [4], nnChild: { ni: 9 }, children: [{ i: 1 }, { i: null }] },
    });
    expect(JSON.stringify(direct)).toBe(JSON.stringify(reference.data));
  });

  it.each<[string, string, Root]>([
    ['a null where the type says non-null', '{ item { ni } }', { value: { ni: null }, how: 'value' }],
    ['a null root where the type says non-null', '{ nnItem { i } }', { value: null, how: 'value' }],
    ['a resolver that throws', '{ item { i } }', { value: WELL, how: 'throw' }],
    ['a scalar that fails to serialise', '{ item { i } }', { value: { i: 1.5 }, how: 'value' }],
    ['a custom scalar that throws', '{ item { odd } }', { value: { odd: 'bad' }, how: 'value' }],
    ['a custom scalar that yields nothing', '{ item { odd } }', { value: { odd: 'none' }, how: 'value' }],
    ['an enum value the type does not know', '{ item { e } }', { value: { e: 'RED' }, how: 'value' }],
    ['a promise in a property', '{ item { i } }', { value: { i: Promise.resolve(1) }, how: 'value' }],
    ['a function in a property', '{ item { i } }', { value: { i: () => 1 }, how: 'value' }],
    ['a list that is not an array', '{ item { ints } }', { value: { ints: new Set([1]) }, how: 'value' }],
  ])('hands %s back to graphql-js', async (_, query, root) => {
    const { plan, direct } = await both(query, root);
    expect(plan).not.toBeNull();
    expect(direct).toBeUndefined();
  });

  it('hands back variables graphql-js refuses, and arguments that make the resolver throw', async () => {
    const query = 'query($fail: Boolean) { item(fail: $fail) { i } }';
    expect((await both(query, { value: WELL, how: 'value' }, { fail: 'yes' })).direct).toBeUndefined();
    expect((await both(query, { value: WELL, how: 'value' }, { fail: true })).direct).toBeUndefined();
    expect((await both(query, { value: WELL, how: 'value' }, { fail: false })).direct).toEqual({ item: { i: 1 } });
  });
});

// Random documents over the schema above, and random values (mostly well typed, sometimes not).
const ALIASES = ['a', 'b', 'i', 's'];
const LEAVES = ['i', 'ni', 's', 'f', 'b', 'id', 'e', 'odd', 'ints', 'nnInts', '__typename', 'resolved', 'withArgs(x: 2)'];
const OBJECTS = ['child', 'nnChild', 'children', 'other', 'checked', 'thing'];

const selectionArb: fc.Memo<string> = fc.memo((depth) => {
  const leaf = fc
    .tuple(fc.option(fc.constantFrom(...ALIASES), { freq: 3 }), fc.constantFrom(...LEAVES))
    .map(([alias, f]) => (alias ? `${alias}: ${f}` : f));
  const withDirective = fc
    .tuple(leaf, fc.constantFrom('@include(if: true)', '@skip(if: false)', '@skip(if: true)'))
    .map(([f, d]) => f.replace(/^([^(]*?)(\(.*\))?$/, `$1$2 ${d}`));
  if (depth <= 1) return fc.oneof({ weight: 8, arbitrary: leaf }, { weight: 1, arbitrary: withDirective });
  const set = fc.array(selectionArb(depth - 1), { minLength: 1, maxLength: 4 }).map((s) => `{ ${s.join(' ')} }`);
  const object = fc.tuple(fc.constantFrom(...OBJECTS), set).map(([f, s]) => {
    if (f === 'other' || f === 'checked') return `${f} { s }`;
    if (f === 'thing') return `thing { ... on Other { s } }`;
    return `${f} ${s}`;
  });
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 3, arbitrary: object },
    { weight: 1, arbitrary: withDirective },
    { weight: 1, arbitrary: set.map((s) => `... on Item ${s}`) },
    { weight: 1, arbitrary: set.map((s) => `... ${s}`) },
    { weight: 1, arbitrary: fc.constant('...F') },
  );
});

const documentArb = fc
  .tuple(
    fc.constantFrom('item(fail: $fail)', 'nnItem', 'items', 'alias: item(fail: $fail)'),
    fc.array(selectionArb(3), { minLength: 1, maxLength: 5 }),
  )
  .map(([root, selections]) => {
    const body = `${root} { ${selections.join(' ')} }`;
    const header = root.includes('$fail') ? 'query($fail: Boolean)' : 'query';
    return `${header} { ${body} }${body.includes('...F') ? ' fragment F on Item { s child { i } }' : ''}`;
  });

const junkArb = fc.constantFrom<unknown>(
  null,
  undefined,
  'str',
  3.5,
  2 ** 40,
  Number.NaN,
  {},
  [],
  'bad',
  'none',
  'RED',
  () => 1,
  Promise.resolve(1),
);
const typed: Record<string, fc.Arbitrary<unknown>> = {
  i: fc.option(fc.integer({ min: -5, max: 5 })),
  ni: fc.integer({ min: 0, max: 9 }),
  s: fc.option(fc.string({ maxLength: 4 })),
  f: fc.double({ min: -10, max: 10, noNaN: true }),
  b: fc.boolean(),
  id: fc.oneof(fc.string({ maxLength: 3 }), fc.nat(99)),
  e: fc.constantFrom('r', 'g', null),
  odd: fc.constantFrom('o', 1, null),
  ints: fc.option(fc.array(fc.option(fc.nat(9)), { maxLength: 3 })),
  nnInts: fc.array(fc.nat(9), { maxLength: 3 }),
  other: fc.option(fc.record({ s: fc.string({ maxLength: 2 }) })),
  checked: fc.option(fc.record({ s: fc.string({ maxLength: 2 }) })),
  thing: fc.constantFrom({ s: 'o' }, { ni: 1 }),
  withArgs: fc.constantFrom(1, (args: { x: number }) => args.x * 10),
  resolved: fc.nat(9),
};
const itemArb: fc.Memo<Record<string, unknown>> = fc.memo((depth) => {
  const field = (arb: fc.Arbitrary<unknown>) => fc.oneof({ weight: 19, arbitrary: arb }, { weight: 1, arbitrary: junkArb });
  const fields: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(Object.entries(typed).map(([k, arb]) => [k, field(arb)]));
  if (depth > 1) {
    fields.child = field(fc.option(itemArb(depth - 1)));
    fields.nnChild = field(itemArb(depth - 1));
    fields.children = field(fc.option(fc.array(itemArb(depth - 1), { maxLength: 2 })));
  }
  return fc.record(fields);
});

describe('direct execution against graphql-js', () => {
  it('answers exactly as graphql-js does, or hands the request back', async () => {
    let answered = 0;
    let handedBack = 0;
    await fc.assert(
      fc.asyncProperty(
        documentArb,
        itemArb(3),
        fc.constantFrom<Root['how']>('value', 'value', 'value', 'promise', 'throw'),
        fc.constantFrom<unknown>(false, null, undefined, true),
        async (query, value, how, fail) => {
          const document = parse(query);
          fc.pre(validate(schema, document).length === 0);
          const operation = operationOf(document);
          const root: Root = { value, how };
          const variables = { fail };
          const reference = await execute({ schema, document, contextValue: root, variableValues: variables });
          const plan = planOperation(schema, document, operation);
          if (!plan) return;
          const direct = await executeDirectly(plan, schema, operation, variables, root);
          if (direct === undefined) {
            handedBack++;
            return;
          }
          answered++;
          expect(reference.errors).toBeUndefined();
          // What goes on the wire: same keys, same order, same values.
          expect(JSON.stringify(direct)).toBe(JSON.stringify(reference.data));
        },
      ),
      { numRuns: 600 },
    );
    // Both outcomes must have been exercised for the comparison to mean anything.
    expect(answered).toBeGreaterThan(100);
    expect(handedBack).toBeGreaterThan(20);
  });
});

describe('on the Loadout schema', () => {
  it('answers the per-turn toolbox query directly', async () => {
    const loadout = await buildLoadoutSchema();
    const document = parse(TOOLBOX_QUERY);
    expect(planOperation(loadout, document, operationOf(document))).not.toBeNull();
  });
});
