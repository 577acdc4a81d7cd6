import { PROTECTED_TOOLS, TOOL_SOURCE_TEXT, type Verdict } from '../../../loadout/vocabulary';
import { request } from '../../web/api';
import { h } from '../../web/dom';
import type { ShowFailure } from '../../web/failure';
import { numbers, when } from '../../web/format';
import { gateProgress, pillText } from './budget-words';
import type { EditSession } from './edit-session';
import { LoadoutBudgetDocument, type LoadoutBudgetQuery } from './generated/graphql';
import type { Route } from './route';

type Report = LoadoutBudgetQuery['toolBudget'];
type Suggestion = Report['suggestions'][number];

const VERDICT_TEXT: Record<Verdict, string> = { NEVER_USED: 'Never used', COLD: 'Cold', ALWAYS_FAILS: 'Always fails' };

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export interface BudgetContext {
  /** Where suggestions are staged; null for a key that may not write. */
  session: EditSession | null;
  /** The agent's loadoutVersion the edits are staged against. */
  agentVersion: number | null;
  showFailure: ShowFailure;
}

/** The Tools page: the budget pill by source, the servers not counted, the evidence gate and, once open, the suggestions. */
export async function showBudget(into: HTMLElement, route: Route, context: BudgetContext): Promise<Report | null> {
  let report: Report;
  try {
    ({
      data: { toolBudget: report },
    } = await request(LoadoutBudgetDocument, { projectId: route.projectId, agentId: route.agentId, userId: route.userId }));
  } catch (error) {
    context.showFailure(error, into);
    return null;
  }
  into.replaceChildren(pillCard(report), evidenceCard(report, route, context));
  return report;
}

function pillCard(report: Report): HTMLElement {
  const notes = [
    report.unprobedMcpServers.length
      ? h('li', { 'data-server-status': 'UNPROBED' }, `Not probed yet, so not counted: ${report.unprobedMcpServers.join(', ')}.`)
      : null,
    ...report.mcpServerNotes.map((n) =>
      h(
        'li',
        { 'data-server-status': n.status },
        `${n.server} is ${n.status === 'FAILING' ? 'failing' : 'stale'}${n.lastOkAt ? ` since ${when(n.lastOkAt)}` : ''}`,
        n.lastError ? `: ${n.lastError}` : '',
        '; counted from its last good inventory.',
      ),
    ),
  ];
  return h(
    'section',
    { class: 'card budget', 'aria-labelledby': 'budget-title' },
    h('h3', { id: 'budget-title' }, 'Tool budget'),
    h('p', { class: `pill level-${report.level}`, 'data-level': report.level }, h('strong', {}, report.level), ' ', pillText(report)),
    h(
      'table',
      { class: 'by-source' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Source'), h('th', { class: 'num' }, 'Tools'), h('th', { class: 'num' }, 'Schema tokens'))),
      h(
        'tbody',
        {},
        ...report.bySource.map((s) =>
          h(
            'tr',
            { 'data-source': s.source },
            h('td', {}, capitalised(TOOL_SOURCE_TEXT[s.source])),
            h('td', { class: 'num' }, numbers.format(s.count)),
            h('td', { class: 'num' }, numbers.format(s.schemaTokens)),
          ),
        ),
      ),
    ),
    notes.some(Boolean) ? h('ul', { class: 'server-notes' }, ...notes) : null,
  );
}

function evidenceCard(report: Report, route: Route, context: BudgetContext): HTMLElement {
  const { evidence } = report;
  const progress = gateProgress(evidence, new Date());
  const protectedHere = report.tools.map((t) => t.name).filter((name) => PROTECTED_TOOLS.has(name));
  return h(
    'section',
    { class: 'card suggestions', 'aria-labelledby': 'suggestions-title' },
    h('h3', { id: 'suggestions-title' }, 'Suggestions'),
    h(
      'p',
      { class: 'gate', 'data-gate-open': String(evidence.gateOpen) },
      h('strong', {}, evidence.gateOpen ? 'Evidence gate open: ' : 'Evidence gate closed: '),
      progress.text,
      ` of ${report.userId}'s usage`,
      evidence.gateOpen ? '.' : '. Suggestions appear once both are reached.',
    ),
    h(
      'div',
      { class: 'gate-bars' },
      meter('Calls', progress.calls, evidence.requiredCalls),
      meter('Days', progress.days, evidence.requiredDays),
    ),
    evidence.gateOpen
      ? report.suggestions.length
        ? suggestionTable(report.suggestions, route, context)
        : h('p', { class: 'muted' }, 'No tool of this scope is never used, cold or always failing.')
      : null,
    protectedHere.length
      ? h(
          'p',
          { class: 'note protected' },
          h('strong', {}, 'Never suggested: '),
          `${protectedHere.join(', ')}. Runtimes depend on them, whatever the evidence.`,
        )
      : null,
    h('p', { class: 'muted' }, 'Advisory only: nothing is excluded until you apply it in Edit Loadout.'),
  );
}

function meter(label: string, value: number, max: number): HTMLElement {
  return h(
    'label',
    { class: 'meter-row' },
    h('span', {}, label),
    h('meter', { min: 0, max, value, 'aria-label': `${label}: ${value} of ${max}` }),
  );
}

function suggestionTable(suggestions: readonly Suggestion[], route: Route, context: BudgetContext): HTMLElement {
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'suggestion-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Tool'),
          h('th', {}, 'Verdict'),
          h('th', {}, 'Evidence'),
          h('th', { class: 'num' }, 'Saving'),
          context.session ? h('th', {}, h('span', { class: 'visually-hidden' }, 'Stage')) : null,
        ),
      ),
      h('tbody', {}, ...suggestions.map((s) => suggestionRow(s, route, context))),
    ),
  );
}

function suggestionRow(s: Suggestion, route: Route, context: BudgetContext): HTMLElement {
  const evidence = `${numbers.format(s.calls)} calls, ${numbers.format(s.errors)} errors, ${s.lastUsedAt ? `last used ${when(s.lastUsedAt)}` : 'never used'}`;
  return h(
    'tr',
    { 'data-tool': s.toolName, 'data-verdict': s.verdict },
    h('td', { class: 'mono' }, s.toolName),
    h('td', {}, VERDICT_TEXT[s.verdict]),
    h('td', { class: 'evidence' }, evidence),
    h('td', { class: 'num' }, `${numbers.format(s.projectedSavingTokens)} tokens`),
    context.session ? h('td', { class: 'edits' }, ...stageButtons(s, route, context)) : null,
  );
}

/** One click stages the rule into Edit Loadout; a scope the rule cannot be set on says why. */
function stageButtons(s: Suggestion, route: Route, context: BudgetContext): HTMLElement[] {
  const session = context.session!;
  const version = context.agentVersion ?? 0;
  const forAgent = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: !route.agentId,
      title: route.agentId ? '' : 'Choose an agent to exclude it for that agent',
      onclick: () => session.stage({ kind: 'exclude', toolName: s.toolName, projectId: null }, version),
    },
    'Exclude for this agent',
  );
  const forProject = h(
    'button',
    {
      type: 'button',
      class: 'small',
      disabled: !route.projectId,
      title: route.projectId ? '' : 'The no-project scope has no project rules',
      onclick: () => session.stage({ kind: 'exclude', toolName: s.toolName, projectId: route.projectId }, version),
    },
    'Exclude for this project',
  );
  return [forAgent, forProject];
}
