import { splitInputTokens } from './chart';
import { chartLayout, MARGIN } from './chart-layout';

const bars = (count: number) =>
  splitInputTokens(
    Array.from({ length: count }, (_, i) => ({
      index: i + 1,
      schemaTokens: 400,
      // Every fourth turn is still running: a gap.
      usage: i % 4 === 3 ? null : { inputTokens: 1800 + i * 300, cachedInputTokens: 900, cacheWriteTokens: 0 },
    })),
  );

describe('the token chart laid out at its displayed size', () => {
  it.each([
    [378, 1],
    [600, 1],
    [378, 2],
    [1024, 1.5],
  ])('spans exactly %i px at pixel ratio %d, bars inside the plot', (width, ratio) => {
    const layout = chartLayout(bars(4), new Set(), { width, height: 210 }, ratio);
    expect(layout.width).toBe(width);
    for (const column of layout.columns) {
      expect(column.x).toBeGreaterThanOrEqual(MARGIN.left);
      expect(column.x + column.width).toBeLessThanOrEqual(width - MARGIN.right);
      if (column.bar.reported) {
        const top = Math.min(...column.bar.segments.map((s) => s.y));
        expect(top).toBeGreaterThanOrEqual(layout.plotTop - 1);
        const bottom = Math.max(...column.bar.segments.map((s) => s.y + s.height));
        expect(bottom).toBeLessThanOrEqual(layout.plotBottom + 1);
      }
    }
  });

  it.each([1, 2, 1.5])('puts grid lines on the middle of a device pixel and bar edges on its boundaries (ratio %d)', (ratio) => {
    const layout = chartLayout(bars(5), new Set(), { width: 378, height: 210 }, ratio);
    const deviceFraction = (v: number) => Math.abs(((v * ratio) % 1) + 1) % 1;
    for (const tick of layout.ticks) expect(deviceFraction(tick.y)).toBeCloseTo(0.5, 6);
    for (const column of layout.columns) {
      expect(deviceFraction(column.x)).toBeCloseTo(0, 6);
      expect(deviceFraction(column.width)).toBeCloseTo(0, 6);
    }
  });

  it('labels only every few turns when they are many, so 11 px labels never overlap', () => {
    for (const [count, width] of [
      [4, 378],
      [30, 378],
      [60, 378],
      [60, 1000],
    ]) {
      const labelled = chartLayout(bars(count), new Set(), { width, height: 210 }).columns.filter((c) => c.labelled);
      expect(labelled.length).toBeGreaterThan(0);
      labelled.slice(1).forEach((c, i) => expect(c.middle - labelled[i].middle).toBeGreaterThanOrEqual(26));
    }
    expect(chartLayout(bars(4), new Set(), { width: 378, height: 210 }).columns.every((c) => c.labelled)).toBe(true);
  });

  it('marks the turns whose toolbox changed, and shows a gap where usage is missing', () => {
    const columns = chartLayout(bars(4), new Set([2, 4]), { width: 378, height: 210 }).columns;
    expect(columns.map((c) => c.changed)).toEqual([false, true, false, true]);
    expect(columns.map((c) => c.bar.reported)).toEqual([true, true, true, false]);
  });

  it('scales bars to round ticks: the tallest reaches no higher than the top tick', () => {
    const layout = chartLayout(bars(3), new Set(), { width: 600, height: 210 });
    expect(layout.ticks.map((t) => t.value)).toEqual([0, 1000, 2000, 3000]);
    const [first] = layout.columns;
    if (!first.bar.reported) throw new Error('turn 1 reported its usage');
    expect(first.bar.segments.reduce((sum, s) => sum + s.height, 0)).toBeCloseTo((1800 / 3000) * (layout.plotBottom - layout.plotTop), 0);
  });
});
