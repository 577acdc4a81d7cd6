import 'reflect-metadata';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { projectRoot } from './common/project-root';
import { readConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { dumpDatabase, type DumpWriter } from './db/dump';
import { embeddedDatabaseHeld } from './embedded-guard';
import { entities } from './entities';

const USAGE = [
  'usage: npm run db:dump [-- --out <file>]',
  '  without --out: into dumps/ (ignored by git), or to stdout when it is not a terminal: npm run --silent db:dump > <file>',
].join('\n');

/** Where a dump goes without --out: dumps/ of the project, which git ignores (the dump holds the keys' hashes). */
export const defaultDumpFile = (now: Date): string =>
  path.join(projectRoot(), 'dumps', `loadout-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.sql`);

const writerOf =
  (stream: Writable): DumpWriter =>
  async (text) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };

/**
 * `npm run db:dump`: a plain SQL dump of the configured database (the same
 * variables as `npm start`), to load with psql into an empty database of a
 * PostgreSQL server, or to keep as a backup. Messages go to `print`, so a
 * dump sent to stdout (not a terminal) is the dump alone.
 */
export async function dumpCommand(
  args: string[],
  config: Config,
  print: (line: string) => void,
  stdout: Writable = process.stdout,
): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help) {
    print(USAGE);
    return 0;
  }
  if (embeddedDatabaseHeld(config, print)) return 1;
  // PGlite would create an empty database in a directory that is not there.
  if (!config.databaseUrl && config.dataDir !== 'memory://' && !fs.existsSync(config.dataDir)) {
    print(`No embedded database in ${config.dataDir}: set LOADOUT_DATA_DIR (or DATABASE_URL) as for npm start.`);
    return 1;
  }
  const db = await openDatabase({ entities, url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    if (!values.out && !(stdout as Partial<NodeJS.WriteStream>).isTTY) {
      await dumpDatabase(db.dataSource, writerOf(stdout));
      return 0;
    }
    const out = values.out ?? defaultDumpFile(new Date());
    if (!values.out) fs.mkdirSync(path.dirname(out), { recursive: true });
    // Written beside the target and renamed when complete, so a failed dump never leaves a file that looks whole.
    const partial = `${out}.partial`;
    const file = fs.createWriteStream(partial, { mode: 0o600 });
    try {
      await dumpDatabase(db.dataSource, writerOf(file));
      file.end();
      await finished(file);
    } catch (error) {
      file.destroy();
      fs.rmSync(partial, { force: true });
      throw error;
    }
    fs.renameSync(partial, out);
    const shown = path.relative(process.cwd(), out).startsWith('..') ? out : path.relative(process.cwd(), out);
    print(`Wrote ${shown}${values.out ? '' : ' (dumps/ is ignored by git)'}.`);
    print(`Load it into an empty database: psql -X -v ON_ERROR_STOP=1 -d <database url> -f ${shown}`);
    return 0;
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  dumpCommand(process.argv.slice(2), readConfig(), (line) => console.error(line)).then(
    (code) => {
      // Not process.exit: the dump may still be flowing into a pipe.
      process.exitCode = code;
    },
    (error) => {
      console.error('npm run db:dump failed:', (error as Error).message);
      process.exitCode = 1;
    },
  );
}
