import { request } from '../../web/api';
import { h } from '../../web/dom';
import { numbers, when } from '../../web/format';
import { LoadoutPreviewDocument } from './generated/graphql';
import { leftOutCard } from './left-out-card';
import { pageInput, serverOf, type PreviewContext, type PreviewData, type PreviewServer } from './preview-data';
import { renderedCard } from './rendered-card';
import type { Route } from './route';
import { toolsCard } from './tools-card';

/**
 * The Agent Runtime Preview of one situation: the toolbox the model would be
 * sent, what was left out and why, the servers behind it, and the rendered
 * request on demand. Answers the data shown, for the caller to compare.
 */
export async function showPreview(into: HTMLElement, route: Route, context: PreviewContext): Promise<PreviewData | null> {
  if (!route.agentId || !route.channel) {
    into.replaceChildren(h('p', { class: 'placeholder' }, 'Choose an agent and a channel.'));
    return null;
  }
  let data: PreviewData;
  try {
    ({ data } = await request(LoadoutPreviewDocument, { agentId: route.agentId, channel: route.channel, page: pageInput(route) }));
  } catch (error) {
    context.showFailure(error, into);
    return null;
  }
  if (!data.agent) {
    into.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'No such agent in this organisation.'));
    return null;
  }
  into.replaceChildren(
    summaryCard(data),
    ...serverNotes(data),
    toolsCard(data, context),
    leftOutCard(data, context),
    renderedCard(route, data.agent.model),
  );
  return data;
}

function summaryCard(data: PreviewData): HTMLElement {
  const { toolbox, agent } = data;
  return h(
    'section',
    { class: 'card preview-summary', 'aria-labelledby': 'preview-title' },
    h('h3', { id: 'preview-title' }, `What ${agent!.name}'s model would be sent`),
    h(
      'dl',
      { class: 'facts' },
      fact('Tools', numbers.format(toolbox.toolCount), 'tool-count'),
      fact(`Schema tokens (${agent!.model})`, numbers.format(toolbox.schemaTokens), 'schema-tokens'),
      fact('Max Tools', String(agent!.maxTools), 'max-tools'),
      fact('Loadout version', String(toolbox.loadoutVersion), 'loadout-version'),
      h(
        'div',
        {},
        h('dt', {}, 'Fingerprint'),
        h('dd', { class: 'mono', title: toolbox.fingerprint, 'data-fact': 'fingerprint' }, toolbox.fingerprint.slice(0, 16)),
      ),
    ),
    lastTurnLine(data),
  );
}

/** Whether the toolbox is the one the situation's last recorded turn carried: if not, that conversation's next turn misses the cache. */
function lastTurnLine(data: PreviewData): HTMLElement {
  const last = data.toolbox.lastTurn;
  if (!last) return h('p', { class: 'last-turn muted', 'data-same': 'none' }, 'No turn recorded in this situation yet.');
  const same = last.toolbox.fingerprint === data.toolbox.fingerprint;
  const link = h(
    'a',
    { href: `/debugger#agent=${encodeURIComponent(data.agent!.id)}&conversation=${encodeURIComponent(last.conversation.id)}` },
    `turn ${last.index}`,
  );
  return h(
    'p',
    { class: `last-turn ${same ? 'same' : 'differs'}`, 'data-same': String(same) },
    same ? 'Same toolbox as the last recorded turn in this situation (' : 'Differs from the last recorded turn in this situation (',
    link,
    `, ${when(last.startedAt)})`,
    same ? '.' : ': that conversation’s next turn misses the provider’s cache.',
  );
}

const fact = (label: string, value: string, name: string) => h('div', {}, h('dt', {}, label), h('dd', { 'data-fact': name }, value));

/** Servers behind this toolbox that are failing or stale, named with since when: their last good inventory is what counts. */
function serverNotes(data: PreviewData): HTMLElement[] {
  const servers = new Map<string, PreviewServer>();
  for (const { tool } of [...data.toolbox.tools, ...data.toolbox.dropped]) {
    const server = serverOf(data, tool);
    if (server) servers.set(server.id, server);
  }
  return [...servers.values()]
    .filter((s) => s.probe.status === 'FAILING' || s.probe.status === 'STALE')
    .map((s) =>
      h(
        'p',
        { class: 'note server-note', role: 'status', 'data-server': s.name },
        h('strong', {}, `Server ${s.name} is ${s.probe.status === 'FAILING' ? 'failing' : 'stale'}`),
        s.probe.lastOkAt ? ` since ${when(s.probe.lastOkAt)}` : '',
        s.probe.lastError ? `: ${s.probe.lastError}` : '',
        '. Its last good inventory is what this toolbox carries.',
      ),
    );
}
