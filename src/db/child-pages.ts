import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { pageOf, pageSize, type CursorCodec, type Page } from '../common/pagination';

/**
 * A list that hangs off a parent row (a conversation's turns, an agent's
 * events): its rows in the order of a key unique within the parent, indexed
 * on (parent, key), with cursors scoped to the organisation and the parent.
 */
export interface ChildList<T extends ObjectLiteral, K extends number | string> {
  entity: EntityTarget<T>;
  table: string;
  parentColumn: string;
  keyColumn: string;
  /** The key's SQL type, which the `after` keys are cast to. */
  keyType: 'int' | 'bigint';
  order: 'ASC' | 'DESC';
  parentOf: (row: T) => string;
  keyOf: (row: T) => K;
  cursors: CursorCodec<K>;
}

/** Where a cursor of a child list is valid: the organisation and the parent. */
const childScope = (organizationId: string, parentId: string): string => `${organizationId}/${parentId}`;

/** A page of one parent's rows: `size` of them past the key `after` in list order (null: from the first). */
export interface ChildPageRequest<K> {
  parentId: string;
  size: number;
  after: K | null;
}

/** The page `first` and `after` ask for of one parent's list; BAD_USER_INPUT naming either. */
export function childPageRequest<K extends number | string>(
  list: Pick<ChildList<ObjectLiteral, K>, 'cursors'>,
  organizationId: string,
  parentId: string,
  first?: number | null,
  after?: string | null,
): ChildPageRequest<K> {
  return {
    parentId,
    size: pageSize(first),
    after: after === null || after === undefined ? null : list.cursors.decode(after, childScope(organizationId, parentId)),
  };
}

/**
 * Pages of many parents' lists (a list of parents, each with its children)
 * in two statements for all of them: each request's next rows through the
 * (parent, key) index, one more than its page to tell whether more follow,
 * and each parent's count.
 */
export async function childPages<T extends ObjectLiteral, K extends number | string>(
  db: DataSource,
  list: ChildList<T, K>,
  organizationId: string,
  requests: ReadonlyArray<ChildPageRequest<K>>,
): Promise<Array<Page<T>>> {
  const { table, parentColumn: parent, keyColumn: key, order } = list;
  const past = order === 'ASC' ? '>' : '<';
  const [rows, counts]: [T[], Array<{ parent_id: string; n: number }>] = await Promise.all([
    db.manager
      .createQueryBuilder(list.entity, 'c')
      .where(
        `c.organization_id = :org AND (c.${parent}, c.${key}) IN (SELECT r.parent_id, x.key
           FROM unnest(CAST(:parents AS uuid[]), CAST(:afters AS ${list.keyType}[]), CAST(:takes AS int[])) AS r(parent_id, after_key, take)
           CROSS JOIN LATERAL (SELECT ${key} AS key FROM ${table} WHERE ${parent} = r.parent_id AND organization_id = :org
                                 AND (r.after_key IS NULL OR ${key} ${past} r.after_key) ORDER BY ${key} ${order} LIMIT r.take) x)`,
        {
          parents: requests.map((r) => r.parentId),
          afters: requests.map((r) => r.after),
          takes: requests.map((r) => r.size + 1),
          org: organizationId,
        },
      )
      .orderBy(`c.${key}`, order)
      .getMany(),
    db.query(
      `SELECT ${parent} AS parent_id, count(*)::int AS n FROM ${table} WHERE organization_id = $1 AND ${parent} = ANY($2::uuid[]) GROUP BY ${parent}`,
      [organizationId, [...new Set(requests.map((r) => r.parentId))]],
    ),
  ]);
  const totals = new Map(counts.map((c) => [c.parent_id, c.n]));
  // Keys compared as integers: a bigint key arrives as its decimal text.
  const isPast = (row: T, after: K | null) => {
    if (after === null) return true;
    const [k, a] = [BigInt(list.keyOf(row)), BigInt(after)];
    return order === 'ASC' ? k > a : k < a;
  };
  return requests.map((r) =>
    pageOf(
      rows.filter((row) => list.parentOf(row) === r.parentId && isPast(row, r.after)),
      r.size,
      (row) => list.cursors.encode(list.keyOf(row), childScope(organizationId, r.parentId)),
      totals.get(r.parentId) ?? 0,
    ),
  );
}
