import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type Database } from '../src/db/database';
import { entities } from '../src/entities';
import { readMigrations, runMigrations } from '../src/db/migrations';

/** A fresh database of the kind this run tests: the server of DATABASE_URL, or embedded PGlite. */
async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
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

let db: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
});
afterAll(() => drop());

it('applies every migration once, and again is a no-op', async () => {
  const all = readMigrations().map((m) => m.name);
  expect(await runMigrations(db.dataSource)).toEqual(all);
  expect(await runMigrations(db.dataSource)).toEqual([]);
});

it('leaves nothing for the entities to change: entities and migrations agree', async () => {
  const pending = await db.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries.map((q) => q.query)).toEqual([]);
});

it('can be rolled back completely by the down scripts', async () => {
  await db.dataSource
    .transaction(async (tx) => {
      for (const m of readMigrations().reverse()) await tx.query(m.down);
      const tables: Array<{ table_name: string }> = await tx.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'loadout_migrations'`,
      );
      expect(tables).toEqual([]);
      // Leave the database as the other tests found it.
      throw new RollbackForTest();
    })
    .catch((e) => {
      if (!(e instanceof RollbackForTest)) throw e;
    });
  const pending = await db.dataSource.driver.createSchemaBuilder().log();
  expect(pending.upQueries).toEqual([]);
});

class RollbackForTest extends Error {}
