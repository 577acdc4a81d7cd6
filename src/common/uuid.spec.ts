import { isUuid, timeOrderedUuids } from './uuid';

describe('timeOrderedUuids', () => {
  it('makes distinct UUIDs of version 7 and RFC variant, carrying the millisecond first', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const ids = timeOrderedUuids(500, at);
    expect(new Set(ids).size).toBe(500);
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
      expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    }
  });

  it('orders ids of a later millisecond after those of an earlier one', () => {
    const [earlier] = timeOrderedUuids(1, 1_000);
    const [later] = timeOrderedUuids(1, 1_001);
    expect(earlier < later).toBe(true);
  });
});
