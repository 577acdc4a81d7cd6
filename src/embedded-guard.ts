import type { Config } from './config';

/** True when something answers Loadout's health check on the configured port. */
async function serverRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * PGlite's data directory is one process's at a time: a second opener would
 * corrupt it. So a command that opens the configured embedded database says
 * so and answers true while a server answers on PORT; on a PostgreSQL server
 * it runs beside the servers.
 */
export async function embeddedDatabaseHeld(config: Config, print: (line: string) => void): Promise<boolean> {
  if (config.databaseUrl || !(await serverRunning(config.port))) return false;
  print(`A server is running on port ${config.port} over the embedded database in ${config.dataDir}.`);
  print('The embedded database takes one process at a time: stop the server, run this again, then start it.');
  return true;
}
