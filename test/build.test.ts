import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run build` on a copy of the project: the first build compiles every
 * file and bundles both pages, the next does only what its inputs' changes
 * need, and says so in its one line.
 */
const root = path.join(__dirname, '..');
let dir: string;

/** Runs the build in the copy; answers the line it printed (on stderr, so stdout stays free for a command's output). */
function build(): string {
  const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, encoding: 'utf8' });
  expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: '' });
  return run.stderr.trim();
}

const edit = (file: string, change: (text: string) => string) =>
  fs.writeFileSync(path.join(dir, file), change(fs.readFileSync(path.join(dir, file), 'utf8')));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-build-'));
  for (const part of ['src', 'scripts', 'package.json', 'package-lock.json']) {
    fs.cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('compiles every shipped file and bundles every page the first time, then nothing while nothing changed', () => {
  expect(build()).toMatch(
    /^build \d+\.\d s: compiled (\d+) of \1 files, bundled the debugger page, bundled the loadout page, bundled the GraphQL explorer$/,
  );
  for (const file of [
    'src/main.js',
    'src/loadout/tokens/anthropic-overheads.json',
    'debugger/debugger.js',
    'loadout/loadout.js',
    'explorer/explorer.js',
  ]) {
    expect(fs.existsSync(path.join(dir, 'dist', file))).toBe(true);
  }
  expect(fs.existsSync(path.join(dir, 'dist/src/startup-messages.spec.js'))).toBe(false);
  expect(build()).toMatch(/^build \d+\.\d s: up to date$/);
});

it('compiles a changed file alone, and the build runs the change', async () => {
  edit('src/startup-messages.ts', (text) => text.replace("'Paste into the terminal you run the examples in:'", "'Paste these:'"));
  expect(build()).toMatch(/^build \d+\.\d s: compiled 1 of \d+ files$/);
  const built = (await import(path.join(dir, 'dist/src/startup-messages.js'))) as { exportLines: (url: string, key: string) => string[] };
  const { exportLines } = built;
  expect(exportLines('http://localhost:4000', 'lo_x')[0]).toBe('Paste these:');
});

it('bundles a page again when a file it imports changed, even one outside its folder', () => {
  // Every page imports the shared key storage.
  edit('src/pages/web/api.ts', (text) => `${text}\n// changed\n`);
  expect(build()).toMatch(/compiled 1 of \d+ files, bundled the debugger page, bundled the loadout page, bundled the GraphQL explorer$/);
  edit('src/pages/debugger/web/index.html', (text) => text.replace('</body>', '<!-- changed --></body>'));
  expect(build()).toMatch(/^build \d+\.\d s: bundled the debugger page$/);
  expect(fs.readFileSync(path.join(dir, 'dist/debugger/index.html'), 'utf8')).toContain('<!-- changed -->');
});

it("removes a deleted file's output", () => {
  fs.rmSync(path.join(dir, 'src/dump-command.ts'));
  expect(build()).toMatch(/^build \d+\.\d s: removed the output of 1 deleted file$/);
  expect(fs.existsSync(path.join(dir, 'dist/src/dump-command.js'))).toBe(false);
});

it('names a file that does not compile and fails, then compiles it once fixed', () => {
  const config = fs.readFileSync(path.join(dir, 'src/config.ts'), 'utf8');
  fs.writeFileSync(path.join(dir, 'src/config.ts'), `${config}\nconst broken = ;\n`);
  const run = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, encoding: 'utf8' });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('build failed: src/config.ts');
  expect(run.stderr).toContain('const broken = ;');
  fs.writeFileSync(path.join(dir, 'src/config.ts'), config);
  expect(build()).toMatch(/^build \d+\.\d s: compiled 1 of \d+ files$/);
});
