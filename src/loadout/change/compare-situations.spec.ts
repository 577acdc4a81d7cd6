import { changedSituations, rewrittenTokens, type ComparedToolbox } from './compare-situations';

const box = (fingerprint: string, ...entries: Array<[string, string]>): ComparedToolbox => ({
  fingerprint,
  entries: entries.map(([name, contentHash]) => ({ name, contentHash })),
});

describe('changedSituations', () => {
  it('lists only situations whose fingerprint differs, with their diff, in the order of after', () => {
    const before = new Map([
      ['web|HOME|', box('f1', ['a', '1'], ['b', '2'])],
      ['web|LIST|', box('f2', ['a', '1'])],
      ['api|HOME|', box('f3', ['a', '1'], ['b', '2'])],
    ]);
    const after = new Map([
      ['api|HOME|', box('f3b', ['b', '2'], ['a', '1'])],
      ['web|HOME|', box('f1b', ['a', '9'], ['c', '3'])],
      ['web|LIST|', box('f2', ['a', '1'])],
    ]);
    const changed = changedSituations(before, after);
    expect(changed.map((c) => c.key)).toEqual(['api|HOME|', 'web|HOME|']);
    expect(changed[0].diff).toEqual({ added: [], removed: [], changed: [], reordered: true });
    expect(changed[1].diff).toEqual({ added: ['c'], removed: ['b'], changed: ['a'], reordered: false });
    expect(changed[1].previous.fingerprint).toBe('f1');
    expect(changed[1].next.fingerprint).toBe('f1b');
  });

  it('leaves out situations present on one side only', () => {
    const before = new Map([['old|HOME|', box('x', ['a', '1'])]]);
    const after = new Map([['new|HOME|', box('y', ['b', '1'])]]);
    expect(changedSituations(before, after)).toEqual([]);
  });

  it('is empty when nothing the model sees changed', () => {
    const same = new Map([['web|HOME|', box('f', ['a', '1'])]]);
    expect(changedSituations(same, new Map(same))).toEqual([]);
  });
});

describe('rewrittenTokens', () => {
  const tokens = { a: 10, b: 20, c: 40, d: 80 } as Record<string, number>;
  const entries = (...names: string[]) => names.map((name) => ({ name, contentHash: `h-${name}` }));
  const of = (e: { name: string }) => tokens[e.name];

  it.each([
    ['an appended tool re-writes only itself', entries('a', 'b'), entries('a', 'b', 'c'), 40],
    ['a change at the front re-writes everything', entries('a', 'b'), entries('d', 'b'), 100],
    ['a removal in the middle re-writes the tail', entries('a', 'b', 'c'), entries('a', 'c'), 40],
    ['a removal at the end re-writes nothing', entries('a', 'b'), entries('a'), 0],
    ['a swap re-writes from the first swapped position', entries('a', 'b', 'c'), entries('a', 'c', 'b'), 60],
  ])('%s', (_name, previous, next, expected) => {
    expect(rewrittenTokens(previous, next, of)).toBe(expected);
  });
});
