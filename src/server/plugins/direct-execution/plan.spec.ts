import { parse, validate } from 'graphql';
import { TOOLBOX_QUERY } from '../../../../bench/e2e/request-bodies';
import { buildLoadoutSchema } from '../../../schema/build-schema';
import { DIRECT_ROOT_FIELDS } from './index';
import { planOperation } from './plan';
import { ROOT_FIELDS, operationOf, schema } from './schema.fixture';

const planOf = (query: string, rootFields = ROOT_FIELDS) => {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  return planOperation(schema, document, operationOf(document), rootFields);
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
    expect(planOf(query)).toBeNull();
  });

  it('leaves a root field that is not on the allow-list to graphql-js', () => {
    expect(planOf('{ items { i } }', new Set(['item']))).toBeNull();
    expect(planOf('{ item { i } }', new Set(['item']))).not.toBeNull();
    expect(planOf('{ items { i } }')).not.toBeNull();
  });
});

describe('on the Loadout schema', () => {
  it('plans the per-turn toolbox query, and by default no other root field', async () => {
    const loadout = await buildLoadoutSchema();
    const plan = (query: string, rootFields: ReadonlySet<string>) => {
      const document = parse(query);
      expect(validate(loadout, document)).toEqual([]);
      return planOperation(loadout, document, operationOf(document), rootFields);
    };
    const byDefault = new Set(DIRECT_ROOT_FIELDS);
    expect(plan(TOOLBOX_QUERY, byDefault)).not.toBeNull();
    expect(plan('{ channels { key name } }', new Set(['channels']))).not.toBeNull();
    expect(plan('{ channels { key name } }', byDefault)).toBeNull();
  });
});
