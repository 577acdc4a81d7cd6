import type { DataSource, EntityManager } from 'typeorm';
import {
  DUMP_FOOTER,
  DUMP_HEADER,
  copyEnd,
  copyRow,
  copyStart,
  migrationSection,
  quoteIdent,
  setSequence,
  tablesInDependencyOrder,
  type ForeignKey,
} from './dump-format';
import { MIGRATIONS_TABLE_DDL, readMigrations } from './migrations';

/** Where the dump's text goes; resolves once the text is taken (a stream's backpressure). */
export type DumpWriter = (text: string) => Promise<void>;

/** Rows read per round trip: a large call log streams through in bounded memory. */
const BATCH_ROWS = 1000;

const MIGRATIONS_TABLE = 'loadout_migrations';

interface Column {
  table: string;
  name: string;
  /** Collatable (text-like): sorted byte-wise, so both databases list rows in one order. */
  collatable: boolean;
  /** The sequence that numbers it (a serial or identity column), as a name to read it by. */
  sequence: string | null;
  primaryKey: boolean;
}

/**
 * Writes a plain SQL dump of Loadout's tables: the schema as the applied
 * migrations build it (and their record, so a server started on the loaded
 * database applies none of them again), then every table's rows with COPY in
 * foreign-key order, then the sequences. Reads one snapshot and writes
 * nothing, on either database.
 */
export async function dumpDatabase(dataSource: DataSource, write: DumpWriter): Promise<void> {
  const tablesOfEntities = new Set([MIGRATIONS_TABLE, ...dataSource.entityMetadatas.map((m) => m.tableName)]);
  await dataSource.transaction('REPEATABLE READ', async (manager) => {
    await manager.query('SET TRANSACTION READ ONLY');
    // Values print the same way on every database, whatever its or the role's settings.
    await manager.query(`SET LOCAL TimeZone = 'UTC'`);
    await manager.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
    await manager.query(`SET LOCAL IntervalStyle = 'postgres'`);
    await manager.query(`SET LOCAL extra_float_digits = 3`);
    // A large call log may take longer than a request may; the servers' own statements keep their limit.
    await manager.query(`SET LOCAL statement_timeout = 0`);

    await write(DUMP_HEADER);
    await write(`${MIGRATIONS_TABLE_DDL};\n\n`);
    for (const migration of await appliedMigrations(manager)) await write(migrationSection(migration.name, migration.up));

    const columns = (await readColumns(manager)).filter((c) => tablesOfEntities.has(c.table));
    const tables = [...new Set(columns.map((c) => c.table))];
    for (const table of tablesInDependencyOrder(tables, await readForeignKeys(manager))) {
      await writeRows(
        manager,
        table,
        columns.filter((c) => c.table === table),
        write,
      );
    }
    for (const column of columns) {
      if (column.sequence === null) continue;
      const [{ lastValue, isCalled }] = await manager.query(
        `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${column.sequence}`,
      );
      await write(setSequence(column.table, column.name, lastValue, isCalled));
    }
    await write(`\n${DUMP_FOOTER}`);
  });
}

/** The migrations this database applied, in the runner's order; one this code does not have cannot be rebuilt. */
async function appliedMigrations(manager: EntityManager) {
  const [{ present }] = await manager.query(`SELECT to_regclass('${MIGRATIONS_TABLE}') IS NOT NULL AS present`);
  if (!present) throw new Error('this database holds no Loadout schema (no migration was ever applied): nothing to dump');
  const applied = new Set<string>((await manager.query(`SELECT name FROM ${MIGRATIONS_TABLE}`)).map((r: { name: string }) => r.name));
  const known = readMigrations().filter((m) => applied.has(m.name));
  const unknown = [...applied].filter((name) => !known.some((m) => m.name === name));
  if (unknown.length)
    throw new Error(`the database applied migrations this code does not have (${unknown.join(', ')}): dump it with the code that wrote it`);
  return known;
}

async function readColumns(manager: EntityManager): Promise<Column[]> {
  // Ordinary and partitioned tables (not their partitions, whose rows the parent lists), their stored columns in order.
  return manager.query(
    `SELECT c.relname AS "table", a.attname AS "name", a.attcollation <> 0 AS "collatable",
            pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS "sequence",
            EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary AND a.attnum = ANY (i.indkey)) AS "primaryKey"
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
  );
}

async function readForeignKeys(manager: EntityManager): Promise<ForeignKey[]> {
  return manager.query(
    `SELECT DISTINCT r.relname AS "table", f.relname AS "references"
       FROM pg_constraint c
       JOIN pg_class r ON r.oid = c.conrelid
       JOIN pg_class f ON f.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = r.relnamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
}

/** A table's rows in primary-key order (every column where it has none), each value as PostgreSQL prints it. */
async function writeRows(manager: EntityManager, table: string, columns: Column[], write: DumpWriter): Promise<void> {
  const names = columns.map((c) => c.name);
  const keys = columns.some((c) => c.primaryKey) ? columns.filter((c) => c.primaryKey) : columns;
  const orderBy = keys.map((c) => `t.${quoteIdent(c.name)}${c.collatable ? ' COLLATE "C"' : ''}`).join(', ');
  const selected = names.map((name, i) => `t.${quoteIdent(name)}::text AS c${i}`).join(', ');
  await write(copyStart(table, names));
  await manager.query(`DECLARE loadout_dump NO SCROLL CURSOR FOR SELECT ${selected} FROM ${quoteIdent(table)} t ORDER BY ${orderBy}`);
  for (;;) {
    const rows: Array<Record<string, string | null>> = await manager.query(`FETCH ${BATCH_ROWS} FROM loadout_dump`);
    if (rows.length) await write(rows.map((row) => copyRow(names.map((_, i) => row[`c${i}`]))).join(''));
    if (rows.length < BATCH_ROWS) break;
  }
  await manager.query('CLOSE loadout_dump');
  await write(copyEnd);
}
