import { roundTicks, type InputSplit } from './chart';

/** The stacked segments of a bar, bottom first. */
export const SEGMENT_KEYS = ['toolDefinitions', 'cached', 'cacheWrite', 'other'] as const;
export type SegmentKey = (typeof SEGMENT_KEYS)[number];

/** Room around the plot, in CSS pixels: the top holds the change marks above the printed totals. */
export const MARGIN = { top: 30, bottom: 24, left: 46, right: 6 };
/** The mark over a turn whose toolbox changed: a small triangle this tall, from the top edge. */
export const MARK = { top: 3, size: 8 };
/** The narrowest slot that fits one 11 px turn label ("T12"), its printed total, and the gap label. */
const LABEL_SLOT = 26;
const VALUE_SLOT = 26;
const GAP_LABEL_SLOT = 30;

export interface ChartColumn {
  turn: number;
  middle: number;
  x: number;
  width: number;
  /** Printed under the bar; with many turns only every few are, so labels never overlap. */
  labelled: boolean;
  /** The turn's toolbox differs from the previous turn's. */
  changed: boolean;
  bar:
    | {
        reported: true;
        total: number;
        totalY: number;
        showTotal: boolean;
        segments: Array<{ key: SegmentKey; value: number; y: number; height: number }>;
      }
    | { reported: false; showGapLabel: boolean };
}

export interface ChartGeometry {
  width: number;
  height: number;
  plotTop: number;
  plotBottom: number;
  ticks: Array<{ value: number; y: number }>;
  columns: ChartColumn[];
}

/**
 * The chart laid out at the size it is displayed, in CSS pixels: drawn at
 * that size and never scaled, text keeps the size the style sheet gives it.
 * Horizontal grid lines sit on the middle of a device pixel and bar edges on
 * device pixel boundaries, so 1-pixel lines and edges stay sharp at any
 * pixel ratio.
 */
export function chartLayout(
  bars: readonly InputSplit[],
  changed: ReadonlySet<number>,
  size: { width: number; height: number },
  devicePixelRatio = 1,
): ChartGeometry {
  const snap = (v: number) => Math.round(v * devicePixelRatio) / devicePixelRatio;
  const hairline = (v: number) => (Math.floor(v * devicePixelRatio) + 0.5) / devicePixelRatio;
  const width = Math.max(size.width, MARGIN.left + MARGIN.right + 1);
  const plotTop = MARGIN.top;
  const plotBottom = size.height - MARGIN.bottom;
  const plot = plotBottom - plotTop;
  const ticksAt = roundTicks(Math.max(0, ...bars.map((b) => (b.reported ? b.total : 0))));
  const max = ticksAt.at(-1)!;
  const y = (value: number) => plotTop + plot - (value / max) * plot;
  const slot = (width - MARGIN.left - MARGIN.right) / Math.max(bars.length, 1);
  const barWidth = Math.max(snap(Math.min(44, slot * 0.62)), 1 / devicePixelRatio);
  const labelEvery = Math.ceil(LABEL_SLOT / slot);

  const columns = bars.map((bar, i): ChartColumn => {
    const middle = MARGIN.left + slot * (i + 0.5);
    const x = snap(middle - barWidth / 2);
    const common = { turn: bar.turn, middle, x, width: barWidth, labelled: i % labelEvery === 0, changed: changed.has(bar.turn) };
    if (!bar.reported) return { ...common, bar: { reported: false, showGapLabel: slot >= GAP_LABEL_SLOT } };
    let base = 0;
    const segments = SEGMENT_KEYS.map((key) => {
      const top = snap(y(base + bar[key]));
      const bottom = snap(y(base));
      base += bar[key];
      return { key, value: bar[key], y: top, height: Math.max(bottom - top, 0) };
    });
    return { ...common, bar: { reported: true, total: bar.total, totalY: y(bar.total), showTotal: slot >= VALUE_SLOT, segments } };
  });
  return { width, height: size.height, plotTop, plotBottom, ticks: ticksAt.map((value) => ({ value, y: hairline(y(value)) })), columns };
}
