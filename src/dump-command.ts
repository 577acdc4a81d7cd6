import 'reflect-metadata';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { readConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { dumpDatabase, type DumpWriter } from './db/dump';
import { embeddedDatabaseHeld } from './embedded-guard';
import { entities } from './entities';

const USAGE = 'usage: npm run db:dump -- --out <file>   (without --out, to stdout: npm run --silent db:dump > <file>)';

const writerOf =
  (stream: Writable): DumpWriter =>
  async (text) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };

/**
 * `npm run db:dump`: a plain SQL dump of the configured database (the same
 * variables as `npm start`), to load with psql into an empty database of a
 * PostgreSQL server, or to keep as a backup. Messages go to `print`, so the
 * dump alone goes to stdout.
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
    if (!values.out) {
      await dumpDatabase(db.dataSource, writerOf(stdout));
      return 0;
    }
    // Written beside the target and renamed when complete, so a failed dump never leaves a file that looks whole.
    const partial = `${values.out}.partial`;
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
    fs.renameSync(partial, values.out);
    print(`Wrote ${values.out}. Load it into an empty database: psql -X -v ON_ERROR_STOP=1 -d <database url> -f ${values.out}`);
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
