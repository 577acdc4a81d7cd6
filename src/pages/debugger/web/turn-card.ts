import { h } from '../../web/dom';
import { numbers, when } from '../../web/format';
import type { DroppedTool, Turn } from './query-types';
import { freshnessLine } from './mcp-freshness';
import { changeView } from './tool-change';
import { why } from './turn-why';
import { dropFacts, type WinnerScopes } from './winner-scopes';
import { droppedDiffers, dropSentence } from '../../web/wording';

/** One turn: what changed and why, the tools as the model saw them, what was left out, and the usage reported. */
export function turnCard(
  turn: Turn,
  previous: Turn | undefined,
  shownIn: number,
  invalidationError: string | undefined,
  scopes: WinnerScopes,
  agentModel: string,
): HTMLElement {
  const diff = turn.diff;
  const previousTools = new Map(previous?.toolbox.tools.map((t) => [t.name, t]) ?? []);
  const added = new Set(diff?.added ?? []);
  const changed = new Set(diff?.changed ?? []);
  const removed = diff?.removed ?? [];
  const previousTokens = new Map(previous?.toolbox.tools.map((t) => [t.name, t.schemaTokens]) ?? []);

  const status = !previous
    ? h('span', { class: 'badge' }, 'First turn')
    : turn.toolboxChanged
      ? h('span', { class: 'badge badge-changed' }, 'Toolbox changed')
      : h('span', { class: 'badge badge-same' }, 'Same toolbox');

  const rows = turn.toolbox.tools.map((tool) => {
    const state = added.has(tool.name) ? 'added' : changed.has(tool.name) ? 'changed' : null;
    const before = previousTokens.get(tool.name);
    return h(
      'tr',
      { class: state ? `row-${state}` : null, 'data-tool': tool.name },
      h('td', { class: 'num muted' }, tool.position),
      h(
        'td',
        {},
        h(
          'details',
          {},
          h('summary', {}, h('span', { class: 'mono' }, tool.name), state ? h('span', { class: `tag tag-${state}` }, state) : null),
          ...(state === 'changed' && previousTools.has(tool.name)
            ? changeView(previousTools.get(tool.name)!, tool, turn.index - 1)
            : [
                h('p', { class: 'description' }, tool.description),
                h('pre', { class: 'schema' }, JSON.stringify(tool.inputSchema, null, 2)),
                ...(tool.mcpEntry
                  ? [
                      h('p', { class: 'muted' }, 'What its MCP server also reported (never sent to the model):'),
                      h('pre', { class: 'schema' }, JSON.stringify(tool.mcpEntry, null, 2)),
                    ]
                  : []),
              ]),
        ),
      ),
      h(
        'td',
        { class: 'num' },
        numbers.format(tool.schemaTokens),
        state === 'changed' && before !== undefined && before !== tool.schemaTokens
          ? h('span', { class: 'muted' }, ` (was ${numbers.format(before)})`)
          : null,
      ),
    );
  });
  const removedRows = removed.map((name) =>
    h(
      'tr',
      { class: 'row-removed', 'data-tool': name },
      h('td', { class: 'num muted' }, '–'),
      h('td', {}, h('span', { class: 'mono' }, name), h('span', { class: 'tag tag-removed' }, 'removed')),
      h('td', { class: 'num muted' }, previousTokens.has(name) ? numbers.format(previousTokens.get(name)!) : ''),
    ),
  );

  return h(
    'article',
    { class: turn.toolboxChanged ? 'card turn turn-changed' : 'card turn', 'data-turn': turn.index },
    h(
      'header',
      { class: 'turn-head' },
      h('h3', {}, `Turn ${turn.index}`),
      status,
      h('time', { datetime: turn.startedAt, class: 'muted' }, when(turn.startedAt)),
      h('span', { class: 'mono muted fingerprint', title: turn.toolbox.fingerprint }, turn.toolbox.fingerprint.slice(0, 12)),
    ),
    previous && turn.toolboxChanged ? why(turn, invalidationError) : null,
    diff && turn.toolboxChanged ? diffSummary(diff) : null,
    sameAsBefore(
      turn,
      shownIn,
      h(
        'table',
        { class: 'tools' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', { class: 'num' }, '#'), h('th', {}, 'Tool (click for its schema)'), h('th', { class: 'num' }, 'Tokens')),
        ),
        h('tbody', {}, ...rows, ...removedRows),
        h(
          'tfoot',
          {},
          h(
            'tr',
            {},
            h('td', {}),
            h('td', {}, `${turn.toolbox.toolCount} tools as the model saw them`),
            h('td', { class: 'num' }, numbers.format(turn.toolbox.schemaTokens)),
          ),
        ),
      ),
    ),
    leftOut(turn, previous, scopes),
    usageLine(turn, agentModel),
    callsLine(turn),
    notListedLine(turn),
    freshnessLine(turn),
    serverToolsLine(turn),
    providerUsageView(turn),
  );
}

/** A toolbox equal to the one a turn before showed is one line, opened on demand. */
function sameAsBefore(turn: Turn, shownIn: number, table: HTMLElement): HTMLElement {
  if (shownIn === turn.index) return table;
  const count = turn.toolbox.toolCount;
  return h(
    'details',
    { class: 'same-toolbox' },
    h('summary', {}, `Same ${count} ${count === 1 ? 'tool' : 'tools'} as turn ${shownIn}`),
    table,
  );
}

/**
 * What the turn left out, in one line, only where it differs from the turn
 * before (the first turn's always): a run of equal turns lists it once.
 */
