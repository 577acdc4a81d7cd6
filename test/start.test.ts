import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildOnce } from './support/build-once';

/**
 * The quick start as a user runs it: the built server on an empty embedded
 * database says what it is doing, seeds the demo, prints URLs and lines to
 * paste that hold a working key, serves health, readiness and the debugger,
 * and drains and exits 0 on SIGTERM.
 */
const root = path.join(__dirname, '..');
let child: ChildProcess;
let output = '';
let baseUrl = '';

beforeAll(async () => {
  await buildOnce();
  child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOADOUT_DATA_DIR: 'memory://',
      PORT: '0',
      LOADOUT_ADMIN_TOKEN: '',
      LOADOUT_DEMO: '',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!/export LOADOUT_KEY=\S+\n/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  baseUrl = /listening on (http:\/\/\S+)/.exec(output)?.[1] ?? '';
}, 180_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

/** The lines the banner offers for pasting into a shell. */
const exportLines = () => output.split('\n').filter((line) => line.startsWith('export '));

it('says what it is doing, step by step, with the time each took', () => {
  for (const step of ['database', 'migrations', 'demo seeded', 'ready']) expect(output).toMatch(new RegExp(`^${step} \\d+\\.\\d s`, 'm'));
  expect(output).toMatch(/^migrations \d+\.\d s: \d+ applied$/m);
});

it('ends with the two lines to paste, the address and the demo ADMIN key, and prints the operator token and what to open', () => {
  expect(baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
  expect(exportLines()).toEqual([`export LOADOUT_URL=${baseUrl}`, expect.stringMatching(/^export LOADOUT_KEY=lo_\S+$/)]);
  expect(output.trimEnd().split('\n').slice(-2)).toEqual(exportLines());
  expect(output).toMatch(/Operator token \(generated for this run\): op_\S+/);
  expect(output).toContain(`GraphQL and subscriptions: ${baseUrl}/graphql`);
  expect(output).toContain(`conversation debugger: ${baseUrl}/debugger`);
});

it('serves GraphQL to a shell that pasted the lines, and health, readiness and the debugger page', async () => {
  const query = JSON.stringify({ query: '{ me { role } agents { name } }' });
  const script = [
    ...exportLines(),
    `curl -sS -H "Authorization: Bearer $LOADOUT_KEY" -H 'content-type: application/json' -d '${query}' "$LOADOUT_URL/graphql"`,
  ].join('\n');
  const body = JSON.parse(
    execFileSync('bash', ['-euo', 'pipefail', '-c', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as {
    data: { me: { role: string }; agents: Array<{ name: string }> };
  };
  expect(body.data.me.role).toBe('ADMIN');
  expect(body.data.agents).toHaveLength(2);
  expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
  expect(await (await fetch(`${baseUrl}/readyz`)).json()).toEqual({ status: 'ready', database: 'embedded' });
  expect((await fetch(`${baseUrl}/debugger`)).status).toBe(200);
});

it('drains and exits 0 on SIGTERM', async () => {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toContain('SIGTERM: draining');
});
