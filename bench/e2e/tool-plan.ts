import { Prng } from './prng';

/** A ToolDefinitionInput of the schema, as the bench sends it. */
export interface ToolInput {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  sortOrder: number;
  channels: string[];
  contextObjects: string[];
}

/** The tool every agent sees and keeps within its Max Tools cut: first in Sort Order, on no channel or context. */
export const PINNED_TOOL: ToolInput = {
  name: 'pinned_tool',
  description: 'The first tool of every toolbox.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  sortOrder: -1,
  channels: [],
  contextObjects: [],
};

export const toolName = (i: number): string => `tool_${String(i).padStart(5, '0')}`;

/**
 * `count` organisation-wide tools, the same for a given seed: random Sort
 * Order, two thirds on one or two channels, a quarter on one context object,
 * small flat input schemas.
 */
export function planTools(count: number, channels: readonly string[], contextObjects: readonly string[], seed: number): ToolInput[] {
  const rng = new Prng(seed);
  return Array.from({ length: count }, (_, i) => ({
    name: toolName(i),
    description: `Bench tool ${i}: looks up records of kind ${i % 37}.`,
    inputSchema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
    sortOrder: rng.int(0, 100_000),
    channels: rng.next() < 2 / 3 ? rng.sample(channels, rng.int(1, 2)) : [],
    contextObjects: rng.next() < 1 / 4 ? rng.sample(contextObjects, 1) : [],
  }));
}
