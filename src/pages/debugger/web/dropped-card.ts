import { h } from '../../web/dom';
import { pageLabel } from '../../web/format';
import type { Conversation, Turn } from './query-types';
import { dropFacts, type WinnerScopes } from './winner-scopes';
import { dropSentence } from '../../web/wording';

/** What the latest turn left out and why, as recorded with that turn. */
export function droppedCard(conversation: Conversation, latest: Turn | undefined, scopes: WinnerScopes): HTMLElement {
  const dropped = latest?.toolbox.dropped ?? [];
  return h(
    'section',
    { class: 'card dropped' },
    h('h3', {}, 'Dropped tools'),
    latest
      ? h(
          'p',
          { class: 'note' },
          h('strong', {}, `As recorded with turn ${latest.index}`),
          ` on ${conversation.channel.name}, ${pageLabel(conversation.page)} page; each turn below lists its own.`,
        )
      : h('p', { class: 'muted' }, 'No turn yet.'),
    dropped.length
      ? h(
          'table',
          { class: 'dropped-table' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Tool'), h('th', {}, 'Why it is left out'))),
          h(
            'tbody',
            {},
            ...dropped.map((d) =>
              h(
                'tr',
                { 'data-reason': d.reason },
                h('td', { class: 'mono' }, d.name),
                h(
                  'td',
                  {},
                  h('span', { class: 'reason' }, d.reason),
                  ' ',
                  h('span', { class: 'drop-why' }, dropSentence(dropFacts(d, scopes))),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'Nothing was left out.'),
  );
}
