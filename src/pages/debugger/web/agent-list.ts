import { h } from '../../web/dom';
import type { ListedAgent } from './query-types';
import { routeHash } from './route';

/** The organisation's agents to choose from, the chosen one marked. */
export const agentItems = (agents: ListedAgent[], chosen: string | null): HTMLElement[] =>
  agents.length
    ? agents.map((agent) =>
        h(
          'a',
          { href: routeHash(agent.id), class: agent.id === chosen ? 'item selected' : 'item', 'data-agent-id': agent.id },
          h('span', { class: 'item-title' }, agent.name),
          h('span', { class: 'item-meta' }, agent.model),
        ),
      )
    : [h('p', { class: 'muted' }, 'This organisation has no agents.')];
