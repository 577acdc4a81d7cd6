import { chartCard } from './chart-card';
import { loadConversation } from './conversation-load';
import { h } from '../../web/dom';
import { droppedCard } from './dropped-card';
import type { ShowFailure } from '../../web/failure';
import { pageLabel, when } from '../../web/format';
import type { FundingModel } from './generated/graphql';
import type { Conversation } from './query-types';
import type { Route } from './route';
import { rulesCard } from './rules-card';
import { turnCard } from './turn-card';
import { loadWinnerScopes } from './winner-scopes';

/** The open conversation: its facts, the overview cards and a card per turn, read again only when another one is opened. */
export function conversationView(into: HTMLElement, fundingModel: FundingModel, showFailure: ShowFailure): (route: Route) => Promise<void> {
  let detailFor: string | null = null;

  return async (route) => {
    if (!route.conversationId) {
      detailFor = null;
      into.replaceChildren(
        h('p', { class: 'placeholder' }, route.agentId ? 'Choose a conversation.' : 'Choose an agent, then one of its conversations.'),
      );
      return;
    }
    if (detailFor === route.conversationId) return;
    detailFor = route.conversationId;
    into.replaceChildren(h('p', { class: 'muted' }, 'Loading the conversation…'));
    try {
      const { conversation, turns, invalidationErrors } = await loadConversation(route.conversationId);
      const scopes = await loadWinnerScopes(turns);
      if (detailFor !== route.conversationId) return;
      if (!conversation) {
        into.replaceChildren(h('p', { class: 'placeholder' }, 'No such conversation in this organisation.'));
        return;
      }
      // The turn that first showed each run of identical toolboxes, which later turns of the run point back to.
      const shownIn: number[] = [];
      turns.forEach((turn, i) => {
        const previous = turns[i - 1];
        shownIn.push(previous && previous.toolbox.fingerprint === turn.toolbox.fingerprint ? shownIn[i - 1] : turn.index);
      });
      into.replaceChildren(
        conversationHeader(conversation, turns.length, turns.filter((t) => t.abandonedReason !== null).length),
        h(
          'div',
          { class: 'overview' },
          chartCard(turns, fundingModel),
          droppedCard(conversation, turns.at(-1), scopes),
          rulesCard(conversation),
        ),
        h(
          'section',
          { class: 'turns' },
          ...turns.map((turn, i) =>
            turnCard(turn, turns[i - 1], shownIn[i], invalidationErrors.get(turn.id), scopes, conversation.agent.model),
          ),
        ),
      );
      // Picked from the list below it on a narrow screen: bring the conversation into view.
      const top = into.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight / 2) into.scrollIntoView({ block: 'start' });
    } catch (error) {
      detailFor = null;
      showFailure(error, into);
    }
  };
}

function conversationHeader(conversation: Conversation, turnCount: number, abandoned: number): HTMLElement {
  const fact = (label: string, value: string) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  // On a narrow screen the conversation comes first and the lists below it: one tap back to them.
  const back = h('button', { type: 'button', class: 'link back' }, '↓ Agents and conversations');
  back.addEventListener('click', () => document.querySelector('.sidebar')?.scrollIntoView({ block: 'start' }));
  return h(
    'section',
    { class: 'conversation-head' },
    back,
    h('h2', {}, `${conversation.agent.name} on ${conversation.channel.name}`),
    h(
      'dl',
      { class: 'facts' },
      fact('Model', conversation.agent.model),
      fact('Channel', conversation.channel.key),
      fact('Page', pageLabel(conversation.page)),
      fact('End user', conversation.userId),
      fact('Started', when(conversation.startedAt)),
      fact('Turns', abandoned > 0 ? `${turnCount} (${abandoned} abandoned)` : String(turnCount)),
    ),
  );
}
