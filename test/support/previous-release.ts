import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../src/common/project-root';

/**
 * The release an upgrade starts from (docs/operations.md, "Upgrades"): the
 * commit just before migration 1764400029000-TurnSituations landed, so this
 * release has a migration to apply while that one serves.
 */
export const PREVIOUS_RELEASE = '73018ee742229e6ba244170e3881ca2d79ba3307';

/**
 * The previous release's source, built, in a folder of the temporary
 * directory kept between runs: taken from git (CI runs in a full clone), with
 * this checkout's node_modules when both lock files are one, else its own
 * from `npm ci`. Made in a folder of its own and renamed into place, so a
 * run cut short leaves nothing half built behind.
 */
export function previousReleaseBuilt(commit = PREVIOUS_RELEASE): string {
  const root = projectRoot();
  // By checkout and its lock file: the build may use that checkout's node_modules.
  const checkout = createHash('sha256')
    .update(root)
    .update(fs.readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex')
    .slice(0, 8);
  const dir = path.join(os.tmpdir(), `loadout-release-${commit.slice(0, 12)}-${checkout}`);
  if (fs.existsSync(path.join(dir, 'dist', 'src', 'main.js'))) return dir;
  try {
    execFileSync('git', ['-C', root, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
  } catch {
    throw new Error(`commit ${commit} is not in this clone's history: run \`git fetch --unshallow\` (a shallow clone lacks it)`);
  }
  const staging = fs.mkdtempSync(`${dir}.staging-`);
  try {
    execSync(`git -C '${root}' archive --format=tar ${commit} | tar -x -C '${staging}'`, { stdio: ['ignore', 'ignore', 'inherit'] });
    const sameLock =
      fs.readFileSync(path.join(staging, 'package-lock.json'), 'utf8') === fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (sameLock) fs.symlinkSync(path.join(root, 'node_modules'), path.join(staging, 'node_modules'), 'dir');
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: staging, stdio: ['ignore', 'ignore', 'inherit'] });
    execFileSync(process.execPath, [path.join(staging, 'scripts', 'build.mjs')], { cwd: staging, stdio: ['ignore', 'ignore', 'inherit'] });
    fs.renameSync(staging, dir);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another run renamed its build into place first: that one serves.
    if (fs.existsSync(path.join(dir, 'dist', 'src', 'main.js'))) return dir;
    throw error;
  }
  return dir;
}

/** A release's server running as its own process on 127.0.0.1. */
export interface ReleaseProcess {
  url: string;
  /** What it printed, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `dist/src/main.js` of the release in `dir`, resolving once it says where it listens. */
export function startRelease(dir: string, env: Record<string, string>): Promise<ReleaseProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(dir, 'dist', 'src', 'main.js')], {
    cwd: dir,
    env: { ...process.env, PORT: '0', LOADOUT_DEMO: '0', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`release in ${dir} did not start within 60 s: ${out}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const listening = /listening on (http:\/\/\S+)/.exec(out);
      if (!listening) return;
      clearTimeout(timer);
      resolve({
        url: listening[1],
        output: () => out,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`release in ${dir} exited ${code}: ${out}`));
    });
  });
}
