import fc from 'fast-check';
import { agentClass, agentClassSince, toolboxClass } from './classes';
import { compileLoadout, patchLoadout, type CompiledLoadout } from './compile';
import { toolboxOf } from './serve';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { applyChanges, changeArb } from '../testing/changes';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';

/** The class of every agent of `before` still in `after`, carried over where it can be, against each built afresh. */
function classesSince(before: CompiledLoadout, after: CompiledLoadout): Array<[string, string]> {
  const fresh = compileLoadout(after.rows);
  return [...after.agents.values()].flatMap((is) => {
    const was = before.agents.get(is.id);
    if (!was) return [];
    agentClass(before, was);
    return [[agentClassSince(before, was, after, is), agentClass(fresh, fresh.agents.get(is.id)!)] as [string, string]];
  });
}

describe('agentClassSince', () => {
  it('equals the class built afresh after any change', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), (rows, changes) => {
        const { patch } = applyChanges(rows, changes);
        const before = compileLoadout(rows);
        for (const [carried, built] of classesSince(before, patchLoadout(before, patch))) expect(carried).toBe(built);
      }),
      propertyOptions(200),
    );
  });

  it.each([
    ['only its version moved', {}, [], 'same'],
    ['its Max Tools moved', { maxTools: 3 }, [], 'other'],
    ['a definition now names it', {}, [toolRow('mine', 'mine', { agentId: 'a' })], 'other'],
  ] as const)('%s: %s class', (_, over, tools, expected) => {
    const before = compileLoadout(exampleWorld([toolRow('t', 't')], [agentRow('a')]));
    const after = patchLoadout(before, {
      agents: { ids: ['a'], rows: [agentRow('a', over)] },
      versions: new Map([['a', 2]]),
      tools: { ids: tools.map((t) => t.id), rows: [...tools] },
    });
    const [[carried]] = classesSince(before, after);
    expect(carried === agentClass(before, before.agents.get('a')!) ? 'same' : 'other').toBe(expected);
  });
});

describe('the context objects that key a RECORD page, by the shadow step', () => {
  const agent = agentRow('agent', { projectId: 'p', maxTools: 2 });
  /** The toolbox on the page of each context object (null: none), and which pages share one class with the page without. */
  function pages(tools: Parameters<typeof exampleWorld>[0]) {
    const loadout = compileLoadout(exampleWorld(tools, [agent], ['j', 'k']));
    const compiled = loadout.agents.get('agent')!;
    const page = (contextObject: string | null) => ({ type: 'RECORD' as const, contextObject });
    const served = (contextObject: string | null) => toolboxOf(loadout, compiled, 'web', page(contextObject)).entries.map((t) => t.id);
    const shares = (contextObject: string) =>
      toolboxClass(loadout, compiled, 'web', page(contextObject)) === toolboxClass(loadout, compiled, 'web', page(null));
    return { served, shares };
  }

  it('a tool of the context object ranked behind one of its name carried on every page never enters: its page shares the toolbox without one', () => {
    const { served, shares } = pages([
      toolRow('a', 'a'),
      toolRow('y-agent', 'y', { agentId: 'agent', sortOrder: 1 }),
      toolRow('b', 'b', { sortOrder: 2 }),
      toolRow('y-k', 'y', { projectId: 'p', sortOrder: 10, contextObjectKeys: ['k'] }),
    ]);
    expect([served(null), served('k'), shares('k')]).toEqual([['a', 'y-agent'], ['a', 'y-agent'], true]);
  });

  it('a tool of the context object ranked behind one of its name that enters on another page only still shadows', () => {
    const { served, shares } = pages([
      toolRow('a', 'a'),
      toolRow('y-org', 'y', { sortOrder: 1 }),
      toolRow('b', 'b', { sortOrder: 2 }),
      toolRow('y-j', 'y', { agentId: 'agent', sortOrder: 10, contextObjectKeys: ['j'] }),
      toolRow('y-k', 'y', { projectId: 'p', sortOrder: 11, contextObjectKeys: ['k'] }),
    ]);
    expect([served(null), served('k'), shares('k')]).toEqual([['a', 'y-org'], ['a', 'b'], false]);
  });

  it('a survivor that only a tool of another context object can shadow fills the toolbox: a context object past it shares the toolbox without one', () => {
    const { served, shares } = pages([
      toolRow('a', 'a'),
      toolRow('y-org', 'y', { sortOrder: 1 }),
      toolRow('d', 'd', { sortOrder: 2, contextObjectKeys: ['j'] }),
      toolRow('y-k', 'y', { projectId: 'p', sortOrder: 10, contextObjectKeys: ['k'] }),
    ]);
    expect([served('j'), shares('j'), served('k'), shares('k')]).toEqual([['a', 'y-org'], true, ['a', 'y-k'], false]);
  });
});
