import fc from 'fast-check';
import { LayeredMap } from './layered-map';

/** A patch: keys to set (with their values) and keys to remove; a key in both is set. */
const patchArb = fc.record({
  set: fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer()), { maxLength: 12 }),
  removed: fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 12 }),
});

const KEYS = Array.from({ length: 301 }, (_, i) => i);
const byValue = (a: number, b: number) => a - b;

describe('LayeredMap', () => {
  it('reads after any sequence of patches exactly as a plain map patched alike', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 250 }), fc.array(patchArb, { maxLength: 20 }), (baseSize, patches) => {
        const model = new Map(Array.from({ length: baseSize }, (_, i) => [i, -i] as [number, number]));
        let map: ReadonlyMap<number, number> = new Map(model);
        for (const { set, removed } of patches) {
          map = LayeredMap.patch(map, new Map(set), removed);
          for (const key of removed) model.delete(key);
          for (const [key, value] of set) model.set(key, value);
          const read = (m: ReadonlyMap<number, number>) => [
            m.size,
            KEYS.map((key) => [m.has(key), m.get(key)]),
            [...m.keys()].sort(byValue),
          ];
          expect(read(map)).toEqual(read(model));
          expect(new Map(map)).toEqual(model);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('stays one layer over a plain map while the changes are few, and folds them in when they are not', () => {
    const base = new Map(Array.from({ length: 100 }, (_, i) => [i, i] as [number, number]));
    const few = LayeredMap.patch(base, new Map([[1, 10]]), [2]);
    expect(few).toBeInstanceOf(LayeredMap);
    const again = LayeredMap.patch(few, new Map([[3, 30]]), []);
    expect(again).toBeInstanceOf(LayeredMap);
    expect([again.get(1), again.has(2), again.get(3), again.size]).toEqual([10, false, 30, 99]);
    const many = LayeredMap.patch(again, new Map(Array.from({ length: 20 }, (_, i) => [i, 0] as [number, number])), []);
    expect(many).not.toBeInstanceOf(LayeredMap);
    expect(many.size).toBe(100);
  });
});
