import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../src/db/database';
import { readMigrations } from '../../src/db/migrations';
import { entities } from '../../src/entities';

/** A fresh database of the kind this run tests: the server of DATABASE_URL, or embedded PGlite. */
export async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ entities, dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const name = `loadout_migr_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ entities, url: url.toString(), dataDir: 'memory://', poolSize: 2 });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Applies, and records as the runner does, every migration before `name`: a database as an earlier release left it. */
export async function migrateBefore(ds: Database['dataSource'], name: string): Promise<void> {
  await ds.query(`CREATE TABLE loadout_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const m of readMigrations().filter((m) => m.name < name)) {
    await ds.query(m.up);
    await ds.query(`INSERT INTO loadout_migrations (name) VALUES ($1)`, [m.name]);
  }
}
