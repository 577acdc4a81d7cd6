import {
  graphqlSync,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  validate,
} from 'graphql';
import { DateTimeScalar } from './scalars';
import { variableField } from './variable-field';

const Call = new GraphQLInputObjectType({ name: 'Call', fields: { at: { type: DateTimeScalar }, tag: { type: GraphQLString } } });
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      record: {
        type: GraphQLInt,
        args: { calls: { type: new GraphQLList(new GraphQLNonNull(Call)) }, at: { type: DateTimeScalar } },
        resolve: () => 1,
      },
    },
  }),
});

const FAR = '0001-01-01T00:00:00Z';
const fieldOf = (source: string, variableValues: Record<string, unknown>) => {
  const errors = graphqlSync({ schema, source, variableValues }).errors ?? [];
  expect(errors).toHaveLength(1);
  return variableField(errors[0]);
};

describe('variableField', () => {
  it.each([
    ['a variable given whole to its argument', `query($calls: [Call!]) { record(calls: $calls) }`, { calls: [{ at: FAR }] }, 'calls[0].at'],
    ['a variable of another name than its argument', `query($c: [Call!]) { record(calls: $c) }`, { c: [{}, { at: FAR }] }, 'calls[1].at'],
    ['a variable inside a literal', `query($a: DateTime) { record(calls: [{ tag: "x" }, { at: $a }]) }`, { a: FAR }, 'calls[1].at'],
    ['a variable given to two places', `query($a: DateTime) { x: record(at: $a) y: record(calls: [{ at: $a }]) }`, { a: FAR }, 'a'],
    ['a required variable missing', `query($c: [Call!]!) { record(calls: $c) }`, {}, 'calls'],
  ])('names %s', (_label, source, variables, field) => {
    expect(fieldOf(source, variables)).toBe(field);
  });

  it('is not misled by a value that echoes a path', () => {
    const posing = { [`k at "c[5].tag"`]: 1 };
    expect(fieldOf(`query($c: [Call!]) { record(calls: $c) }`, { c: [{ at: posing }] })).toBe('calls[0].at');
  });

  it("leaves a variable's validation errors alone", () => {
    const [unused] = validate(schema, parse(`query($a: Int) { record }`));
    expect(variableField(unused)).toBeUndefined();
  });
});
