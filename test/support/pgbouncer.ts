import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** Debian's PgBouncer, which the pooler spec runs Loadout through. */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Makes sure PgBouncer is there, installing Debian's package where the suite runs as root with apt, as ensureChromium does. */
export function ensurePgBouncer(): void {
  if (fs.existsSync(PGBOUNCER)) return;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    execFileSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer'],
      {
        stdio: 'inherit',
        timeout: 10 * 60_000,
      },
    );
  }
  if (!fs.existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer package to run the pooler spec`);
}

export interface PgBouncer {
  /** `serverUrl` with its host and port replaced by the pooler's. */
  urlFor(serverUrl: string): string;
  log(): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of the PostgreSQL server of
 * `serverUrl`, with its defaults and only what docs/operations.md tells an
 * operator to set: every database passed through, transaction pooling, the
 * server's users trusted as the server trusts them.
 */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  ensurePgBouncer();
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbouncer-'));
  fs.writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  // PgBouncer will not run as root: it drops to the server's owner.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const log = () => (fs.existsSync(path.join(dir, 'pgbouncer.log')) ? fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8') : '');
  for (let i = 0; !(await listening(port)); i++) {
    if (i > 100 || child.exitCode !== null) throw new Error(`PgBouncer did not start: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    urlFor(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    log,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
