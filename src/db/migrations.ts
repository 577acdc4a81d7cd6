import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { projectRoot } from '../common/project-root';

export interface Migration {
  name: string;
  up: string;
  down: string;
}

/** The record of applied migrations, which no migration creates: the runner makes it, and a dump writes it first. */
export const MIGRATIONS_TABLE_DDL =
  'CREATE TABLE IF NOT EXISTS loadout_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

const DOWN_MARKER = /^--\s*migrate:down\s*$/m;

/**
 * Reads `migrations/<timestamp>-<Name>.sql`: the up script, then `-- migrate:down` and the down script. What a
 * migration may do while the previous release serves: docs/architecture.md, note "Migrations".
 */
export function readMigrations(dir = path.join(projectRoot(), 'migrations')): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+-[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const [up, down] = text.split(DOWN_MARKER);
      if (down === undefined) throw new Error(`migration ${file} lacks a '-- migrate:down' section`);
      return { name: file.replace(/\.sql$/, ''), up, down };
    });
}

/**
 * Applies the pending migrations in one transaction: all of them or, if one
 * fails, none, so a failed start leaves the schema as it found it. The
 * transaction's advisory lock makes two instances starting at once on one
 * server take turns.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const applied: string[] = [];
  await dataSource.transaction(async (manager) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('loadout_migrations'))`);
    await manager.query(MIGRATIONS_TABLE_DDL);
    const done = new Set<string>((await manager.query(`SELECT name FROM loadout_migrations`)).map((r: { name: string }) => r.name));
    for (const migration of readMigrations()) {
      if (done.has(migration.name)) continue;
      await manager.query(migration.up);
      await manager.query(`INSERT INTO loadout_migrations (name) VALUES ($1)`, [migration.name]);
      applied.push(migration.name);
    }
  });
  return applied;
}

/** Names of migrations on disk that the database has not applied (readiness). */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> = await dataSource.query(`SELECT name FROM loadout_migrations`).catch(() => []);
  const done = new Set(rows.map((r) => r.name));
  return readMigrations()
    .map((m) => m.name)
    .filter((n) => !done.has(n));
}
