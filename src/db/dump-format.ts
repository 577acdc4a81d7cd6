/**
 * The text of a plain SQL dump, as psql loads it: pure functions over the
 * values the database printed (every value is read as PostgreSQL's own text,
 * so it is read back exactly: microseconds, floats, arrays, JSON).
 */

/** An identifier as SQL writes it, whatever it contains. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A string literal (standard_conforming_strings on, which the dump sets). */
export const quoteLiteral = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** The settings the load runs under, and its one transaction: a load that fails leaves the database empty. */
export const DUMP_HEADER = [
  '-- Loadout database dump. Load it into an empty database:',
  '--   psql -X -v ON_ERROR_STOP=1 -d <database url> -f <this file>',
  "SET client_encoding = 'UTF8';",
  'SET standard_conforming_strings = on;',
  'SET client_min_messages = warning;',
  'BEGIN;',
  '',
].join('\n');

export const DUMP_FOOTER = 'COMMIT;\n';

/** One applied migration's up script, as the migration runner ran it. */
export function migrationSection(name: string, up: string): string {
  return `-- migration ${name}\n${up.trim()}\n\n`;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: NULL is \N, and a backslash, newline, carriage return or tab is escaped. */
export const copyField = (value: string | null): string => (value === null ? '\\N' : value.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]));

export const copyRow = (values: Array<string | null>): string => `${values.map(copyField).join('\t')}\n`;

/** Opens a table's rows; the rows follow, then copyEnd. */
export const copyStart = (table: string, columns: string[]): string =>
  `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM stdin;\n`;

export const copyEnd = '\\.\n\n';

/** Sets the sequence behind a serial or identity column where the source left it, so new rows get fresh numbers. */
export const setSequence = (table: string, column: string, lastValue: string, isCalled: boolean): string =>
  `SELECT pg_catalog.setval(pg_get_serial_sequence(${quoteLiteral(quoteIdent(table))}, ${quoteLiteral(column)}), ${lastValue}, ${isCalled});\n`;

export interface ForeignKey {
  table: string;
  references: string;
}

/**
 * The tables ordered so that every table comes after those it references
 * (a table referencing itself loads in one COPY, checked at its end); ties
 * by name, so a dump is the same text each time. A cycle cannot be loaded
 * table by table: it is refused, naming the tables.
 */
export function tablesInDependencyOrder(tables: string[], foreignKeys: ForeignKey[]): string[] {
  const known = new Set(tables);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { table, references } of foreignKeys) {
    if (table !== references && known.has(table) && known.has(references)) needs.get(table)!.add(references);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const sorted = [...tables].sort();
  while (ordered.length < tables.length) {
    const next = sorted.find((t) => !placed.has(t) && [...needs.get(t)!].every((n) => placed.has(n)));
    if (next === undefined) {
      const stuck = sorted.filter((t) => !placed.has(t));
      throw new Error(`the foreign keys of ${stuck.join(', ')} form a cycle: no order loads them`);
    }
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}
