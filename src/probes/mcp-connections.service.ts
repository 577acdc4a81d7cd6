import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, LoadoutError } from '../common/errors';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';
import { getOwned } from '../common/tenant';
import { McpConnectionPool } from '../mcp-client/connection-pool';
import type { EgressPolicy } from '../mcp-client/egress-policy';
import type { CallOptions, McpTarget, SessionLimits } from '../mcp-client/mcp-session';
import type { StdioDeclaration } from '../mcp-client/stdio-declarations';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { MCP_PROBE_STATUSES, probeStatus, type McpProbeStatus, type ProbeFacts } from '../tools/mcp-probe-status';
import { McpServerEntity } from '../tools/mcp-server.entity';
import type { McpServerService } from '../tools/mcp-server.service';
import { McpProber, type ProberSettings } from './mcp-prober';
import { ProbeScheduler, type SchedulerSettings } from './probe-scheduler';

export interface McpConnectionSettings extends ProberSettings, Omit<SchedulerSettings, 'instanceId'> {
  policy: EgressPolicy;
  limits: SessionLimits;
  /** A session nobody keeps open is closed after this long unused. */
  idleMs: number;
  /** Probes on demand (probeMcpServer) one organisation may ask for per minute, on each instance. */
  probesPerMinute: number;
}

/** How long a call reuses a server's address and headers before reading them again, and how many servers' it keeps. */
const TARGET_FRESH_MS = 5_000;
const TARGETS_KEPT = 10_000;

/**
 * Loadout's connections to MCP servers (docs/mcp-connections.md): the pool,
 * the prober and the scheduler that shares servers among instances, and
 * what the API asks of them.
 */
export class McpConnections {
  readonly pool: McpConnectionPool;
  private readonly prober: McpProber;
  private readonly scheduler: ProbeScheduler;
  private readonly asked = new Map<string, number[]>();
  /** Declarations not registered yet: all of them at start, and again each time the file changes. */
  private readonly pendingDeclared = new Set<StdioDeclaration>();
  private readonly warned = new WeakSet<StdioDeclaration>();
  private declaredOnce = false;
  /** Each server's address and headers as the last call read them (see callTool). */
  private readonly targets = new Map<string, { target: McpTarget; at: number }>();

  constructor(
    private readonly db: DataSource,
    private readonly servers: McpServerService,
    readonly settings: McpConnectionSettings,
    stats: Stats,
  ) {
    this.pool = new McpConnectionPool(settings.policy, settings.limits, (id) => this.scheduler.toolsChanged(id), settings.idleMs);
    this.prober = new McpProber(db, servers, this.pool, settings, stats);
    this.scheduler = new ProbeScheduler(db, this.prober, this.pool, { ...settings, instanceId: `${process.pid}-${randomUUID()}` }, () =>
      this.registerDeclared(),
    );
  }

  /** Starts probing; the servers the operator's file declares are registered in the first round. */
  start(): void {
    this.scheduler.start();
  }

  /**
   * Registers each server the operator's file declares that its
   * organisation does not have yet. One naming an organisation that does not
   * exist yet is tried again next round (warned of once); one whose name
   * the organisation registered itself is left alone.
   */
  private async registerDeclared(): Promise<void> {
    const { declared, changed } = this.settings.stdio.current();
    if (changed || !this.declaredOnce) {
      this.declaredOnce = true;
      this.pendingDeclared.clear();
      for (const d of declared) this.pendingDeclared.add(d);
    }
    for (const declared of [...this.pendingDeclared]) {
      const at = { organizationId: declared.organizationId, server: declared.name };
      const org = await this.db.manager.existsBy(OrganizationEntity, { id: declared.organizationId });
      const project = declared.projectId
        ? await this.db.manager.existsBy(ProjectEntity, { id: declared.projectId, organizationId: declared.organizationId })
        : true;
      if (!org || !project) {
        if (!this.warned.has(declared))
          logger.warn(at, 'LOADOUT_MCP_STDIO_SERVERS names an organisation or project that does not exist (yet)');
        this.warned.add(declared);
        continue;
      }
      this.pendingDeclared.delete(declared);
      const found = await this.db.manager.findOneBy(McpServerEntity, { organizationId: declared.organizationId, name: declared.name });
      if (found && found.transport !== 'STDIO')
        logger.warn(at, 'LOADOUT_MCP_STDIO_SERVERS names a server the organisation registered itself; server left alone');
      else if (!found)
        await this.servers.registerDeclared(declared.organizationId, declared.name, declared.projectId).catch((error: unknown) => {
          // Registered by another instance meanwhile: the name is taken by the same declaration.
          if (!(error instanceof LoadoutError && error.code === 'CONFLICT')) throw error;
        });
    }
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }

