import { DROP_REASON_LIMIT, DROP_REASON_TEXT, type DropReason } from '../../../loadout/vocabulary';
import { h } from '../../web/dom';
import { dropSentence, scopeOf } from '../../web/wording';
import { serverOf, type PreviewContext, type PreviewData } from './preview-data';

type Dropped = PreviewData['toolbox']['dropped'][number];

/** Each reason's heading; a cut names the agent's limit that made it. */
function heading(reason: DropReason, agent: NonNullable<PreviewData['agent']>): string {
  const limit = DROP_REASON_LIMIT[reason];
  const value = limit ? agent[limit.setting] : null;
  return value === null || value === undefined ? DROP_REASON_TEXT[reason] : `${DROP_REASON_TEXT[reason]} (${limit!.label} ${value})`;
}

/** The left-out tools grouped by reason, in the order the filters run, each naming what did it. */
export function leftOutCard(data: PreviewData, context: PreviewContext): HTMLElement {
  const groups = new Map<DropReason, Dropped[]>();
  for (const d of data.toolbox.dropped) groups.set(d.reason, [...(groups.get(d.reason) ?? []), d]);
  return h(
    'section',
    { class: 'card left-out-card', 'aria-labelledby': 'left-out-title' },
    h('h3', { id: 'left-out-title' }, `Left out (${data.toolbox.dropped.length})`),
    groups.size === 0
      ? h('p', { class: 'muted' }, 'Nothing was left out.')
      : h(
          'div',
          { class: 'groups' },
          ...[...groups].map(([reason, drops]) =>
            h(
              'section',
              { class: 'drop-group', 'data-reason': reason },
              h('h4', {}, heading(reason, data.agent!), h('span', { class: 'muted' }, ` · ${drops.length}`)),
              h('ul', { class: 'drops' }, ...drops.map((d) => item(data, d, context))),
            ),
          ),
        ),
  );
}

function item(data: PreviewData, d: Dropped, context: PreviewContext): HTMLElement {
  const sentence = dropSentence({
    name: d.name,
    reason: d.reason,
    rule: d.rule ? { subject: d.rule.subject, level: d.rule.agent ? 'AGENT' : 'PROJECT' } : null,
    schemaRefusal: d.schemaRefusal,
    shadowedBy: d.shadowedBy ? { name: d.shadowedBy.name, scope: scopeOf(d.shadowedBy) } : null,
  });
  return h(
    'li',
    { 'data-tool': d.name, 'data-reason': d.reason },
    h('span', { class: 'mono' }, d.name),
    ' ',
    h('span', { class: 'drop-why' }, sentence),
    context.session ? undo(data, d, context) : null,
  );
}

/** The staged edit that would bring a tool back, where one edit can: the agent's own rule removed, a server's tool switched on. */
function undo(data: PreviewData, d: Dropped, context: PreviewContext): HTMLElement | null {
  const session = context.session!;
  const version = data.agent!.loadoutVersion;
  const server = serverOf(data, d.tool);
  if (d.reason === 'EXCLUDED' && d.rule?.agent)
    return h(
      'button',
      {
        type: 'button',
        class: 'small',
        onclick: () => session.stage({ kind: 'include', toolName: d.tool.name, ruleId: d.rule!.id }, version),
      },
      'Include again',
    );
  if (d.reason === 'MCP_FILTERED' && server && d.tool.mcpToolName)
    return h(
      'button',
      {
        type: 'button',
        class: 'small',
        'aria-label': `Switch on ${server.name}'s tool ${d.tool.mcpToolName}`,
        onclick: () => session.stage({ kind: 'mcpTool', server, mcpToolName: d.tool.mcpToolName!, on: true }, version),
      },
      'Switch on',
    );
  return null;
}
