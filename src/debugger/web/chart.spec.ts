import { splitInputTokens } from './chart';

const usage = (inputTokens: number, cachedInputTokens: number) => ({ inputTokens, cachedInputTokens });

it.each([
  ['nothing cached', 500, usage(2000, 0), { toolDefinitions: 500, cached: 0, other: 1500 }],
  ['the cache covers the definitions and more', 500, usage(2000, 1200), { toolDefinitions: 500, cached: 700, other: 800 }],
  ['the cache covers less than the definitions', 500, usage(2000, 300), { toolDefinitions: 500, cached: 0, other: 1500 }],
  ['everything cached', 500, usage(2000, 2000), { toolDefinitions: 500, cached: 1500, other: 0 }],
  ['an estimate above the reported input', 2500, usage(2000, 0), { toolDefinitions: 2000, cached: 0, other: 0 }],
  ['a cached count above the input', 100, usage(1000, 5000), { toolDefinitions: 100, cached: 900, other: 0 }],
])('splits the reported input with %s, adding up to it', (_what, schemaTokens, reported, expected) => {
  const [bar] = splitInputTokens([{ index: 4, schemaTokens, usage: reported }]);
  expect(bar).toEqual({ turn: 4, total: reported.inputTokens, ...expected });
  expect(bar.toolDefinitions + bar.cached + bar.other).toBe(reported.inputTokens);
});

it('leaves out turns that reported no usage, keeping turn numbers', () => {
  const bars = splitInputTokens([
    { index: 1, schemaTokens: 10, usage: usage(100, 0) },
    { index: 2, schemaTokens: 10, usage: null },
    { index: 3, schemaTokens: 10, usage: usage(120, 0) },
  ]);
  expect(bars.map((b) => b.turn)).toEqual([1, 3]);
});
