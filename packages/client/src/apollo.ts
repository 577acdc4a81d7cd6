// `@loadout/client/apollo`: the Apollo Client 4 cache, for an app that keeps Loadout's answers in it.
export { loadoutCache, possibleTypes, typePolicies } from './apollo-cache';
