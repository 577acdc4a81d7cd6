import fc from 'fast-check';
import { agentClass, agentClassSince } from './classes';
import { compileLoadout, patchLoadout, type CompiledLoadout } from './compile';
import { propertyOptions, worldArb } from './testing/arbitraries';
import { applyChanges, changeArb } from './testing/changes';
import { agentRow, exampleWorld, toolRow } from './testing/rows.fixture';

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
