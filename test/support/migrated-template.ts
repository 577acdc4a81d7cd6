import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { openDatabase } from '../../src/db/database';
import { readMigrations, runMigrations } from '../../src/db/migrations';
import { entities } from '../../src/entities';
import { freshDatabase } from './fresh-database';

/*
 * Databases made once and copied for each test: initdb and the migrations
 * cost seconds a database, loading a copy a fraction of that. An embedded
 * copy is PGlite's data-directory tarball in the system's temporary
 * directory, a server's a template database; each is named by what made it
 * (PGlite's release, the trim below, the migrations' content), so a copy
 * never lags the code.
 */

/*
 * What an embedded copy leaves out so that it starts in less than half the
 * time: the template databases (nothing creates a database in PGlite) and
 * most of the shared buffers PostgreSQL fills at every start. A test's data
 * is a few megabytes; the product keeps PGlite's defaults.
 */
const EMBEDDED_TRIM = [
  `ALTER SYSTEM SET shared_buffers = '32MB'`,
  'ALTER DATABASE template0 IS_TEMPLATE false',
  'DROP DATABASE template0',
  'ALTER DATABASE template1 IS_TEMPLATE false',
  'DROP DATABASE template1',
];
const PGLITE_PACKAGE = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
const EMBEDDED_KEY = createHash('sha256')
  .update(`${(JSON.parse(fs.readFileSync(PGLITE_PACKAGE, 'utf8')) as { version: string }).version}\0${EMBEDDED_TRIM.join('\0')}`)
  .digest('hex')
  .slice(0, 6);

/** Names the migrations on disk by their content. */
export function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const migration of readMigrations()) hash.update(`${migration.name}\0${migration.up}\0${migration.down}\0`);
  return hash.digest('hex').slice(0, 12);
}

let empty: Promise<Blob> | undefined;
let migrated: Promise<Blob> | undefined;

/** An embedded database as initdb leaves it, trimmed: what a spec of the migrations starts from. */
export function embeddedEmptyTemplate(): Promise<Blob> {
  empty ??= embeddedCopy(`empty-${EMBEDDED_KEY}`, async (dir) => {
    const pglite = await PGlite.create(dir);
    for (const statement of EMBEDDED_TRIM) await pglite.exec(statement);
    await pglite.close();
  });
  return empty;
}

/** The migrated embedded database: what each test server starts from. */
export function embeddedTemplate(): Promise<Blob> {
  migrated ??= embeddedCopy(`migrated-${EMBEDDED_KEY}-${migrationsKey()}`, async (dir) => {
    const db = await openDatabase({ entities, dataDir: dir, embeddedTemplate: await embeddedEmptyTemplate() });
    await runMigrations(db.dataSource);
    await db.close();
  });
  return migrated;
}

/** The copy named `name`, made first in a new data directory by `make` if no run has made it yet. */
async function embeddedCopy(name: string, make: (dataDir: string) => Promise<void>): Promise<Blob> {
  const file = path.join(os.tmpdir(), `loadout-test-${name}.tar`);
  if (!fs.existsSync(file)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-template-'));
    try {
      await make(dir);
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

/** A migrated database for a server in a process of its own, as its environment names it, and how to remove it. */
export interface BuiltServerDatabase {
  env: { DATABASE_URL?: string; LOADOUT_DATA_DIR: string };
  drop(): Promise<void>;
}

/** A copy of the template on DATABASE_URL's server, or else a new data directory holding the embedded copy. */
export async function migratedDatabaseFor(prefix: string): Promise<BuiltServerDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await freshDatabase(serverUrl, prefix, await serverTemplate(serverUrl));
    return { env: { DATABASE_URL: database.url, LOADOUT_DATA_DIR: 'memory://' }, drop: () => database.drop() };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const pglite = await PGlite.create({ dataDir, loadDataDir: await embeddedTemplate() });
  await pglite.close();
  return { env: { LOADOUT_DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
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
