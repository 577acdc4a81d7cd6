import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite's data directory is one process's at a time: a second opener would
 * corrupt it. Whoever opens it (the server, `npm run key`, `npm run
 * db:dump`) writes its pid to this file first, and removes it on close; a
 * file whose process is gone (a crash, a kill -9) is stale and taken over.
 */
const HOLDER_FILE = 'loadout.pid';

/** The directories this process holds: a second opener here is refused too. */
const heldHere = new Set<string>();

/** The pid of the live process that holds the directory (this one's, if it holds it already); null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  if (heldHere.has(path.resolve(dataDir))) return process.pid;
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export class DataDirHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is held by process ${pid}: it takes one process at a time`);
  }
}

/** Holds the directory for this process until the returned release is called; DataDirHeldError if a live process holds it. */
export function holdDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, HOLDER_FILE);
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = dataDirHolder(dataDir);
      if (pid !== null) throw new DataDirHeldError(dataDir, pid);
      // A file naming this process that it does not hold is left by an earlier opener that never closed: stale too.
      // Stale (its process is gone) or ours: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  const key = path.resolve(dataDir);
  heldHere.add(key);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    heldHere.delete(key);
    fs.rmSync(file, { force: true });
  };
}
