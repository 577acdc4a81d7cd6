import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { BenchDatabase } from './database';
import { fetchWithTimeout } from './http';
import { childScript, PROJECT_ROOT, SERVER_MAIN } from './paths';
import { sleep } from './stats';

const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;
const OUTPUT_LINES = 40;

/** A server under test running as its own process on 127.0.0.1. */
export interface ServerProcess {
  pid: number;
  baseUrl: string;
  /** The last lines it printed, for error messages. */
  output(): string;
  /** The last line it printed that matched its error pattern (kept apart: a stack trace would push it out of `output`). */
  lastError(): string | null;
  /** SIGTERM, then SIGKILL if it has not exited within 30 s. */
  stop(): Promise<void>;
}

/** A port the kernel just handed out and released: free unless someone takes it in the next instant. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** Whether the child exits within ms; the timer is cleared either way so it cannot keep the bench alive. */
const exitsWithin = (child: ChildProcess, ms: number): Promise<boolean> =>
  hasExited(child)
    ? Promise.resolve(true)
    : new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });

async function startProcess(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  isReady: (baseUrl: string) => Promise<boolean>,
  errorLine: RegExp | null = null,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags(env), script], {
    cwd: PROJECT_ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let lastError: string | null = null;
  const keep = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const split = (partial + chunk.toString()).split('\n');
      partial = split.pop() ?? '';
      for (const line of split) if (errorLine?.test(line)) lastError = line;
      lines.push(...split.filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES));
    };
  };
  child.stdout?.on('data', keep());
  child.stderr?.on('data', keep());
  const server: ServerProcess = {
    pid: child.pid ?? -1,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => lines.join('\n'),
    lastError: () => lastError,
    async stop() {
      if (hasExited(child)) return;
      child.kill('SIGTERM');
      if (!(await exitsWithin(child, STOP_TIMEOUT_MS))) {
        child.kill('SIGKILL');
        await exitsWithin(child, STOP_TIMEOUT_MS);
      }
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`${name} exited before it was ready:\n${server.output()}`);
    if (await isReady(server.baseUrl).catch(() => false)) return server;
    // Often enough to time a start (the cold-organisation scenario reports start to ready).
    await sleep(50);
  }
  await server.stop();
  throw new Error(`${name} not ready within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

/**
 * Node flags for the server under test from BENCH_SERVER_NODE_FLAGS
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses),
 * to see where a scenario spends the server's time.
 */
function nodeFlags(env: NodeJS.ProcessEnv): string[] {
  return (env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/** The built Loadout server on its database, as production runs it, with no demo data. */
export function startLoadout(db: BenchDatabase, operatorToken: string, extra: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOADOUT_ADMIN_TOKEN: operatorToken,
    LOADOUT_DEMO: '0',
    NODE_ENV: 'production',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.LOADOUT_DATA_DIR;
  return startProcess(
    'the Loadout server',
    SERVER_MAIN,
    { ...env, ...db.serverEnv },
    async (baseUrl) => (await fetchWithTimeout(`${baseUrl}/readyz`, {}, 5_000)).status === 200,
    // What the server logs of an INTERNAL_SERVER_ERROR, which says nothing more over the API.
    /^(internal error|request failed)/,
  );
}

/** The baseline: a minimal Apollo Server answering `{ hello }`. */
export function startHello(): Promise<ServerProcess> {
  return startProcess(
    'the hello server',
    childScript('hello-server'),
    { ...process.env, BENCH_SERVER_NODE_FLAGS: '', NODE_ENV: 'production' },
    async (baseUrl) => {
      const res = await fetchWithTimeout(
        `${baseUrl}/`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ hello }' }) },
        5_000,
      );
      return res.status === 200;
    },
  );
}
