import type { DataSource } from 'typeorm';
import { errorForLog, logger } from '../common/logger';
import { isDatabaseUnavailable } from '../common/unavailable';
import { BACKGROUND_SQL } from '../db/query-counter';
import type { McpConnectionPool } from '../mcp-client/connection-pool';
import type { McpProber } from './mcp-prober';

interface Leased {
  server_id: string;
  due: boolean;
}

export interface SchedulerSettings {
  /** This instance's name in the lease. */
  instanceId: string;
  /** How long a lease lasts unless renewed; another instance takes the server over once it has passed. */
  leaseMs: number;
  /** How often leases are renewed and due probes started. */
  tickMs: number;
  /** Servers one instance takes over per round, so instances starting together share them. */
  claimBatch: number;
  /** Probes one instance runs at once. */
  concurrency: number;
}

/**
 * Which instance probes which server, and when (docs/mcp-connections.md,
 * "Several instances"). Each probed server has a lease in PostgreSQL: its
 * holder renews it every round, probes it when due and keeps its session
 * open to hear list_changed; a lease not renewed (its holder stopped or
 * died) is taken over. N instances probe a server as often as one does.
 */
export class ProbeScheduler {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private readonly held = new Set<string>();
  private readonly running = new Map<string, Promise<unknown>>();
  /** Servers told of a change while a probe of theirs was running: probed again when it ends. */
  private readonly again = new Set<string>();
  private readonly waiting: string[] = [];

  constructor(
    private readonly db: DataSource,
    private readonly prober: McpProber,
    private readonly pool: McpConnectionPool,
    private readonly settings: SchedulerSettings,
    /** Run at the start of every round (the operator's servers not registered yet). */
    private readonly beforeRound: () => Promise<void>,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.settings.tickMs);
    this.timer.unref();
    this.wake();
  }

  /** A round now (after a registration, say) rather than at the next tick. */
  wake(): void {
    if (this.timer === null) return;
    this.round ??= this.runRound()
      .catch((error: unknown) => {
        // An outage is logged where requests meet it; a round every second would repeat it.
        if (!isDatabaseUnavailable(error)) logger.warn({ err: errorForLog(error) }, 'MCP probe round failed');
      })
      .finally(() => (this.round = null));
  }

  private async runRound(): Promise<void> {
    const { instanceId, leaseMs, claimBatch } = this.settings;
    await this.beforeRound();
    // Every server this instance holds, and which are due; a lease is renewed only past half its life, so holding
    // many servers writes a row now and then rather than every row every round.
    const held: Leased[] = await this.db.query(
      `WITH renewed AS (UPDATE mcp_probes SET held_until = now() + $2 * interval '1 millisecond'
                         WHERE holder = $1 AND held_until < now() + $2 / 2 * interval '1 millisecond' RETURNING server_id)
       SELECT server_id, next_probe_at <= now() AS due FROM mcp_probes WHERE holder = $1${BACKGROUND_SQL}`,
      [instanceId, leaseMs],
    );
    // An UPDATE's answer through TypeORM is [rows, count].
    const [claimed]: [Leased[], number] = await this.db.query(
      `UPDATE mcp_probes SET holder = $1, held_until = now() + $2 * interval '1 millisecond'
        WHERE server_id IN (SELECT server_id FROM mcp_probes WHERE held_until IS NULL OR held_until < now()
                             ORDER BY next_probe_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING server_id, next_probe_at <= now() AS due${BACKGROUND_SQL}`,
      [instanceId, leaseMs, claimBatch],
    );
    const rows = [...held, ...claimed];
    const now = new Set(rows.map((r) => r.server_id));
    // Taken over by another instance, or deleted: its session is no longer this instance's to keep.
    for (const id of this.held) if (!now.has(id)) this.pool.release(id);
    this.held.clear();
    for (const id of now) this.held.add(id);
    for (const row of rows) if (row.due && !this.running.has(row.server_id)) this.run(row.server_id);
    this.pool.closeIdle();
  }

  /** The server said its tools changed: probe it now if this instance holds it (the holder's session is the one that hears). */
  toolsChanged(serverId: string): void {
    if (this.held.has(serverId)) this.run(serverId);
  }

  private run(serverId: string): void {
    if (this.running.has(serverId)) {
      this.again.add(serverId);
      return;
    }
    if (this.running.size >= this.settings.concurrency) {
      if (!this.waiting.includes(serverId)) this.waiting.push(serverId);
      return;
    }
    const probe = this.prober
      .probe(serverId, this.held.has(serverId))
      .catch((error: unknown) => logger.warn({ serverId, err: errorForLog(error) }, 'MCP probe could not be recorded'))
      .finally(() => {
        this.running.delete(serverId);
        if (this.again.delete(serverId)) this.run(serverId);
        const next = this.waiting.shift();
        if (next !== undefined) this.run(next);
      });
    this.running.set(serverId, probe);
  }

  /** Probes the server now on this instance, after any probe of it already running; answers when done. */
  async probeNow(serverId: string): Promise<void> {
    await this.running.get(serverId);
    await this.prober.probe(serverId, this.held.has(serverId));
  }

  /** Stops probing, lets the probes running end, and gives the leases up so another instance takes over at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.waiting.length = 0;
    await this.round;
    await Promise.all(this.running.values());
    await this.db
      .query(`UPDATE mcp_probes SET holder = NULL, held_until = NULL WHERE holder = $1`, [this.settings.instanceId])
      .catch((error: unknown) => logger.warn({ err: errorForLog(error) }, 'MCP leases not given up'));
    this.held.clear();
    await this.pool.closeAll();
  }
}
