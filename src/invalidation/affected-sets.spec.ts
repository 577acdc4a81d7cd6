import fc from 'fast-check';
import { compileLoadout, patchLoadout } from '../loadout/compiled';
import { propertyOptions, worldArb } from '../loadout/testing/arbitraries';
import { applyChanges, changeArb } from '../loadout/testing/changes';
import { compactAffected, expandAffected } from './affected-sets';
import { type ChangedToolbox, changedToolboxes } from '../loadout/change';
import type { CompactAffectedSet, StoredAffectedToolbox } from './toolbox-invalidation.entity';

/** What an event lists for each changed situation, straight from the computation. */
const listed = (changed: readonly ChangedToolbox[]): StoredAffectedToolbox[] =>
  changed.map((c) => ({
    channel: { id: c.channel.id, key: c.channel.key, name: c.channel.name },
    page: { type: c.page.type, contextObject: c.page.contextObject ?? null, recordId: null },
    previousFingerprint: c.previous.fingerprint,
    newFingerprint: c.next.fingerprint,
    diff: c.diff,
  }));

describe('affected sets as stored', () => {
  it('read back every changed situation in situation order', () => {
    fc.assert(
      fc.property(worldArb, fc.array(changeArb, { minLength: 1, maxLength: 4 }), (rows, changes) => {
        const { rows: next, patch } = applyChanges(rows, changes);
        const before = compileLoadout(rows);
        const after = patchLoadout(before, patch);
        const order = after.rows.contextObjects.map((o) => o.key);
        for (const changed of new Set(
          changedToolboxes(
            before,
            after,
            next.agents.map((a) => a.id),
          ).values(),
        )) {
          const stored = JSON.parse(JSON.stringify(compactAffected(changed, order))) as CompactAffectedSet;
          expect(expandAffected(stored)).toEqual(listed(changed));
        }
      }),
      propertyOptions(200),
    );
  });

  it('stores an edit every situation sees as one change and one short row per channel', () => {
    const previous = { entries: [], fingerprint: 'aa'.repeat(32) };
    const next = { entries: [], fingerprint: 'bb'.repeat(32) };
    const diff = { added: [], removed: [], changed: ['lookup'], reordered: false };
    const contexts = Array.from({ length: 50 }, (_, i) => `object_${i}`);
    const changed: ChangedToolbox[] = ['web', 'mobile'].flatMap((key) =>
      [
        { type: 'HOME' as const },
        { type: 'LIST' as const },
        { type: 'RECORD' as const },
        ...contexts.map((c) => ({ type: 'RECORD' as const, contextObject: c })),
      ].map((page) => ({
        key: `${key}|${page.type}`,
        channel: { id: key, organizationId: 'org', key, name: key },
        page,
        previous,
        next,
        diff,
      })),
    );
    const set = compactAffected(changed, ['unnamed', ...contexts]);
    expect(set.changes).toHaveLength(1);
    expect(set.contexts).toEqual(contexts);
    expect(set.grid).toEqual([Array(53).fill('0').join(','), Array(53).fill('0').join(',')]);
    expect(expandAffected(set)).toHaveLength(106);
  });
});