function leftOut(turn: Turn, previous: Turn | undefined, scopes: WinnerScopes): HTMLElement | null {
  const facts = (d: DroppedTool) => dropFacts(d, scopes);
  const dropped = turn.toolbox.dropped.map(facts);
  if (!droppedDiffers(previous?.toolbox.dropped.map(facts), dropped)) return null;
  if (dropped.length === 0) return h('p', { class: 'left-out muted' }, 'Left out: nothing, unlike the turn before.');
  return h(
    'p',
    { class: 'left-out muted' },
    'Left out: ',
    ...dropped.flatMap((d, i) => [
      i > 0 ? ', ' : null,
      h('span', { class: 'mono', title: dropSentence(d), 'data-reason': d.reason }, d.name),
      ` (${d.reason})`,
    ]),
  );
}

function diffSummary(diff: NonNullable<Turn['diff']>): HTMLElement {
  const items = [
    ...diff.added.map((name) => h('li', { class: 'tag tag-added' }, `+ ${name}`)),
    ...diff.changed.map((name) => h('li', { class: 'tag tag-changed' }, `~ ${name}`)),
    ...diff.removed.map((name) => h('li', { class: 'tag tag-removed' }, `− ${name}`)),
    diff.reordered ? h('li', { class: 'tag' }, 'Order changed') : null,
  ];
  return h('ul', { class: 'diff-summary', 'aria-label': 'Changes from the previous turn' }, ...items);
}

/** The usage reported, or why there is none; the model called where it is not the agent's. */
function usageLine(turn: Turn, model: string): HTMLElement {
  const u = turn.usage;
  if (turn.abandonedReason !== null)
    return h('p', { class: 'usage abandoned' }, `Abandoned: its model request failed (${turn.abandonedReason}). No usage, no cost.`);
  if (!u) return h('p', { class: 'usage muted' }, 'Not completed: no usage reported.');
  const parts = [
    `${numbers.format(u.inputTokens)} input`,
    `${numbers.format(u.cachedInputTokens)} cached`,
    u.cacheWrite1hTokens > 0
      ? `${numbers.format(u.cacheWriteTokens)} cache write (${numbers.format(u.cacheWrite1hTokens)} for 1 hour)`
      : `${numbers.format(u.cacheWriteTokens)} cache write`,
    `${numbers.format(u.outputTokens)} output tokens`,
  ];
  if (turn.modelCalled !== null && turn.modelCalled !== model) parts.push(`model called ${turn.modelCalled} (priced at it)`);
  if (turn.cost) {
    parts.push(`tool definitions ${Math.round(turn.cost.toolDefinitionShare * 100)}% of input`);
    if (turn.cost.amountUsd !== null) parts.push(`$${turn.cost.amountUsd.toFixed(4)}`);
    if (turn.cost.credits !== null) parts.push(`${turn.cost.credits.toFixed(2)} credits`);
  }
  return h('p', { class: 'usage' }, parts.join(' · '));
}

/**
 * The calls the turn's response made, each with its outcome and, where its
 * record said, how long it took; a name the turn did not carry is the
 * model's invention.
 */
function callsLine(turn: Turn): HTMLElement | null {
  if (turn.toolCalls.length === 0) return null;
  const carried = new Set(turn.toolbox.tools.map((t) => t.toolName));
  const outcome = (call: Turn['toolCalls'][number]) =>
    !carried.has(call.toolName) ? 'not carried by this turn' : call.isError ? 'failed' : 'succeeded';
  return h(
    'p',
    { class: 'usage calls' },
    'Calls: ',
    ...turn.toolCalls.flatMap((call, i) => [
      i > 0 ? ', ' : null,
      h('span', { class: `mono call ${call.isError || !carried.has(call.toolName) ? 'call-bad' : ''}`.trim() }, call.toolName),
      ` (${outcome(call)}${call.durationMs === null ? '' : `, ${numbers.format(call.durationMs)} ms`})`,
    ]),
  );
}

/** An MCP gateway turn: the carried tools its client was not listed, and why. */
function notListedLine(turn: Turn): HTMLElement | null {
  if (!turn.notListed?.length) return null;
  const why = { RUN_BY_HOST: 'run by the host', REPORTED_SERVER: 'its server is reported' } as const;
  return h(
    'p',
    { class: 'usage not-listed' },
    'Not listed to the MCP client: ',
    ...turn.notListed.flatMap((tool, i) => [i > 0 ? ', ' : null, h('span', { class: 'mono' }, tool.name), ` (${why[tool.reason]})`]),
  );
}

/** The provider's server tool requests (web search, web fetch, ...), which the cost above leaves out. */
function serverToolsLine(turn: Turn): HTMLElement | null {
  // The API answers null or an object of whole-number counts.
  const used = turn.usage?.serverToolUse as Record<string, number> | null | undefined;
  if (!used || Object.keys(used).length === 0) return null;
  return h(
    'p',
    { class: 'usage server-tools' },
    'Server tool requests (not in the cost): ',
    ...Object.entries(used).flatMap(([tool, count], i) => [
      i > 0 ? ', ' : null,
      h('span', { class: 'mono' }, tool),
      ` ${numbers.format(count)}`,
    ]),
  );
}

/** The provider's usage object the figures above were read from, where the runtime sent one. */
function providerUsageView(turn: Turn): HTMLElement | null {
  const sent = turn.providerUsage;
  if (!sent) return null;
  return h(
    'details',
    { class: 'provider-usage' },
    h('summary', {}, `Provider usage as sent (${sent.format})`),
    h('pre', { class: 'schema' }, JSON.stringify(sent.usage, null, 2)),
  );
}
