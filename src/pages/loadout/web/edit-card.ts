import { TOOLS_MODES, TOOLS_MODE_TEXT, type ToolsMode } from '../../../loadout/vocabulary';
import { RequestFailed, request } from '../../web/api';
import { h } from '../../web/dom';
import { numbers, pageLabel } from '../../web/format';
import { effectPhrase } from '../../web/wording';
import type { EditSession } from './edit-session';
import { LoadoutApplyDocument, type ChangeImpactFragment } from './generated/graphql';
import { changesOf, describeEdit } from './staging';

/** The agent's settings Edit Loadout can stage, as the preview last read them. */
export interface AgentSettings {
  id: string;
  name: string;
  maxTools: number;
  toolsMode: ToolsMode;
  loadoutVersion: number;
}

export interface EditCardHooks {
  /** Reads the loadout again (after an apply, or to see an edit made elsewhere); `rebase`: stage against it from now on. */
  refresh: (rebase?: boolean) => void;
}

const DRY_RUN_DELAY_MS = 200;

/**
 * Edit Loadout: the staged edits, their dry-run impact on every situation
 * of every agent they reach, and one button that applies them all as one
 * change set, expecting the loadout version they were staged against.
 */
export function editCard(
  session: EditSession,
  agent: AgentSettings | null,
  hooks: EditCardHooks,
): { card: HTMLElement; dispose: () => void } {
  const list = h('ol', { class: 'staged' });
  const impact = h('div', { class: 'impact', 'aria-live': 'polite' });
  const status = h('div', { class: 'apply-status', 'aria-live': 'polite' });
  const apply = h('button', { type: 'button', class: 'primary' }, 'Apply');
  const card = h(
    'section',
    { class: 'card edit-loadout', 'aria-labelledby': 'edit-title' },
    h('h3', { id: 'edit-title' }, 'Edit Loadout'),
    agent ? settingsForm(session, agent) : null,
    h('h4', {}, 'Staged changes'),
    list,
    impact,
    apply,
    status,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;
  const expect = () => (agent && session.baseVersion !== null ? { agentId: agent.id, loadoutVersion: session.baseVersion } : null);
  const draw = () => {
    const edits = session.edits;
    list.replaceChildren(
      ...(edits.length === 0
        ? [
            h(
              'li',
              { class: 'muted none' },
              'Nothing staged. Stage edits from the toolbox, the left-out tools, the settings above or the suggestions.',
            ),
          ]
        : edits.map((edit, i) =>
            h(
              'li',
              { 'data-kind': edit.kind },
              describeEdit(edit),
              ' ',
              h(
                'button',
                { type: 'button', class: 'link', 'aria-label': `Unstage: ${describeEdit(edit)}`, onclick: () => session.unstage(i) },
                'Unstage',
              ),
            ),
          )),
    );
    apply.textContent = edits.length ? `Apply ${edits.length} change${edits.length === 1 ? '' : 's'} as one change set` : 'Apply';
    apply.disabled = edits.length === 0;
    clearTimeout(timer);
    impact.replaceChildren();
    if (edits.length === 0) return;
    impact.replaceChildren(h('p', { class: 'muted' }, 'Working out the impact…'));
    const mine = ++run;
    timer = setTimeout(async () => {
      try {
        const { data } = await request(LoadoutApplyDocument, {
          changes: changesOf(session.agentId, edits),
          dryRun: true,
          expect: expect(),
        });
        if (mine === run) impact.replaceChildren(...impactOf(data.applyChangeSet));
      } catch (error) {
        if (mine === run) impact.replaceChildren(problem(error, hooks));
      }
    }, DRY_RUN_DELAY_MS);
  };
  apply.addEventListener('click', async () => {
    apply.disabled = true;
    const count = session.edits.length;
    try {
      const { data } = await request(LoadoutApplyDocument, {
        changes: changesOf(session.agentId, session.edits),
        dryRun: false,
        expect: expect(),
      });
      const events = data.applyChangeSet.invalidations.length;
      session.clear();
      session.applied = `Applied ${count} change${count === 1 ? '' : 's'} as one change set; ${events} agent${events === 1 ? '' : 's'} invalidated.`;
      showApplied();
      hooks.refresh();
    } catch (error) {
      apply.disabled = false;
      status.replaceChildren(problem(error, hooks));
    }
  });
  const showApplied = () =>
    status.replaceChildren(...(session.applied ? [h('p', { class: 'applied', role: 'status' }, session.applied)] : []));
  const dispose = session.onChange(() => {
    showApplied();
    draw();
  });
  draw();
  showApplied();
  return {
    card,
    dispose: () => {
      dispose();
      clearTimeout(timer);
    },
  };
}

function settingsForm(session: EditSession, agent: AgentSettings): HTMLElement {
  const maxTools = h('input', { id: 'max-tools', type: 'number', min: 1, max: 100, value: agent.maxTools, inputmode: 'numeric' });
  const mode = h(
    'select',
    { id: 'tools-mode' },
    ...TOOLS_MODES.map((m) => h('option', { value: m, selected: m === agent.toolsMode }, TOOLS_MODE_TEXT[m])),
  );
  const form = h(
    'form',
    { class: 'settings' },
    h('label', { for: 'max-tools' }, 'Max Tools'),
    maxTools,
    h('label', { for: 'tools-mode' }, 'Tools Mode'),
    mode,
    h('button', { type: 'submit' }, 'Stage settings'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const to = Number(maxTools.value);
    if (Number.isInteger(to) && to >= 1) session.stage({ kind: 'maxTools', from: agent.maxTools, to }, agent.loadoutVersion);
    session.stage({ kind: 'toolsMode', from: agent.toolsMode, to: mode.value as ToolsMode }, agent.loadoutVersion);
  });
  return form;
}

/** What applying would do: live conversations that miss the cache, tokens written again, and each changed situation. */
function impactOf(result: ChangeImpactFragment): HTMLElement[] {
  if (result.invalidations.length === 0)
    return [
      h('p', { class: 'impact-none' }, 'No toolbox changes: no conversation misses the cache. Applying moves loadout versions only.'),
    ];
  return [
    h(
      'p',
      { class: 'impact-cost' },
      h('strong', { 'data-fact': 'live-conversations' }, numbers.format(result.liveConversations)),
      ` live conversation${result.liveConversations === 1 ? '' : 's'} will miss the provider's cache on their next turn; `,
      h('strong', {}, numbers.format(result.rewrittenToolTokens)),
      ' schema tokens written to the caches again.',
    ),
    ...result.invalidations.map((event) =>
      h(
        'section',
        { class: 'impact-agent', 'data-agent': event.agent.id },
        h('h4', {}, `${event.agent.name}: ${event.affected.length} situation${event.affected.length === 1 ? '' : 's'} change`),
        h(
          'ul',
          {},
          ...event.affected.map((a) =>
            h(
              'li',
              { 'data-situation': `${a.channel.key}:${pageLabel(a.page)}` },
              h('strong', {}, `${a.channel.name}, ${pageLabel(a.page)}: `),
              effectPhrase(a.diff) ?? 'same tools',
              h('span', { class: 'mono muted fingerprints' }, ` ${a.previousFingerprint.slice(0, 8)} → ${a.newFingerprint.slice(0, 8)}`),
            ),
          ),
        ),
      ),
    ),
  ];
}

/** A refused dry run or apply, in words; a conflict offers to read the loadout again, keeping the staged edits. */
function problem(error: unknown, hooks: EditCardHooks): HTMLElement {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RequestFailed && error.code === 'CONFLICT')
    return h(
      'div',
      { class: 'conflict', role: 'alert' },
      h('p', {}, h('strong', {}, 'Changed elsewhere. '), message, ' Your staged edits are kept and nothing was applied.'),
      h('button', { type: 'button', onclick: () => hooks.refresh(true) }, 'Read the loadout again'),
    );
  return h('p', { class: 'error', role: 'alert' }, message);
}