  /** A server was registered or moved: look for due probes now rather than at the next round, and read its address again. */
  wake(): void {
    this.targets.clear();
    this.scheduler.wake();
  }

  /** probeMcpServer: probes the server now and answers when it has finished or failed. */
  async probeNow(actor: Actor, serverId: string): Promise<McpServerEntity> {
    const server = await getOwned(this.db.manager, McpServerEntity, actor, serverId, 'id', 'MCP server');
    if (server.transport === 'REPORTED') throw badInput('id', 'a REPORTED server is never probed: its runtime reports its tools');
    const now = Date.now();
    const recent = (this.asked.get(actor.organizationId) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= this.settings.probesPerMinute)
      throw badInput('id', `at most ${this.settings.probesPerMinute} probes a minute per organisation; try again shortly`);
    recent.push(now);
    this.asked.set(actor.organizationId, recent);
    await this.scheduler.probeNow(server.id);
    return this.db.manager.findOneByOrFail(McpServerEntity, { id: server.id });
  }

  /**
   * tools/call of a server's tool under the server's own name, through the
   * pool (the MCP gateway's path): the result as the server sent it. A server
   * Loadout cannot reach (REPORTED, undeclared, headers it cannot read) is
   * BAD_USER_INPUT naming `serverId`.
   */
  async callTool(serverId: string, name: string, args: Record<string, unknown> | undefined, options: CallOptions = {}) {
    // A call does not read the server's row (and unseal its headers) again within TARGET_FRESH_MS: an edit made on
    // this instance is seen at once (wake), one made on another within that time.
    const now = Date.now();
    let known = this.targets.get(serverId);
    if (!known || now - known.at > TARGET_FRESH_MS) {
      const target = await this.prober.targetOf(serverId);
      if (!target) {
        this.targets.delete(serverId);
        throw badInput('serverId', 'Loadout cannot reach this server itself');
      }
      if (this.targets.size >= TARGETS_KEPT) this.targets.delete(this.targets.keys().next().value!);
      this.targets.set(serverId, (known = { target, at: now }));
    }
    return this.pool.callTool(serverId, known.target, name, args, options);
  }

  /** The status of a server now, from its probe row (null for a REPORTED server). */
  statusOf(server: Pick<McpServerEntity, 'transport' | 'probed'>, probe: ProbeFacts | null, now = new Date()): McpProbeStatus {
    return probeStatus(server, probe, now, this.settings.staleAfterMs);
  }

  /** Servers by status, every organisation's (/metrics): grouped by the facts the status reads, each group judged by probeStatus. */
  async countByStatus(): Promise<Record<McpProbeStatus, number>> {
    const groups: Array<{ transport: McpServerEntity['transport']; probed: boolean; failing: boolean; stale: boolean; n: number }> =
      await this.db.query(
        `SELECT s.transport, s.probed, p.last_error IS NOT NULL AS failing,
                COALESCE(p.last_ok_at < now() - $1 * interval '1 millisecond', false) AS stale, count(*)::int AS n
           FROM mcp_servers s LEFT JOIN mcp_probes p ON p.server_id = s.id
          GROUP BY 1, 2, 3, 4`,
        [this.settings.staleAfterMs],
      );
    const counts = Object.fromEntries(MCP_PROBE_STATUSES.map((s) => [s, 0])) as Record<McpProbeStatus, number>;
    const now = new Date();
    for (const g of groups) {
      const probe = { lastOkAt: g.stale ? new Date(0) : now, lastError: g.failing ? 'failing' : null };
      counts[this.statusOf(g, probe, now)] += g.n;
    }
    return counts;
  }
}
