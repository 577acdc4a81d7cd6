// The one file of the client that needs Apollo Client 4: the rest speaks plain `fetch`.
import { InMemoryCache, type PossibleTypesMap, type TypePolicies } from '@apollo/client/cache';
import { relayStylePagination } from '@apollo/client/utilities';
import generated from '../generated/possible-types';

/**
 * Each interface of the schema and the object types that implement it, as
 * `npm run codegen` writes them from the schema: without them the cache
 * cannot tell that a `ToolboxSnapshot` is a `ToolboxContent`, and a fragment
 * on the interface reads a turn's toolbox without its tools.
 */
export const possibleTypes: PossibleTypesMap = generated.possibleTypes;

/**
 * Every connection of the schema keeps its pages in one list: `fetchMore`
 * with `after` appends the next page. The key arguments are the filters, so
 * each filter has a list of its own; `after` and `first` only page.
 *
 * A toolbox's `tools` and `dropped` are its whole lists: a newer answer
 * replaces them (an edit can shorten them) rather than being merged into
 * the list an earlier answer left.
 */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      agentsPage: relayStylePagination(['projectId']),
      conversations: relayStylePagination(['agentId']),
      toolDefinitionsPage: relayStylePagination(['projectId', 'source']),
      toolboxInvalidations: relayStylePagination(['agentId', 'projectId', 'since']),
    },
  },
  Agent: { fields: { invalidations: relayStylePagination() } },
  Conversation: { fields: { turns: relayStylePagination() } },
  Toolbox: { fields: { tools: { merge: false }, dropped: { merge: false } } },
};

/**
 * A normalised cache for Loadout: `Toolbox` is kept per situation and
 * `ToolboxSnapshot` per stored snapshot (their `id`s, which every toolbox
 * selection must include; the `ToolboxParts` fragment does).
 */
export function loadoutCache(): InMemoryCache {
  return new InMemoryCache({ possibleTypes, typePolicies });
}
