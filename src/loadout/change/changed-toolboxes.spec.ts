import fc from 'fast-check';
import { compileLoadout, patchLoadout } from '../compiled/compile';
import { toolboxOf } from '../compiled/serve';
import type { LoadoutRows } from '../compiled/rows';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { applyChanges, changeArb } from '../testing/changes';
import { oracleChanges } from '../testing/oracle';
import { changedToolboxes } from './changed-toolboxes';

describe('incremental invalidation against every situation assembled twice', () => {
  it('finds exactly the changed situations of every agent, with the same fingerprints and diffs', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), (rows, changes) => {
        const { rows: next, patch } = applyChanges(rows, changes);
        const expected = oracleChanges(rows, next);
        const before = compileLoadout(rows);
        // A loadout whose toolboxes are partly remembered, as a cached one is.
        if (rows.agents.length > 1) toolboxOf(before, before.agents.get(rows.agents[0].id)!, rows.channels[0].key, { type: 'HOME' });
        const toolsOnly = !patch.agents && !patch.rules && !patch.owners ? new Set(patch.tools?.ids ?? []) : null;
        const actual = changedToolboxes(
          before,
          patchLoadout(before, patch),
          next.agents.map((a) => a.id),
          toolsOnly,
        );
        for (const agent of next.agents) {
          const summary = (
            list: ReadonlyArray<{ key: string; previous: { fingerprint: string }; next: { fingerprint: string }; diff: unknown }>,
          ) => list.map((c) => ({ key: c.key, previous: c.previous.fingerprint, next: c.next.fingerprint, diff: c.diff }));
          expect(summary(actual.get(agent.id) ?? [])).toEqual(summary(expected.get(agent.id) ?? []));
        }
      }),
      propertyOptions(300),
    );
  });

  it('shares one result among agents whose toolboxes cannot differ', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 2 }), (rows, changes) => {
        const twins = { ...rows, agents: [rows.agents[0], { ...rows.agents[0], id: 'twin', name: 'twin' }] };
        fc.pre(!twins.tools.some((t) => t.agentId === twins.agents[0].id) && !twins.rules.some((r) => r.agentId));
        const { rows: next } = applyChanges(twins, changes);
        const [first, twin] = next.agents;
        fc.pre(!next.tools.some((t) => t.agentId) && !next.rules.some((r) => r.agentId));
        fc.pre(JSON.stringify({ ...twin, id: first.id, name: first.name }) === JSON.stringify(first));
        const result = changedToolboxes(compileLoadout(twins), compileLoadout(next), [twins.agents[0].id, 'twin']);
        expect(result.get('twin')).toBe(result.get(twins.agents[0].id));
      }),
      propertyOptions(100),
    );
  });
});

describe('shadowing on the fast paths of a change that touched only definitions', () => {
  const tool = toolRow;
  // An agent of project p carrying two tools: the organisation's `y` is shadowed by the project's `y`, which the cut drops.
  const world = exampleWorld(
    [
      tool('a', 'a'),
      tool('y-org', 'y', { sortOrder: 1 }),
      tool('b', 'b', { sortOrder: 2 }),
      tool('y-p', 'y', { projectId: 'p', sortOrder: 3 }),
    ],
    [agentRow('agent', { projectId: 'p', maxTools: 2 })],
  );
  const changes = (next: LoadoutRows, ids: string[]) => {
    const before = compileLoadout(world);
    const patch = { tools: { ids, rows: next.tools.filter((t) => ids.includes(t.id)) } };
    const actual = changedToolboxes(before, patchLoadout(before, patch), ['agent'], new Set(ids)).get('agent')!;
    return { actual: actual.map((c) => c.next.entries.map((t) => t.id)), expected: oracleChanges(world, next).get('agent')! };
  };

  it.each([
    ['deleted', world.tools.filter((t) => t.id !== 'y-p')],
    ['renamed', world.tools.map((t) => (t.id === 'y-p' ? { ...t, name: 'z', contentHash: 'z' } : t))],
    ['moved to another project', world.tools.map((t) => (t.id === 'y-p' ? { ...t, projectId: 'q' } : t))],
  ])('a winner past the cut %s brings the tool it shadowed back', (_label, tools) => {
    const { actual, expected } = changes({ ...world, tools }, ['y-p']);
    // HOME, LIST and RECORD alike.
    expect(actual).toEqual(Array(3).fill(['a', 'y-org']));
    expect(expected.map((c) => c.next.entries.map((t) => (t as unknown as { id: string }).id))).toEqual(actual);
  });

  it('a new definition past the cut that shadows a carried tool pushes it out', () => {
    const tools = [...world.tools, tool('a-own', 'a', { projectId: 'p', agentId: 'agent', sortOrder: 9 })];
    const { actual } = changes({ ...world, tools }, ['a-own']);
    expect(actual).toEqual(Array(3).fill(['b', 'y-p']));
  });
});
