/**
 * A read-only map made of a plain map and the entries later patches set or
 * removed, so a loadout patched from another shares its lookups over every
 * definition instead of rebuilding them: a change that touched one
 * definition of ten thousand costs a few entries, not ten thousand. The
 * changes gather over one plain map (one layer, however many patches) and
 * are folded into a new plain map once they reach an eighth of it.
 */
const REMOVED = Symbol('removed');

export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  readonly size: number;

  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly changes: ReadonlyMap<K, V | typeof REMOVED>,
  ) {
    let size = base.size;
    for (const [key, value] of changes) size += (value === REMOVED ? 0 : 1) - (base.has(key) ? 1 : 0);
    this.size = size;
  }

  /** `map` with `set` set and `removed` removed (a key in both is set). */
  static patch<K, V>(map: ReadonlyMap<K, V>, set: ReadonlyMap<K, V>, removed: Iterable<K>): ReadonlyMap<K, V> {
    const [base, earlier] = map instanceof LayeredMap ? [map.base as ReadonlyMap<K, V>, map.changes] : [map, new Map()];
    const changes = new Map<K, V | typeof REMOVED>(earlier);
    for (const key of removed) changes.set(key, REMOVED);
    for (const [key, value] of set) changes.set(key, value);
    if (changes.size * 8 < base.size) return new LayeredMap(base, changes);
    return new Map(new LayeredMap(base, changes));
  }

  get(key: K): V | undefined {
    if (!this.changes.has(key)) return this.base.get(key);
    const changed = this.changes.get(key);
    return changed === REMOVED ? undefined : changed;
  }

  has(key: K): boolean {
    return this.changes.has(key) ? this.changes.get(key) !== REMOVED : this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) if (!this.changes.has(key)) yield [key, value];
    for (const [key, value] of this.changes) if (value !== REMOVED) yield [key, value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [key, value] of this.entries()) fn(value, key, this);
  }
}
