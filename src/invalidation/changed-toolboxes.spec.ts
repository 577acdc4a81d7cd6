import fc from 'fast-check';
import { compileLoadout, patchLoadout, toolboxOf } from '../toolbox/compiled-loadout';
import { applyChanges, changeArb, propertyOptions, worldArb } from '../toolbox/loadout.arbitraries';
import { oracleChanges } from '../toolbox/loadout.oracle';
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
