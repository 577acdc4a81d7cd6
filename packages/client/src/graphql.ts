// `@loadout/client/graphql`: the operations of operations.graphql, typed from Loadout's schema.
export * from '../generated/graphql';
