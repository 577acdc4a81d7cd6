import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { buildOnce } from './support/build-once';

/**
 * The quick start as a user runs it: the built server on an empty embedded
 * database seeds the demo, prints a working key and URLs, serves health,
 * readiness and the debugger, and drains and exits 0 on SIGTERM.
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
  while (!/Operator token/.test(output) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  baseUrl = /listening on (http:\/\/\S+)/.exec(output)?.[1] ?? '';
}, 180_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

it('prints the demo ADMIN key, the operator token and what to open', () => {
  expect(baseUrl).toMatch(/^http:\/\/localhost:\d+$/);
  expect(output).toMatch(/demo ADMIN key \(shown once\): lo_\S+/);
  expect(output).toMatch(/Operator token \(generated for this run\): op_\S+/);
  expect(output).toContain(`GraphQL and subscriptions: ${baseUrl}/graphql`);
  expect(output).toContain(`conversation debugger: ${baseUrl}/debugger`);
});

it('serves GraphQL with the printed key, health, readiness and the debugger page', async () => {
  const key = /demo ADMIN key \(shown once\): (\S+)/.exec(output)![1];
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: '{ me { role } agents { name } }' }),
  });
  const body = (await res.json()) as { data: { me: { role: string }; agents: Array<{ name: string }> } };
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
