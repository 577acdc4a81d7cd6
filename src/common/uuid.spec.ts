import { blockUuid, isUuid, uuidBlockPrefix, UUID_BLOCK_SIZE } from './uuid';

describe('uuidBlockPrefix and blockUuid', () => {
  it('make distinct UUIDs of version 7 and RFC variant, carrying the millisecond first and the number last', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const prefix = uuidBlockPrefix(at);
    const ids = [1, 2, 500, UUID_BLOCK_SIZE].map((n) => blockUuid(prefix, n));
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
      expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
    }
    expect(ids.map((id) => parseInt(id.slice(-6), 16))).toEqual([1, 2, 500, UUID_BLOCK_SIZE]);
  });

  it('orders a block by number, and ids of a later millisecond after those of an earlier one', () => {
    const prefix = uuidBlockPrefix(1_000);
    expect(blockUuid(prefix, 9) < blockUuid(prefix, 10)).toBe(true);
    expect(blockUuid(prefix, UUID_BLOCK_SIZE) < blockUuid(uuidBlockPrefix(1_001), 1)).toBe(true);
  });

  it('gives two blocks of one millisecond different random bits', () => {
    const prefixes = new Set(Array.from({ length: 1000 }, () => uuidBlockPrefix(5)));
    expect(prefixes.size).toBe(1000);
  });
});
