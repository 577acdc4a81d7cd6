import fc from 'fast-check';
import { assembleCompiled, toolboxOf } from './serve';
import { compileLoadout, patchLoadout } from './compile';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { applyChanges, changeArb } from '../testing/changes';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';
import { oracleToolbox, worldSituations } from '../testing/oracle';
import { sameLoadout } from './same-loadout';

describe('the compiled loadout against the simple assembly it replaced', () => {
  it('assembles every situation of every agent exactly as assembleToolbox does: entries, drops and reasons', () => {
    fc.assert(
      fc.property(worldArb, (rows) => {
        const loadout = compileLoadout(rows);
        const situations = worldSituations(rows);
        for (const agent of rows.agents) {
          for (const s of situations) {
            const { page } = s;
            const expected = oracleToolbox(rows, agent, s.channelKey, page);
            const full = assembleCompiled(loadout, loadout.agents.get(agent.id)!, s.channelKey, page, true);
            const fast = assembleCompiled(loadout, loadout.agents.get(agent.id)!, s.channelKey, page, false);
            expect(full.entries.map((t) => t.id)).toEqual(expected.entries.map((e) => e.tool.id));
            expect(fast.entries.map((t) => t.id)).toEqual(expected.entries.map((e) => e.tool.id));
            const why = (d: { tool: { id: string }; reason: string; shadowedBy?: { id: string }; rule?: { id?: string } }) =>
              `${d.tool.id}:${d.reason}:${d.shadowedBy?.id ?? ''}:${d.rule?.id ?? ''}`;
            expect(full.dropped!.map(why)).toEqual(expected.dropped.map(why));
          }
        }
      }),
      propertyOptions(300),
    );
  });

  it('serves every situation, in any order, the toolbox remembered for its class, which is the one assembleToolbox makes', () => {
    fc.assert(
      fc.property(worldArb, fc.boolean(), (rows, reversed) => {
        const loadout = compileLoadout(rows);
        const situations = worldSituations(rows);
        // Classes are shared: whichever situation of a class is asked first, the others must get the same answer.
        if (reversed) situations.reverse();
        for (const agent of rows.agents) {
          for (const s of situations) {
            const { page } = s;
            const expected = oracleToolbox(rows, agent, s.channelKey, page);
            const served = toolboxOf(loadout, loadout.agents.get(agent.id)!, s.channelKey, page);
            expect(served.entries.map((t) => t.id)).toEqual(expected.entries.map((e) => e.tool.id));
          }
        }
      }),
      propertyOptions(300),
    );
  });

  it('patched with what a change touched equals the changed rows compiled from scratch', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), (rows, changes) => {
        const { rows: next, patch } = applyChanges(rows, changes);
        expect(sameLoadout(patchLoadout(compileLoadout(rows), patch), compileLoadout(next))).toBeNull();
      }),
      propertyOptions(300),
    );
  });

  it('patched change after change, each from the loadout the last one left, equals the final rows compiled from scratch', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 2, maxLength: 6 }), (rows, changes) => {
        let loadout = compileLoadout(rows);
        let current = rows;
        for (const change of changes) {
          const { rows: next, patch } = applyChanges(current, [change]);
          loadout = patchLoadout(loadout, patch);
          current = next;
        }
        expect(sameLoadout(loadout, compileLoadout(current))).toBeNull();
      }),
      propertyOptions(200),
    );
  });

  it('tells a patch that missed a touched row from a correct one', () => {
    fc.assert(
      fc.property(worldArb, (rows) => {
        fc.pre(rows.tools.length > 0);
        const edited = { ...rows, tools: rows.tools.map((t, i) => (i === 0 ? { ...t, sortOrder: t.sortOrder + 10 } : t)) };
        expect(sameLoadout(compileLoadout(rows), compileLoadout(edited))).toMatch(/^tools differ/);
      }),
      propertyOptions(20),
    );
  });

  describe('a RECORD page of a context object shares the toolbox without one only where that is exact', () => {
    const served = (rows: ReturnType<typeof exampleWorld>, contextObject: string | null) => {
      const loadout = compileLoadout(rows);
      const agent = loadout.agents.get('agent')!;
      // The page without context first: a context object wrongly alike would be served its toolbox.
      toolboxOf(loadout, agent, 'web', { type: 'RECORD', contextObject: null });
      return toolboxOf(loadout, agent, 'web', { type: 'RECORD', contextObject }).entries.map((t) => t.id);
    };
    const agent = agentRow('agent', { projectId: 'p', maxTools: 2 });

    it('a shadowed survivor takes no place, so a tool of the context object just past two survivors still enters', () => {
      const rows = exampleWorld(
        [
          toolRow('x-org', 'x'),
          toolRow('x-p', 'x', { projectId: 'p', sortOrder: 1 }),
          toolRow('c', 'c', { sortOrder: 2, contextObjectKeys: ['k'] }),
          toolRow('b', 'b', { sortOrder: 3 }),
        ],
        [agent],
        ['k'],
      );
      expect(served(rows, null)).toEqual(['x-p', 'b']);
      expect(served(rows, 'k')).toEqual(['x-p', 'c']);
    });

    it('a tool of the context object far past the cut still shadows a carried tool of its name', () => {
      const rows = exampleWorld(
        [
          toolRow('a', 'a'),
          toolRow('y-org', 'y', { sortOrder: 1 }),
          toolRow('b', 'b', { sortOrder: 2 }),
          toolRow('z', 'z', { sortOrder: 3 }),
          toolRow('y-k', 'y', { projectId: 'p', sortOrder: 10, contextObjectKeys: ['k'] }),
        ],
        [agent],
        ['k'],
      );
      expect(served(rows, null)).toEqual(['a', 'y-org']);
      expect(served(rows, 'k')).toEqual(['a', 'b']);
    });
  });
});
