import fc from 'fast-check';
import type { PageSituation } from './assemble-toolbox';
import { assembleCompiled, compileLoadout, patchLoadout } from './compiled-loadout';
import { applyChanges, changeArb, propertyOptions, worldArb } from './loadout.arbitraries';
import { oracleToolbox } from './loadout.oracle';
import { sameLoadout } from './same-loadout';
import { allSituations } from './situations';

describe('the compiled loadout against the simple assembly it replaced', () => {
  it('assembles every situation of every agent exactly as assembleToolbox does: entries, drops and reasons', () => {
    fc.assert(
      fc.property(worldArb, (rows) => {
        const loadout = compileLoadout(rows);
        const situations = allSituations(
          rows.channels.map((c) => c.key),
          rows.contextObjects.map((o) => o.key),
        );
        for (const agent of rows.agents) {
          for (const s of situations) {
            const page: PageSituation = { type: s.page.type, contextObject: s.page.contextObject ?? null };
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

  it('patched with what a change touched equals the changed rows compiled from scratch', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), (rows, changes) => {
        const { rows: next, patch } = applyChanges(rows, changes);
        expect(sameLoadout(patchLoadout(compileLoadout(rows), patch), compileLoadout(next))).toBeNull();
      }),
      propertyOptions(300),
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
});
