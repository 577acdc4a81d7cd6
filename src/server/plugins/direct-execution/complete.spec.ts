import fc from 'fast-check';
import { execute, parse, validate } from 'graphql';
import { executeDirectly, resolveOnce } from './complete';
import { planOperation } from './plan';
import { ROOT_FIELDS, WELL, operationOf, rootOf, schema, type Root } from './schema.fixture';

// As the plugin does at start: a request handed back resolves its root field once.
for (const name of ROOT_FIELDS) resolveOnce(schema.getQueryType()!.getFields()[name]);

/**
 * graphql-js's response for one document, alone, and the direct one
 * (undefined: not eligible, or handed back); after a hand-back, graphql-js's
 * response to the same request, which must be the one it gives alone, from
 * as many resolutions of the root field.
 */
async function both(query: string, value: unknown, how: Root['how'] = 'value', variables?: Record<string, unknown>) {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  const operation = operationOf(document);
  const alone = rootOf(value, how);
  const reference = await execute({ schema, document, contextValue: alone, variableValues: variables });
  const plan = planOperation(schema, document, operation, ROOT_FIELDS);
  if (!plan) return { reference, plan, direct: undefined };
  const request = rootOf(value, how);
  const direct = (await executeDirectly(plan, schema, operation, variables, request))?.data;
  if (direct === undefined) {
    const handedBack = await execute({ schema, document, contextValue: request, variableValues: variables });
    expect(JSON.stringify(handedBack)).toBe(JSON.stringify(reference));
    expect(request.resolutions.count).toBe(alone.resolutions.count);
  }
  return { reference, plan, direct };
}

it('answers aliases, fragments on the same type, `__typename` and nested lists', async () => {
  const { reference, plan, direct } = await both(
    `{ renamed: item { __typename kind: e ...F nnChild { ... on Item { ni } } children { i } } } fragment F on Item { s nnInts }`,
    { ...WELL, nnChild: { ni: 9 }, children: [{ i: 1 }, { i: null }] },
    'promise',
  );
  expect(plan).not.toBeNull();
  expect(reference.errors).toBeUndefined();
  expect(direct).toEqual({
    renamed: { __typename: 'Item', kind: 'GREEN', s: 'x', nnInts: [4], nnChild: { ni: 9 }, children: [{ i: 1 }, { i: null }] },
  });
  expect(JSON.stringify(direct)).toBe(JSON.stringify(reference.data));
});

it.each<[string, string, unknown, Root['how']]>([
  ['a null where the type says non-null', '{ item { ni } }', { ni: null }, 'value'],
  ['a null root where the type says non-null', '{ nnItem { i } }', null, 'value'],
  ['a resolver that throws', '{ item { i } }', WELL, 'throw'],
  ['a scalar that fails to serialise', '{ item { i } }', { i: 1.5 }, 'value'],
  ['a custom scalar that throws', '{ item { odd } }', { odd: 'bad' }, 'value'],
  ['a custom scalar that yields nothing', '{ item { odd } }', { odd: 'none' }, 'value'],
  ['an enum value the type does not know', '{ item { e } }', { e: 'RED' }, 'value'],
  ['a promise in a property', '{ item { i } }', { i: Promise.resolve(1) }, 'value'],
  ['a function in a property', '{ item { i } }', { i: () => 1 }, 'value'],
  ['a list that is not an array', '{ item { ints } }', { ints: new Set([1]) }, 'value'],
])('hands %s back to graphql-js, which answers from the one resolution', async (_, query, value, how) => {
  const { plan, direct } = await both(query, value, how);
  expect(plan).not.toBeNull();
  expect(direct).toBeUndefined();
});

it('hands back variables graphql-js refuses, and arguments that make the resolver throw', async () => {
  const query = 'query($fail: Boolean) { item(fail: $fail) { i } }';
  expect((await both(query, WELL, 'value', { fail: 'yes' })).direct).toBeUndefined();
  expect((await both(query, WELL, 'value', { fail: true })).direct).toBeUndefined();
  expect((await both(query, WELL, 'value', { fail: false })).direct).toEqual({ item: { i: 1 } });
});

it('gives graphql-js what it resolved for the field node handed back, once; any other resolves afresh', async () => {
  const request = rootOf({ ni: null });
  const handedBack = parse('{ item { ni } }');
  const plan = planOperation(schema, handedBack, operationOf(handedBack), ROOT_FIELDS)!;
  expect(await executeDirectly(plan, schema, operationOf(handedBack), undefined, request)).toBeUndefined();
  request.value = { ni: 2 };
  expect(await execute({ schema, document: parse('{ item { ni } }'), contextValue: request })).toEqual({ data: { item: { ni: 2 } } });
  expect((await execute({ schema, document: handedBack, contextValue: request })).data).toEqual({ item: null });
  expect(await execute({ schema, document: handedBack, contextValue: request })).toEqual({ data: { item: { ni: 2 } } });
  expect(request.resolutions.count).toBe(3);
});

// Random documents over the fixture schema, and random values (mostly well typed, sometimes not).
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
  it('answers exactly as graphql-js does, or hands the request back and graphql-js answers as alone, from one resolution', async () => {
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
          // `both` holds a hand-back to graphql-js's answer alone, and to its count of resolutions.
          const { reference, plan, direct } = await both(query, value, how, { fail });
          if (!plan) return;
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
