import { request, RequestFailed, type GraphQLErrorLike, type Result } from '../../web/api';
import { DebuggerConversationDocument, type DebuggerConversationQuery } from './generated/graphql';
import type { Conversation, Turn } from './query-types';

/** A conversation with every turn, page by page, and the message of each turn's invalidation that could not be read, by turn id. */
export async function loadConversation(id: string) {
  const turns: Turn[] = [];
  const invalidationErrors = new Map<string, string>();
  let conversation: Conversation | null = null;
  let after: string | null = null;
  do {
    const result: Result<DebuggerConversationQuery> = await request(DebuggerConversationDocument, { id, after });
    const { data, partialErrors } = result;
    if (!data.conversation) break;
    conversation = data.conversation;
    const page = data.conversation.turns;
    // A turn whose invalidation could not be read keeps the rest of its data; the card says why the link is missing.
    for (const error of partialErrors) {
      const edge = invalidationEdge(error);
      if (edge === null) throw new RequestFailed(error.message, error.extensions?.code);
      invalidationErrors.set(page.edges[edge].node.id, error.message);
    }
    turns.push(...page.edges.map((e) => e.node));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return { conversation, turns, invalidationErrors };
}

/** The turn edge an error is about when it is that turn's invalidation, else null. */
function invalidationEdge(error: GraphQLErrorLike): number | null {
  const path = error.path ?? [];
  const [root, turnsField, edges, index, node, field] = path;
  const matches = root === 'conversation' && turnsField === 'turns' && edges === 'edges' && node === 'node' && field === 'invalidation';
  return matches && path.length === 6 && typeof index === 'number' ? index : null;
}
