import DataLoader from 'dataloader';
import { In, type DataSource, type EntityTarget, type FindOptionsOrder, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { isUuid } from './uuid';

/**
 * Per-request loaders, so a list of N objects costs one query per relation
 * rather than N. They batch but do not cache: a subscription's context lives
 * across events, and each event must read fresh rows. Each domain declares
 * its own beside it (`<domain>.loaders.ts`); src/request-loaders.ts gathers them.
 */
export function batched<K, V>(load: (keys: readonly K[]) => Promise<ReadonlyArray<V | Error>>): DataLoader<K, V> {
  return new DataLoader<K, V>(load, { cache: false });
}

type Owned = ObjectLiteral & { id: string; organizationId: string };

/** The organisation's row of each id; null for an unknown id or another organisation's. */
export function byId<T extends Owned>(db: DataSource, organizationId: string, entity: EntityTarget<T>): DataLoader<string, T | null> {
  return batched(async (ids) => {
    const wanted = [...new Set(ids.filter(isUuid))];
    const rows = wanted.length
      ? await db.manager.find(entity, { where: { id: In(wanted), organizationId } as unknown as FindOptionsWhere<T> })
      : [];
    const found = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

/** The organisation's rows whose `column` holds each key, in `order`: a parent's children, one query for every parent. */
export function byColumn<T extends Owned>(
  db: DataSource,
  organizationId: string,
  entity: EntityTarget<T>,
  column: keyof T & string,
  order: FindOptionsOrder<T>,
): DataLoader<string, T[]> {
  return batched(async (keys) => {
    const wanted = [...new Set(keys.filter(isUuid))];
    const rows = wanted.length
      ? await db.manager.find(entity, { where: { [column]: In(wanted), organizationId } as unknown as FindOptionsWhere<T>, order })
      : [];
    const groups = new Map<string, T[]>();
    for (const row of rows) {
      const group = groups.get(row[column]);
      if (group) group.push(row);
      else groups.set(row[column], [row]);
    }
    return keys.map((key) => groups.get(key) ?? []);
  });
}

/** Each key's value, or the error it alone failed with: one bad key in a batch does not fail the others. */
export function each<K, V>(keys: readonly K[], valueOf: (key: K) => V): Array<V | Error> {
  return keys.map((key) => {
    try {
      return valueOf(key);
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  });
}
