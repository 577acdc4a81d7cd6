import { diffShare, diffToolboxes, type ToolboxDiff } from './toolbox-diff';

const box = (...entries: string[]) =>
  entries.map((e) => {
    const [name, contentHash = 'h'] = e.split('@');
    return { name, contentHash };
  });

describe('diffToolboxes', () => {
  it.each([
    ['identical', box('a', 'b'), box('a', 'b'), { added: [], removed: [], changed: [], reordered: false }],
    ['both empty', box(), box(), { added: [], removed: [], changed: [], reordered: false }],
    ['added, in new order', box('a'), box('c', 'a', 'b'), { added: ['c', 'b'], removed: [], changed: [], reordered: false }],
    ['removed, in old order', box('c', 'a', 'b'), box('a'), { added: [], removed: ['c', 'b'], changed: [], reordered: false }],
    ['changed content', box('a@1', 'b@1'), box('a@1', 'b@2'), { added: [], removed: [], changed: ['b'], reordered: false }],
    ['reordered', box('a', 'b', 'c'), box('b', 'a', 'c'), { added: [], removed: [], changed: [], reordered: true }],
    ['reordered and changed', box('a@1', 'b@1'), box('b@2', 'a@1'), { added: [], removed: [], changed: ['b'], reordered: true }],
    ['other set is not a reorder', box('a', 'b'), box('b', 'c'), { added: ['c'], removed: ['a'], changed: [], reordered: false }],
    ['rename is remove plus add', box('a@1'), box('z@1'), { added: ['z'], removed: ['a'], changed: [], reordered: false }],
    ['from nothing', box(), box('a'), { added: ['a'], removed: [], changed: [], reordered: false }],
  ])('%s', (_name, before, after, expected) => {
    expect(diffToolboxes(before, after)).toEqual(expected);
  });
});

describe('diffShare', () => {
  const diff = (over: Partial<ToolboxDiff>): ToolboxDiff => ({ added: [], removed: [], changed: [], reordered: false, ...over });
  // Between two turns: a tool edit (changes a), then a rule change (removes b), then a new tool c later removed again.
  const turn = diff({ changed: ['a'], removed: ['b'] });
  it.each([
    ['the edit gets the changed tool only', diff({ changed: ['a'] }), diff({ changed: ['a'] })],
    ['the rule change gets the removed tool only', diff({ removed: ['b'] }), diff({ removed: ['b'] })],
    ['an event a later one undid gets nothing', diff({ added: ['c'] }), diff({})],
    ['a tool removed and added back by one event is its change', diff({ removed: ['a'], added: ['a'] }), diff({ changed: ['a'] })],
    ['a reorder counts only where the turn saw one', diff({ reordered: true }), diff({})],
  ])('%s', (_label, event, expected) => {
    expect(diffShare(turn, event)).toEqual(expected);
  });

  it('shares a reorder the turn saw with the event that reordered', () => {
    expect(diffShare(diff({ reordered: true }), diff({ reordered: true }))).toEqual(diff({ reordered: true }));
  });
});
