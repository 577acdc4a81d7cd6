import { h } from '../../web/dom';
import type { Conversation, Rule } from './query-types';

/** The agent's and its project's tool rules, each with the tools it matches now: a rule matching none acts on nothing yet. */
export function rulesCard(conversation: Conversation): HTMLElement | null {
  const { agent } = conversation;
  const rules: Array<{ rule: Rule; on: string }> = [
    ...agent.permissionRules.map((rule) => ({ rule, on: 'agent' })),
    ...(agent.project?.permissionRules ?? []).map((rule) => ({ rule, on: `project ${agent.project!.name}` })),
  ];
  if (rules.length === 0) return null;
  return h(
    'section',
    { class: 'card rules' },
    h('h3', {}, 'Tool rules'),
    h(
      'table',
      { class: 'rules-table' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Rule'), h('th', {}, 'On'), h('th', {}, 'Matches now'))),
      h(
        'tbody',
        {},
        ...rules.map(({ rule, on }) =>
          h(
            'tr',
            { 'data-rule': rule.id, class: rule.matchingToolCount === 0 ? 'unmatched' : '' },
            h('td', { class: 'mono' }, `${rule.effect} ${rule.subject}`),
            h('td', {}, on),
            h(
              'td',
              {},
              rule.matchingToolCount === 0 ? 'no tool yet' : `${rule.matchingToolCount} ${rule.matchingToolCount === 1 ? 'tool' : 'tools'}`,
            ),
          ),
        ),
      ),
    ),
  );
}
