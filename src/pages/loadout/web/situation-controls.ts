import { PAGE_TYPES } from '../../../loadout/vocabulary';
import { h } from '../../web/dom';
import { go, type Route } from './route';
import type { LoadoutShellQuery } from './generated/graphql';

const PAGE_TEXT: Record<string, string> = { HOME: 'Home', LIST: 'List', RECORD: 'Record' };

/** A labelled select whose change moves the address; nothing reloads. */
function choice(
  id: string,
  label: string,
  value: string,
  options: Array<[string, string]>,
  change: (value: string) => void,
): HTMLElement[] {
  const select = h('select', { id, name: id }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  select.addEventListener('change', () => change(select.value));
  return [h('label', { for: id }, label), select];
}

/** The end user whose usage is the evidence; empty: the key's own. Applied on Enter or when the field is left. */
function userField(route: Route): HTMLElement[] {
  const input = h('input', {
    id: 'scope-user',
    name: 'scope-user',
    type: 'text',
    value: route.userId ?? '',
    placeholder: 'this key',
    maxlength: 256,
    size: 14,
  });
  const apply = () => {
    if ((input.value.trim() || null) !== route.userId) go({ userId: input.value.trim() || null });
  };
  input.addEventListener('change', apply);
  return [h('label', { for: 'scope-user' }, 'End user'), input];
}

/**
 * The preview's situation (agent, channel, page type and, on a record page,
 * its context object), or the Tools view's scope (project, and optionally
 * an agent of it).
 */
export function situationControls(route: Route, shell: LoadoutShellQuery): HTMLElement[] {
  if (route.view === 'tools') {
    const inScope = shell.agents.filter((a) => (a.project?.id ?? null) === route.projectId);
    return [
      ...choice(
        'scope-project',
        'Project',
        route.projectId ?? '',
        [['', 'No project'], ...shell.projects.map((p): [string, string] => [p.id, p.name])],
        (v) => go({ projectId: v || null, agentId: null }),
      ),
      ...userField(route),
      ...choice(
        'scope-agent',
        'Agent',
        route.agentId ?? '',
        [['', 'Project defaults'], ...inScope.map((a): [string, string] => [a.id, a.name])],
        (v) => go({ agentId: v || null }),
      ),
    ];
  }
  return [
    ...choice(
      'situation-agent',
      'Agent',
      route.agentId ?? '',
      shell.agents.map((a) => [a.id, a.name]),
      (v) => {
        const agent = shell.agents.find((a) => a.id === v);
        go({ agentId: v, projectId: agent?.project?.id ?? null });
      },
    ),
    ...choice(
      'situation-channel',
      'Channel',
      route.channel ?? '',
      shell.channels.map((c) => [c.key, c.name]),
      (v) => go({ channel: v }),
    ),
    ...choice(
      'situation-page',
      'Page',
      route.pageType,
      PAGE_TYPES.map((p) => [p, PAGE_TEXT[p]]),
      (v) => go({ pageType: v as Route['pageType'] }),
    ),
    ...(route.pageType === 'RECORD'
      ? choice(
          'situation-object',
          'Record of',
          route.contextObject ?? '',
          [['', 'No context object'], ...shell.contextObjects.map((o): [string, string] => [o.key, o.name])],
          (v) => go({ contextObject: v || null }),
        )
      : []),
  ];
}
