/** One bar of the per-turn input token chart; a turn that reported no usage is a gap. */
export type InputSplit =
  | { turn: number; reported: true; toolDefinitions: number; cached: number; cacheWrite: number; other: number; total: number }
  | { turn: number; reported: false };

export interface TurnTokens {
  index: number;
  /** The snapshot's estimated tool definition tokens. */
  schemaTokens: number;
  usage: { inputTokens: number; cachedInputTokens: number; cacheWriteTokens: number } | null;
}

/**
 * Splits each turn's input tokens into tool definitions, other cached input,
 * other cache-write input and the rest, adding up to the reported input
 * (which includes the cached and cache-write tokens). Tool definitions come
 * first in a request, so they take their share first: the cache reads cover
 * them before anything else, and what the reads leave of them is the first
 * thing written. A turn without usage stays in place as a gap.
 */
export function splitInputTokens(turns: readonly TurnTokens[]): InputSplit[] {
  return turns.map(({ index, schemaTokens, usage }): InputSplit => {
    if (!usage) return { turn: index, reported: false };
    const total = usage.inputTokens;
    const toolDefinitions = Math.min(schemaTokens, total);
    const cached = clamp(usage.cachedInputTokens - toolDefinitions, total - toolDefinitions);
    const toolsNotRead = Math.max(toolDefinitions - usage.cachedInputTokens, 0);
    const cacheWrite = clamp(usage.cacheWriteTokens - toolsNotRead, total - toolDefinitions - cached);
    return {
      turn: index,
      reported: true,
      toolDefinitions,
      cached,
      cacheWrite,
      other: total - toolDefinitions - cached - cacheWrite,
      total,
    };
  });
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * Axis ticks at round values (1, 2 or 5 times a power of ten) from 0 to the
 * first tick at or above `max`, about `count` of them.
 */
export function roundTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(ticks.length * step);
  return ticks;
}

/** A count short enough to print on a bar: 950, 2.4k, 12k, 1.3M. */
export function shortCount(value: number): string {
  const scaled = (n: number, unit: string) => `${n >= 10 ? Math.round(n) : Math.round(n * 10) / 10}${unit}`;
  if (value >= 999_500) return scaled(value / 1_000_000, 'M');
  if (value >= 1000) return scaled(value / 1000, 'k');
  return String(value);
}
