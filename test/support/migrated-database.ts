import { openDatabase, type Database } from '../../src/db/database';
import { readMigrations } from '../../src/db/migrations';
import { entities } from '../../src/entities';
import { freshDatabase } from './fresh-database';
import { embeddedEmptyTemplate } from './migrated-template';

/** An empty database of the kind this run tests: one of its own on the server of DATABASE_URL, or embedded PGlite. */
export async function emptyDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ entities, dataDir: 'memory://', embeddedTemplate: await embeddedEmptyTemplate() });
    return { db, drop: () => db.close() };
  }
  const fresh = await freshDatabase(serverUrl, 'loadout_migr');
  const db = await openDatabase({ entities, url: fresh.url, dataDir: 'memory://', poolSize: 2 });
  return {
    db,
    drop: async () => {
      await db.close();
      await fresh.drop();
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
