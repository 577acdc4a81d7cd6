import { request, type Result } from '../../web/api';
import { h } from '../../web/dom';
import type { ShowFailure } from '../../web/failure';
import { pageLabel, when } from '../../web/format';
import { DebuggerConversationsDocument, type DebuggerConversationsQuery } from './generated/graphql';
import { routeHash, type Route } from './route';

const CONVERSATION_PAGE = 50;

/**
 * The chosen agent's conversations, read whole once per agent chosen, the
 * open one marked; choosing an agent opens its conversation with the latest
 * activity.
 */
export function conversationList(into: HTMLElement, showFailure: ShowFailure): (route: Route) => Promise<void> {
  let conversationsFor: string | null = null;
  /** The listed agent's conversation with the latest activity, which choosing the agent opens. */
  let latestConversation: string | null = null;

  return async (route) => {
    if (!route.agentId) {
      conversationsFor = null;
      latestConversation = null;
      into.replaceChildren(h('p', { class: 'muted' }, 'Choose an agent.'));
      return;
    }
    const agentId = route.agentId;
    if (conversationsFor !== agentId) {
      conversationsFor = agentId;
      latestConversation = null;
      into.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
      try {
        const items = await loadConversations(agentId);
        if (conversationsFor !== agentId) return;
        latestConversation =
          items.reduce<(typeof items)[number] | null>(
            (latest, c) => (!latest || c.lastActivityAt > latest.lastActivityAt ? c : latest),
            null,
          )?.id ?? null;
        into.replaceChildren(
          ...(items.length
            ? items.map((c) =>
                h(
                  'a',
                  { href: routeHash(agentId, c.id), class: 'item', 'data-conversation-id': c.id },
                  h('span', { class: 'item-title' }, `${c.channel.name} · ${pageLabel(c.page)}`),
                  h('span', { class: 'item-meta' }, `${when(c.startedAt)} · ${c.userId}`),
                  h(
                    'span',
                    { class: 'item-meta activity', 'data-turn-count': c.turnCount },
                    `${c.turnCount} ${c.turnCount === 1 ? 'turn' : 'turns'} · last activity ${when(c.lastActivityAt)}`,
                  ),
                ),
              )
            : [h('p', { class: 'muted' }, 'No conversations yet.')]),
        );
      } catch (error) {
        conversationsFor = null;
        return showFailure(error, into);
      }
    }
    if (!route.conversationId && latestConversation) {
      // Replaced, not pushed: going back leaves the debugger rather than landing on the agent with nothing open.
      location.replace(routeHash(agentId, latestConversation));
      return;
    }
    into.querySelectorAll<HTMLElement>('[data-conversation-id]').forEach((item) => {
      item.classList.toggle('selected', item.dataset.conversationId === route.conversationId);
    });
  };
}

async function loadConversations(agentId: string) {
  const items = [];
  let after: string | null = null;
  do {
    const result: Result<DebuggerConversationsQuery> = await request(DebuggerConversationsDocument, {
      agentId,
      first: CONVERSATION_PAGE,
      after,
    });
    const page = result.data.conversations;
    items.push(...page.edges.map((edge) => edge.node));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return items;
}
