import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
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

it('keeps one definition per name and scope, a missing project or agent counting as one scope', async () => {
  const insert = (tx: EntityManager, org: string, agent: string | null) =>
    tx.query(
      `INSERT INTO tool_definitions (organization_id, agent_id, source, name, description, input_schema, content_hash)
         VALUES ($1, $2, 'CUSTOM', 'q', 'd', '{}', 'h')`,
      [org, agent],
    );
  await db.dataSource
    .transaction(async (tx) => {
      const [{ id: org }]: Array<{ id: string }> = await tx.query(`INSERT INTO organizations (name) VALUES ('o') RETURNING id`);
      const [{ id: agent }]: Array<{ id: string }> = await tx.query(
        `INSERT INTO agents (organization_id, name, model) VALUES ($1, 'a', 'm') RETURNING id`,
        [org],
      );
      await insert(tx, org, null);
      await insert(tx, org, agent);
      await expect(tx.query('SAVEPOINT twice').then(() => insert(tx, org, null))).rejects.toMatchObject({
        driverError: { code: '23505' },
      });
      await tx.query('ROLLBACK TO SAVEPOINT twice');
      await expect(insert(tx, org, agent)).rejects.toMatchObject({ driverError: { code: '23505' } });
      throw new RollbackForTest();
    })
    .catch((e) => {
      if (!(e instanceof RollbackForTest)) throw e;
    });
});

class RollbackForTest extends Error {}
