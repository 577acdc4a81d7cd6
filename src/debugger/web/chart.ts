/** One bar of the per-turn input token chart. */
export interface InputSplit {
  turn: number;
  toolDefinitions: number;
  cached: number;
  other: number;
  total: number;
}

export interface TurnTokens {
  index: number;
  /** The snapshot's estimated tool definition tokens. */
  schemaTokens: number;
  usage: { inputTokens: number; cachedInputTokens: number } | null;
}

/**
 * Splits each completed turn's input tokens into tool definitions, cached and other, adding up to the reported input.
 * Tool definitions come first in a request, so they take their share before the cached tokens; turns without usage
 * have nothing to split and are left out.
 */
export function splitInputTokens(turns: readonly TurnTokens[]): InputSplit[] {
  return turns.flatMap(({ index, schemaTokens, usage }) => {
    if (!usage) return [];
    const total = usage.inputTokens;
    const toolDefinitions = Math.min(schemaTokens, total);
    const cached = Math.min(Math.max(usage.cachedInputTokens - toolDefinitions, 0), total - toolDefinitions);
    return [{ turn: index, toolDefinitions, cached, other: total - toolDefinitions - cached, total }];
  });
}
