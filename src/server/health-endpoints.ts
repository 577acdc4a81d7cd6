import type { ServerResponse } from 'node:http';
import type { DataSource } from 'typeorm';
import { sendJson } from '../common/send-json';
import type { DatabaseKind } from '../db/database';
import { pendingMigrations } from '../db/migrations';
import type { Places } from './admission';

/** What the probes read of a running instance. */
export interface Health {
  draining(): boolean;
  /** Whether the instance hears other instances' changes. */
  live(): boolean;
  sockets: Pick<Places, 'open' | 'bounds'>;
  dataSource: DataSource;
  databaseKind: DatabaseKind;
}

/** The paths answered here. */
export const HEALTH_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/readyz/sockets']);

/**
 * Answers a platform's probes (docs/operations.md): `/healthz` while the
 * process runs; `/readyz` while it may be sent requests: not draining,
 * hearing notifications, the database reachable and migrated;
 * `/readyz/sockets` while it has room for a socket.
 */
export async function answerHealth(path: string, res: ServerResponse, health: Health): Promise<void> {
  if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
  if (path === '/readyz/sockets') {
    // For a load balancer placing sockets: 503 once only the places kept for organisations holding few are left.
    const { bounds: sockets, open } = health.sockets;
    if (health.draining()) return sendJson(res, 503, { status: 'draining', sockets });
    return sendJson(res, open ? 200 : 503, { status: open ? 'ready' : 'full', sockets });
  }
  if (health.draining()) return sendJson(res, 503, { status: 'draining' });
  // Changes of other instances may be going unheard: it serves, but slower and from the database alone.
  if (!health.live()) return sendJson(res, 503, { status: 'not ready', notifications: 'not live' });
  const pending = await health.dataSource.query('SELECT 1').then(
    () => pendingMigrations(health.dataSource),
    () => null,
  );
  return pending && pending.length === 0
    ? sendJson(res, 200, { status: 'ready', database: health.databaseKind })
    : sendJson(res, 503, { status: 'not ready', pendingMigrations: pending });
}
