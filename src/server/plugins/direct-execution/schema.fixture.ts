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
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';

/** The request's context: what the root resolver returns this time and how, and how often it ran (kept through Apollo's copy of a context). */
export interface Root {
  value: unknown;
  how: 'value' | 'promise' | 'throw';
  resolutions: { count: number };
}

export const rootOf = (value: unknown, how: Root['how'] = 'value'): Root => ({ value, how, resolutions: { count: 0 } });

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
      root.resolutions.count++;
      if (args.fail || root.how === 'throw') throw new Error('the resolver failed');
      return root.how === 'promise' ? Promise.resolve(root.value) : root.value;
    },
  },
  nnItem: {
    type: new GraphQLNonNull(Item),
    resolve: (_: unknown, __: unknown, root: Root) => {
      root.resolutions.count++;
      return root.value;
    },
  },
  items: {
    type: new GraphQLList(Item),
    resolve: (_: unknown, __: unknown, root: Root) => {
      root.resolutions.count++;
      return [root.value, root.value];
    },
  },
  version: { type: GraphQLInt, resolve: () => 7 },
};

/** Every way a value can be completed, or not, by the direct path. */
export const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: rootFields }),
  mutation: new GraphQLObjectType({ name: 'Mutation', fields: rootFields }),
});

/** The allow-list of the specs: every query field of the schema above. */
export const ROOT_FIELDS: ReadonlySet<string> = new Set(Object.keys(rootFields));

export const operationOf = (document: DocumentNode): OperationDefinitionNode =>
  document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;

export const WELL: Record<string, unknown> = {
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
