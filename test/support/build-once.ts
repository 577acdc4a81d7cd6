import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../src/common/project-root';

/** What `npm run build` reads: the sources and the files that configure the build. */
function buildInputs(root: string): string[] {
  const sources = fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).map((file) => path.join('src', file));
  return [...sources, 'package.json', 'tsconfig.json', 'tsconfig.build.json']
    .filter((file) => fs.statSync(path.join(root, file)).isFile())
    .sort();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm run build`, unless dist/ was last built by this helper from exactly
 * the sources there now: the files that run the built server share one
 * build, and an edit anywhere in src/ makes the next one build again. Test
 * files running side by side take turns (a directory made atomically is
 * the lock), so none starts a server from half-written files.
 */
export async function buildOnce(): Promise<void> {
  const root = projectRoot();
  const hash = createHash('sha256');
  for (const file of buildInputs(root))
    hash
      .update(`${file}\0`)
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  const digest = hash.digest('hex');
  const stamp = path.join(root, 'dist', '.built-from');
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
    if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest) return;
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
    fs.writeFileSync(stamp, digest);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
