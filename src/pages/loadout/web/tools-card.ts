import { TOOL_SOURCE_TEXT } from '../../../loadout/vocabulary';
import { h } from '../../web/dom';
import { numbers } from '../../web/format';
import { sharePercent } from './budget-words';
import { serverOf, type CarriedEntry, type PreviewContext, type PreviewData } from './preview-data';
import { moveEdits, stagedSortOrder } from './staging';

/** The carried tools in toolbox order, each with its source, tokens and share, and the edits a writer can stage on it. */
export function toolsCard(data: PreviewData, context: PreviewContext): HTMLElement {
  const { tools, schemaTokens } = data.toolbox;
  const editable = context.session !== null;
  return h(
    'section',
    { class: 'card toolbox', 'aria-labelledby': 'toolbox-title' },
    h('h3', { id: 'toolbox-title' }, 'Toolbox, in the order sent'),
    tools.length === 0
      ? h('p', { class: 'muted' }, 'No tool: the model is sent none in this situation.')
      : h(
          'div',
          { class: 'table-scroll' },
          h(
            'table',
            { class: 'carried' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                h('th', { class: 'num' }, '#'),
                h('th', {}, 'Tool'),
                h('th', { class: 'num' }, 'Tokens'),
                h('th', {}, 'Share'),
                editable ? h('th', {}, h('span', { class: 'visually-hidden' }, 'Edits')) : null,
              ),
            ),
            h('tbody', {}, ...tools.map((entry, i) => row(data, entry, i, schemaTokens, context))),
          ),
        ),
  );
}

function row(data: PreviewData, entry: CarriedEntry, i: number, total: number, context: PreviewContext): HTMLElement {
  const share = sharePercent(entry.schemaTokens, total);
  const tool = entry.tool;
  return h(
    'tr',
    { 'data-tool': entry.name },
    h('td', { class: 'num' }, String(entry.position)),
    h(
      'td',
      {},
      h('span', { class: 'mono' }, entry.name),
      h('span', { class: 'tag', 'data-source': tool.source }, TOOL_SOURCE_TEXT[tool.source]),
      h('span', { class: 'muted sort-order' }, ` sort ${tool.sortOrder}`),
    ),
    h('td', { class: 'num', 'data-column': 'tokens' }, numbers.format(entry.schemaTokens)),
    h(
      'td',
      { class: 'share' },
      h('span', { class: 'bar', role: 'img', 'aria-label': `${share}% of the schema tokens` }, filled(share)),
      h('span', { class: 'share-text' }, `${share}%`),
    ),
    context.session ? h('td', { class: 'edits' }, ...rowEdits(data, entry, i, context)) : null,
  );
}

/** The bar's filled part, sized through the style object: the page's policy refuses style attributes. */
function filled(percent: number): HTMLElement {
  const part = h('span', {});
  part.style.width = `${percent}%`;
  return part;
}

/** Move up and down (Sort Order), exclude for the agent, and switch an MCP tool off: each staged, none applied. */
function rowEdits(data: PreviewData, entry: CarriedEntry, i: number, context: PreviewContext): HTMLElement[] {
  const session = context.session!;
  const version = data.agent!.loadoutVersion;
  const tools = data.toolbox.tools;
  const placed = (e: CarriedEntry) => ({ id: e.tool.id, name: e.name, sortOrder: e.tool.sortOrder });
  const move = (direction: -1 | 1) => {
    const neighbour = tools[i + direction];
    session.replace(moveEdits(session.edits, placed(entry), placed(neighbour), direction), version);
  };
  const button = (label: string, text: string, onClick: () => void, disabled = false) =>
    h('button', { type: 'button', class: 'small', 'aria-label': label, disabled, onclick: onClick }, text);
  const server = serverOf(data, entry.tool);
  const staged = stagedSortOrder(session.edits, entry.tool.id, entry.tool.sortOrder) !== entry.tool.sortOrder;
  return [
    button(`Move ${entry.name} up`, '↑', () => move(-1), i === 0),
    button(`Move ${entry.name} down`, '↓', () => move(1), i === tools.length - 1),
    button(`Exclude ${entry.name} for this agent`, 'Exclude', () =>
      session.stage({ kind: 'exclude', toolName: entry.tool.name, projectId: null }, version),
    ),
    server && entry.tool.mcpToolName
      ? button(`Switch off ${server.name}'s tool ${entry.tool.mcpToolName}`, 'Switch off', () =>
          session.stage({ kind: 'mcpTool', server, mcpToolName: entry.tool.mcpToolName!, on: false }, version),
        )
      : null,
    staged ? h('span', { class: 'tag tag-changed' }, 'moved') : null,
  ].filter((e): e is HTMLElement => e !== null);
}
