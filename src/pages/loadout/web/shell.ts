import { request } from '../../web/api';
import { h } from '../../web/dom';
import { failureShower } from '../../web/failure';
import { when } from '../../web/format';
import { actorText, CAUSES, effectPhrase } from '../../web/wording';
import { showBudget } from './budget-view';
import { editCard } from './edit-card';
import { EditSession } from './edit-session';
import { LoadoutShellDocument, type LoadoutShellQuery } from './generated/graphql';
import { LiveEvents, type Invalidation } from './live';
import { showPreview } from './preview';
import { readRoute, routeHash, type Route } from './route';
import { situationControls } from './situation-controls';

export type ShellData = LoadoutShellQuery;

const WRITERS = new Set(['ADMIN', 'EDITOR']);

/**
 * The page once a key is stored: the Agent Runtime Preview or the Tools
 * view, chosen in the address, beside Edit Loadout; redrawn in place when the
 * address changes, and when an invalidation event says the loadout moved.
 */
export async function showShell(app: HTMLElement, signOut: (problem?: string) => void): Promise<void> {
  const showFailure = failureShower(signOut);
  const view = h('main', { class: 'view', id: 'view' }, h('p', { class: 'muted' }, 'Loading…'));
  const controls = h('form', { class: 'situation', 'aria-label': 'Situation' });
  // Each field moves the address itself; Enter must not submit the form and reload the page.
  controls.addEventListener('submit', (event) => event.preventDefault());
  const aside = h('aside', { class: 'side', 'aria-label': 'Edit Loadout' });
  const heard = h('div', { class: 'heard', 'aria-live': 'polite' });
  const nav = h('nav', { class: 'tabs', 'aria-label': 'Views' });
  const orgLabel = h('span', { class: 'org muted' });
  const forget = h('button', { type: 'button', class: 'link' }, 'Forget key');
  forget.addEventListener('click', () => signOut());
  app.replaceChildren(
    h(
      'header',
      { class: 'top' },
      h('h1', {}, 'Loadout'),
      orgLabel,
      nav,
      h('a', { href: '/debugger', class: 'debugger-link' }, 'Conversation debugger'),
      forget,
    ),
    controls,
    heard,
    h('div', { class: 'page-layout' }, view, aside),
  );

  let shell: ShellData;
  try {
    ({ data: shell } = await request(LoadoutShellDocument, {}));
  } catch (error) {
    return showFailure(error, view);
  }
  const canWrite = WRITERS.has(shell.me.role);
  orgLabel.replaceChildren(
    h('strong', {}, shell.me.organization.name),
    ' · ',
    h('span', { class: 'role', 'data-role': shell.me.role }, canWrite ? `${shell.me.role} key` : `${shell.me.role} key: read-only`),
  );
  const sessions = new Map<string, EditSession>();
  const sessionFor = (agentId: string | null) => {
    const key = agentId ?? '';
    if (!sessions.has(key)) sessions.set(key, new EditSession(agentId));
    return sessions.get(key)!;
  };
  const live = new LiveEvents();
  let drawn = 0;
  // The card drawn last stops following its session when another replaces it.
  let disposeCard = () => {};
  const showSide = (made: { card: HTMLElement; dispose: () => void }) => {
    disposeCard();
    disposeCard = made.dispose;
    aside.replaceChildren(made.card);
  };

  const render = async (rebase = false) => {
    const route = defaults(readRoute(), shell);
    const mine = ++drawn;
    nav.replaceChildren(tab(route, 'preview', 'Agent Runtime Preview'), tab(route, 'tools', 'Tools'));
    controls.replaceChildren(...situationControls(route, shell));
    const session = canWrite ? sessionFor(route.agentId) : null;
    const refresh = (again?: boolean) => void render(again);
    if (route.view === 'preview') {
      const data = await showPreview(view, route, { session, showFailure });
      if (mine !== drawn) return;
      if (data?.agent && session && rebase) session.rebase(data.agent.loadoutVersion);
      showSide(session && data?.agent ? editCard(session, data.agent, { refresh }) : readOnlyNote(canWrite));
    } else {
      const agent = shell.agents.find((a) => a.id === route.agentId) ?? null;
      await showBudget(view, route, { session, agentVersion: agent?.loadoutVersion ?? null, showFailure });
      if (mine !== drawn) return;
      showSide(session ? editCard(session, null, { refresh }) : readOnlyNote(canWrite));
    }
    live.follow(
      route.agentId,
      (event) => announce(heard, event, () => void render()),
      (message) => heard.replaceChildren(h('p', { class: 'note' }, `Live updates stopped: ${message}`)),
    );
  };
  window.onhashchange = () => void render();
  await render();
}

/** The address's route with what it leaves out filled in: the first agent and channel, the agent's project. */
function defaults(route: Route, shell: ShellData): Route {
  const agent = shell.agents.find((a) => a.id === route.agentId) ?? (route.view === 'preview' ? shell.agents[0] : undefined);
  return {
    ...route,
    agentId: agent?.id ?? null,
    channel: route.channel && shell.channels.some((c) => c.key === route.channel) ? route.channel : (shell.channels[0]?.key ?? null),
    projectId: route.projectId ?? agent?.project?.id ?? null,
  };
}

function tab(route: Route, view: Route['view'], label: string): HTMLElement {
  return h('a', { href: routeHash({ ...route, view }), class: 'tab', 'aria-current': route.view === view ? 'page' : null }, label);
}

function readOnlyNote(canWrite: boolean): { card: HTMLElement; dispose: () => void } {
  const card = h(
    'section',
    { class: 'card read-only' },
    h('h3', {}, 'Edit Loadout'),
    h(
      'p',
      { class: 'muted' },
      canWrite ? 'Choose an agent to edit its loadout.' : 'Read-only: this key may look, not change. Edits need an EDITOR or ADMIN key.',
    ),
  );
  // Nothing to stop following: the note shows no session.
  return { card, dispose: () => {} };
}

/** A change made elsewhere, said in one line with who made it; the view is read again. */
function announce(into: HTMLElement, event: Invalidation, refresh: () => void): void {
  const effects = event.affected.map((a) => effectPhrase(a.diff)).filter((e): e is string => e !== null);
  into.replaceChildren(
    h(
      'p',
      { class: 'note live-event', 'data-invalidation-id': event.id, role: 'status' },
      h('strong', {}, `${CAUSES[event.cause]} ${actorText(event.actor)} at ${when(event.at)}`),
      effects.length ? `: ${[...new Set(effects)].join('; ')}` : '',
      `. Loadout version ${event.loadoutVersion}; the view shows it now.`,
    ),
  );
  refresh();
}
