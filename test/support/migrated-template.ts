import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase } from '../../src/db/database';
import { readMigrations, runMigrations } from '../../src/db/migrations';
import { entities } from '../../src/entities';

/*
 * A database with every migration applied, made once per set of migrations
 * and copied for each test server: booting PGlite from an empty data
 * directory (initdb) and migrating costs seconds a server, copying a
 * migrated one a fraction of that. The key changes with any migration, so a
 * copy never lags the code.
 */

/** Names the migrations on disk by their content. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations()) hash.update(`${migration.name}\0${migration.up}\0${migration.down}\0`);
  return hash.digest('hex').slice(0, 12);
}

let embedded: Promise<Blob> | undefined;

/** The migrated embedded database as PGlite's data-directory tarball, kept in the system's temporary directory. */
export function embeddedTemplate(): Promise<Blob> {
  embedded ??= loadOrBuildEmbedded();
  return embedded;
}

async function loadOrBuildEmbedded(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `loadout-test-template-${migrationsKey()}.tar`);
  if (!fs.existsSync(file)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-template-'));
    try {
      const db = await openDatabase({ entities, dataDir: dir });
      await runMigrations(db.dataSource);
      await db.close();
      const pglite = await PGlite.create(dir);
      const tarball = await pglite.dumpDataDir('none');
      await pglite.close();
      // Written whole under another name, then renamed: a reader never sees half a file, and two writers' copies are alike.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

const serverTemplates = new Map<string, Promise<string>>();

/** The name of the migrated template database on the PostgreSQL server of `serverUrl`, made there if it is not yet. */
export function serverTemplate(serverUrl: string): Promise<string> {
  let template = serverTemplates.get(serverUrl);
  if (!template) {
    template = ensureServerTemplate(serverUrl);
    serverTemplates.set(serverUrl, template);
  }
  return template;
}

async function ensureServerTemplate(serverUrl: string): Promise<string> {
  const name = `loadout_template_${migrationsKey()}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Test runs sharing the server take turns making it; the rest find it made.
    await admin.query(`SELECT pg_advisory_lock(hashtext('loadout_test_template'))`);
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    if (rowCount === 0) {
      // Migrated under a name of its own and renamed when done, so a run cut short leaves no half-migrated template.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const db = await openDatabase({ entities, url: url.toString(), dataDir: 'memory://', poolSize: 1 });
      await runMigrations(db.dataSource);
      await db.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.end();
  }
  return name;
}
