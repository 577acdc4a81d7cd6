import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/common/project-root';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run build` for the files that run the built server. The build itself
 * compiles only what changed; test files running side by side take turns (a
 * directory made atomically is the lock), so none starts a server while
 * another file's build is bundling the pages it serves.
 */
export async function buildOnce(): Promise<void> {
  const root = projectRoot();
  const lock = path.join(root, 'dist', '.building');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than any build is one a killed run left.
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      await sleep(200);
    }
  }
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
