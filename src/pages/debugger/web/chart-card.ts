import { shortCount, splitInputTokens } from './chart';
import { chartLayout, MARGIN, MARK, type ChartGeometry, type SegmentKey } from './chart-layout';
import { h, svg } from '../../web/dom';
import { numbers } from '../../web/format';
import type { FundingModel } from './generated/graphql';
import type { Turn } from './query-types';

const CHART_HEIGHT = 210;
const SEGMENTS: ReadonlyArray<{ key: SegmentKey; label: string; className: string }> = [
  { key: 'toolDefinitions', label: 'Tool definitions (estimated)', className: 'seg-tools' },
  { key: 'cached', label: 'Other cached input', className: 'seg-cached' },
  { key: 'cacheWrite', label: 'Other cache-write input', className: 'seg-write' },
  { key: 'other', label: 'Other input', className: 'seg-other' },
];

const segment = (key: SegmentKey) => SEGMENTS.find((s) => s.key === key)!;

/** The chart of input tokens per turn, its legend and the table of every figure. */
export function chartCard(turns: Turn[], fundingModel: FundingModel | undefined): HTMLElement {
  const bars = splitInputTokens(turns.map((t) => ({ index: t.index, schemaTokens: t.toolbox.schemaTokens, usage: t.usage })));
  // The first turn has nothing to differ from.
  const changed = new Set(turns.filter((t, i) => i > 0 && t.toolboxChanged).map((t) => t.index));
  const holder = h('div', { class: 'chart-holder' });
  // Drawn at the width it is given, again whenever that changes: a drawing scaled to fit would scale its text too.
  let drawnAt = -1;
  new ResizeObserver(() => {
    const width = Math.floor(holder.clientWidth);
    if (width === drawnAt || width === 0) return;
    drawnAt = width;
    holder.replaceChildren(tokenChart(chartLayout(bars, changed, { width, height: CHART_HEIGHT }, window.devicePixelRatio || 1)));
  }).observe(holder);
  return h(
    'section',
    { class: 'card chart' },
    h('h3', {}, 'Input tokens per turn'),
    bars.some((b) => b.reported) ? holder : h('p', { class: 'muted' }, 'No turn has reported its usage yet.'),
    h(
      'ul',
      { class: 'legend' },
      ...SEGMENTS.map((s) => h('li', {}, h('span', { class: `swatch ${s.className}` }), s.label)),
      h('li', {}, h('span', { class: 'mark-swatch', 'aria-hidden': 'true' }, '▼'), 'Toolbox changed'),
    ),
    usageTable(turns, fundingModel),
  );
}

/** The chart's figures and each turn's cost, readable without hovering; credits where the organisation pays in them. */
function usageTable(turns: Turn[], fundingModel: FundingModel | undefined): HTMLElement {
  const credits = fundingModel === 'INCLUDED_CREDITS' || turns.some((t) => t.cost?.credits != null);
  const count = (n: number | undefined) => (n === undefined ? '–' : numbers.format(n));
  const head = (label: string, column: string) => h('th', { class: 'num', 'data-column': column }, label);
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'usage-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', {}, 'Turn'),
          head('Input', 'input'),
          head('Cached', 'cached'),
          head('Cache write', 'cache-write'),
          head('Output', 'output'),
          head('USD', 'usd'),
          credits ? head('Credits', 'credits') : null,
        ),
      ),
      h(
        'tbody',
        {},
        ...turns.map((t) =>
          t.abandonedReason !== null
            ? h(
                'tr',
                { 'data-turn': t.index, class: 'abandoned' },
                h('td', {}, `T${t.index}`),
                h('td', { colspan: credits ? 6 : 5 }, `Abandoned: ${t.abandonedReason}`),
              )
            : h(
                'tr',
                { 'data-turn': t.index },
                h('td', {}, `T${t.index}`),
                h('td', { class: 'num' }, count(t.usage?.inputTokens)),
                h('td', { class: 'num' }, count(t.usage?.cachedInputTokens)),
                h('td', { class: 'num' }, count(t.usage?.cacheWriteTokens)),
                h('td', { class: 'num' }, count(t.usage?.outputTokens)),
                h('td', { class: 'num' }, t.cost?.amountUsd != null ? `$${t.cost.amountUsd.toFixed(4)}` : '–'),
                credits
                  ? h('td', { class: 'num', 'data-column': 'credits' }, t.cost?.credits != null ? t.cost.credits.toFixed(2) : '–')
                  : null,
              ),
        ),
      ),
    ),
  );
}

/** Stacked bars on round ticks, each labelled with its total, a mark over each changed toolbox; a turn without usage is a labelled gap. */
function tokenChart(layout: ChartGeometry): SVGElement {
  const { width, height, plotTop, plotBottom } = layout;
  const grid = layout.ticks.map(({ value, y }) =>
    svg(
      'g',
      { class: 'grid' },
      svg('line', { x1: MARGIN.left - 4, x2: width, y1: y, y2: y }),
      svg('text', { x: MARGIN.left - 8, y: y + 4, 'text-anchor': 'end' }, numbers.format(value)),
    ),
  );
  const columns = layout.columns.map((column) => {
    const { middle, x, width: barWidth, bar } = column;
    const label = column.labelled
      ? svg(
          'text',
          { class: column.changed ? 'x-label changed' : 'x-label', x: middle, y: height - 6, 'text-anchor': 'middle' },
          `T${column.turn}`,
        )
      : null;
    const mark = column.changed
      ? svg(
          'path',
          {
            class: 'change-mark',
            d: `M${middle - MARK.size / 2} ${MARK.top} h${MARK.size} l${-MARK.size / 2} ${MARK.size} z`,
          },
          svg('title', {}, `Turn ${column.turn}: toolbox changed`),
        )
      : null;
    const classes = ['bar', bar.reported ? '' : 'gap', column.changed ? 'changed' : ''].filter(Boolean).join(' ');
    if (!bar.reported) {
      return svg(
        'g',
        { class: classes, 'data-turn': column.turn },
        svg('title', {}, `Turn ${column.turn}: no usage reported`),
        svg('rect', { class: 'gap-outline', x, width: barWidth, y: plotTop, height: plotBottom - plotTop }),
        bar.showGapLabel ? svg('text', { class: 'gap-label', x: middle, y: plotBottom - 6, 'text-anchor': 'middle' }, 'no usage') : null,
        mark,
        label,
      );
    }
    const title =
      `Turn ${column.turn}: ${numbers.format(bar.total)} input tokens — ` +
      bar.segments.map((s) => `${segment(s.key).label.toLowerCase()} ${numbers.format(s.value)}`).join(', ');
    return svg(
      'g',
      { class: classes, 'data-turn': column.turn },
      svg('title', {}, title),
      ...bar.segments.map((s) => svg('rect', { class: segment(s.key).className, x, width: barWidth, y: s.y, height: s.height })),
      bar.showTotal ? svg('text', { class: 'value', x: middle, y: bar.totalY - 5, 'text-anchor': 'middle' }, shortCount(bar.total)) : null,
      mark,
      label,
    );
  });
  return svg(
    'svg',
    {
      class: 'token-chart',
      role: 'img',
      'aria-label':
        'Input tokens per turn, split into tool definitions, cached, cache-write and other input; a mark over each turn whose toolbox changed',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
    },
    ...grid,
    ...columns,
  );
}
