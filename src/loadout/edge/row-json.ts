/**
 * Rows travel as JSON: each part of a loadout is one `json_agg` of
 * positional arrays, so a whole organisation is one statement (one round
 * trip and one snapshot, with no transaction around it) and a part of it
 * one more. A field is declared once, as its key and its SQL.
 */
export type Field<R> = readonly [key: keyof R & string, sql: string];

/** `fields` of every row of `from` (a FROM clause with its WHERE) as one JSON array, '[]' for none. */
export const jsonRows = <R>(fields: readonly Field<R>[], from: string, orderBy = ''): string =>
  `(SELECT COALESCE(json_agg(json_build_array(${fields.map(([, sql]) => sql).join(', ')})${orderBy && ` ORDER BY ${orderBy}`}), '[]') FROM ${from})`;

/** Makes one row from its JSON array and the values every row of the organisation shares. */
type RowMaker = (values: readonly unknown[], shared: Record<string, unknown>) => Record<string, unknown>;

const makers = new WeakMap<readonly Field<unknown>[], Map<string, RowMaker>>();

/**
 * The maker of `fields`' rows: one object literal, generated once per field
 * list from its keys (ours, never input). A row given its keys one by one
 * falls into V8's dictionary mode, several times the size, and copying a
 * template of all the keys then storing each by name is far slower (docs/
 * performance.md, "Figures behind the code"); a cache holds thousands of
 * these rows and a cold load builds hundreds. `sharedKeys` (the organisation's id) come from `shared`:
 * one string for all the rows.
 */
function rowMaker(fields: readonly Field<unknown>[], sharedKeys: readonly string[]): RowMaker {
  let byShared = makers.get(fields);
  if (!byShared) makers.set(fields, (byShared = new Map()));
  let make = byShared.get(sharedKeys.join());
  if (!make) {
    const own = fields.map(([key], i) => `${JSON.stringify(key)}: values[${i}]`);
    const common = sharedKeys.map((key) => `${JSON.stringify(key)}: shared[${JSON.stringify(key)}]`);
    make = new Function('values', 'shared', `return { ${[...common, ...own].join(', ')} };`) as RowMaker;
    byShared.set(sharedKeys.join(), make);
  }
  return make;
}

export function decodeRows<R>(fields: readonly Field<R>[], arrays: readonly unknown[][], shared: Partial<R> = {}): R[] {
  const make = rowMaker(fields as readonly Field<unknown>[], Object.keys(shared));
  return arrays.map((values) => make(values, shared) as R);
}
