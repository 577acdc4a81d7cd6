import type { Config } from './config';
import { dataDirHolder } from './db/data-dir-lock';

/**
 * PGlite's data directory is one process's at a time (db/data-dir-lock.ts):
 * a command that opens the configured embedded database says so and answers
 * true while another Loadout process holds it, whatever port that one
 * serves on; on a PostgreSQL server it runs beside the servers.
 */
export function embeddedDatabaseHeld(config: Config, print: (line: string) => void): boolean {
  if (config.databaseUrl || config.dataDir === 'memory://') return false;
  const pid = dataDirHolder(config.dataDir);
  if (pid === null) return false;
  print(`A Loadout process (pid ${pid}) is running over the embedded database in ${config.dataDir}.`);
  print('The embedded database takes one process at a time: stop the server, run this again, then start it.');
  return true;
}
