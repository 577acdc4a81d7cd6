import { roundTicks, shortCount, splitInputTokens } from './chart';

const usage = (inputTokens: number, cachedInputTokens: number, cacheWriteTokens = 0) => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
});

it.each([
  ['nothing cached', 500, usage(2000, 0), { toolDefinitions: 500, cached: 0, cacheWrite: 0, other: 1500 }],
  ['the cache covers the definitions and more', 500, usage(2000, 1200), { toolDefinitions: 500, cached: 700, cacheWrite: 0, other: 800 }],
  ['the cache covers less than the definitions', 500, usage(2000, 300), { toolDefinitions: 500, cached: 0, cacheWrite: 0, other: 1500 }],
  ['everything cached', 500, usage(2000, 2000), { toolDefinitions: 500, cached: 1500, cacheWrite: 0, other: 0 }],
  ['an estimate above the reported input', 2500, usage(2000, 0), { toolDefinitions: 2000, cached: 0, cacheWrite: 0, other: 0 }],
  ['a cached count above the input', 100, usage(1000, 5000), { toolDefinitions: 100, cached: 900, cacheWrite: 0, other: 0 }],
  ['a first write of the whole prefix', 500, usage(2000, 0, 1800), { toolDefinitions: 500, cached: 0, cacheWrite: 1300, other: 200 }],
  [
    'reads then writes after the definitions',
    500,
    usage(3000, 1500, 1000),
    { toolDefinitions: 500, cached: 1000, cacheWrite: 1000, other: 500 },
  ],
  [
    'a write that covers only part of the definitions',
    500,
    usage(2000, 200, 250),
    { toolDefinitions: 500, cached: 0, cacheWrite: 0, other: 1500 },
  ],
  ['a write count above the input', 100, usage(1000, 0, 9000), { toolDefinitions: 100, cached: 0, cacheWrite: 900, other: 0 }],
])('splits the reported input with %s, adding up to it', (_what, schemaTokens, reported, expected) => {
  const [bar] = splitInputTokens([{ index: 4, schemaTokens, usage: reported }]);
  expect(bar).toEqual({ turn: 4, reported: true, total: reported.inputTokens, ...expected });
  if (bar.reported) expect(bar.toolDefinitions + bar.cached + bar.cacheWrite + bar.other).toBe(reported.inputTokens);
});

it('keeps a turn that reported no usage as a gap in its place', () => {
  const bars = splitInputTokens([
    { index: 1, schemaTokens: 10, usage: usage(100, 0) },
    { index: 2, schemaTokens: 10, usage: null },
    { index: 3, schemaTokens: 10, usage: usage(120, 0) },
  ]);
  expect(bars.map((b) => [b.turn, b.reported])).toEqual([
    [1, true],
    [2, false],
    [3, true],
  ]);
});

it.each([
  [2650, [0, 1000, 2000, 3000]],
  [1800, [0, 500, 1000, 1500, 2000]],
  [100, [0, 50, 100]],
  [7, [0, 2, 4, 6, 8]],
  [1, [0, 0.5, 1]],
  [0, [0, 1]],
  [123_456, [0, 50_000, 100_000, 150_000]],
])('puts axis ticks for a maximum of %d at round values', (max, ticks) => {
  expect(roundTicks(max)).toEqual(ticks);
});

it.each([
  [950, '950'],
  [2400, '2.4k'],
  [12_345, '12k'],
  [999_999, '1M'],
  [1_340_000, '1.3M'],
])('prints %d on a bar as %s', (value, text) => {
  expect(shortCount(value)).toBe(text);
});
