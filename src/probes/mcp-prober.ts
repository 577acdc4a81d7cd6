import type { DataSource } from 'typeorm';
import { loadoutItself } from '../common/actor';
import { sha256Hex } from '../common/content-hash';
import { logger } from '../common/logger';
import { unseal } from '../common/sealed-text';
import type { Stats } from '../common/stats';
import type { McpConnectionPool } from '../mcp-client/connection-pool';
import type { McpTarget } from '../mcp-client/mcp-session';
import type { DeclaredServers } from '../mcp-client/stdio-declarations';
import { McpProbeEntity } from '../tools/mcp-probe.entity';
import { probeStatus, type McpProbeStatus } from '../tools/mcp-probe-status';
import { McpServerEntity } from '../tools/mcp-server.entity';
import type { McpServerService } from '../tools/mcp-server.service';
import { probeErrorText } from './probe-errors';
import { nextProbeDelay, type ProbeTimes } from './probe-schedule';

export interface ProberSettings extends ProbeTimes {
  secretKey: Buffer | null;
  stdio: DeclaredServers;
  staleAfterMs: number;
  requestTimeoutMs: number;
}

/** A server that cannot be reached as registered, whatever is at the other end. */
class Unreachable extends Error {}

/**
 * One probe of one server (docs/mcp-connections.md, "Probing"): a session
 * from the pool, every page of tools/list, the entries stored through the
 * same path as a runtime's report, and the outcome written to its probe row.
 * A failure keeps the inventory as it was and says why.
 */
export class McpProber {
  constructor(
    private readonly db: DataSource,
    private readonly servers: McpServerService,
    private readonly pool: McpConnectionPool,
    private readonly settings: ProberSettings,
    private readonly stats: Stats,
  ) {}

  /** How to reach the server, and the secrets no message may show; Unreachable where it cannot be. */
  private target(server: McpServerEntity): { target: McpTarget; secrets: string[] } {
    if (server.transport === 'STDIO') {
      const declared = this.settings.stdio
        .current()
        .declared.find((d) => d.organizationId === server.organizationId && d.name === server.name);
      if (!declared) throw new Unreachable('the operator no longer declares this server (LOADOUT_MCP_STDIO_SERVERS)');
      const { command, args, env, cwd } = declared;
      return { target: { transport: 'STDIO', command, args, env, cwd }, secrets: Object.values(env) };
    }
    let headers: Record<string, string> = {};
    if (server.headerSecret) {
      const opened = this.settings.secretKey ? unseal(this.settings.secretKey, server.organizationId, server.headerSecret) : null;
      if (opened === null) throw new Unreachable("the server's headers cannot be read with this instance's LOADOUT_MCP_SECRET_KEY");
      headers = JSON.parse(opened) as Record<string, string>;
    }
    if (server.transport !== 'STREAMABLE_HTTP' && server.transport !== 'SSE') throw new Unreachable('a REPORTED server is never probed');
    return { target: { transport: server.transport, url: server.url ?? '', headers }, secrets: Object.values(headers) };
  }

  /** The server's target for a call through the pool (the MCP gateway's path), or null where it cannot be reached. */
  async targetOf(serverId: string): Promise<McpTarget | null> {
    const server = await this.load(serverId);
    try {
      return server ? this.target(server).target : null;
    } catch {
      return null;
    }
  }

  private load(serverId: string) {
    return this.db.manager
      .createQueryBuilder(McpServerEntity, 's')
      .addSelect('s.headerSecret')
      .where('s.id = :serverId', { serverId })
      .getOne();
  }

  /** The server's probe row, and a mark of the definitions its inventory stored (their count and versions), in one statement. */
  private async probeRow(serverId: string): Promise<{ row: McpProbeEntity; mark: string } | null> {
    const { entities, raw } = await this.db.manager
      .createQueryBuilder(McpProbeEntity, 'p')
      .addSelect(`(SELECT count(*) || ':' || COALESCE(sum(version), 0) FROM tool_definitions WHERE mcp_server_id = p.server_id)`, 'mark')
      .where('p.server_id = :serverId', { serverId })
      .getRawAndEntities<{ mark: string }>();
    return entities[0] ? { row: entities[0], mark: raw[0].mark } : null;
  }

  /**
   * Probes the server now; `keep` holds its session open afterwards to hear
   * list_changed. A list the same as the last one stored, whose definitions
   * nobody has touched since, is not read again: the probe writes its own
   * row alone. Answers the probe row as written.
   */
  async probe(serverId: string, keep: boolean): Promise<McpProbeEntity | null> {
    const [server, found] = await Promise.all([this.load(serverId), this.probeRow(serverId)]);
    if (!server || !found) return null;
    const before = found.row;
    const started = performance.now();
    let secrets: string[] = [];
    let outcome: Partial<McpProbeEntity>;
    try {
      const reached = this.target(server);
      secrets = reached.secrets;
      const session = await this.pool.session(server.id, reached.target, keep);
      const entries = await session.listTools();
      const { facts } = session;
      const advertisesResources = 'resources' in facts.capabilities;
      const listedHash = sha256Hex(JSON.stringify({ entries, advertisesResources }));
      let storedMark = found.mark;
      if (listedHash !== before.listedHash || storedMark !== before.storedMark || !server.probed) {
        await this.servers.storeInventory(loadoutItself(server.organizationId), server.id, entries, advertisesResources);
        storedMark = (await this.probeRow(serverId))?.mark ?? storedMark;
      }
      if (!keep) this.pool.release(server.id);
      outcome = {
        lastOkAt: new Date(),
        lastError: null,
        failures: 0,
        serverName: facts.name,
        serverVersion: facts.version,
        protocolVersion: facts.protocolVersion,
        capabilities: facts.capabilities as McpProbeEntity['capabilities'],
        listedHash,
        storedMark,
      };
    } catch (error) {
      this.pool.drop(server.id);
      outcome = { lastError: probeErrorText(error, secrets, this.settings.requestTimeoutMs), failures: before.failures + 1 };
    }
    const seconds = (performance.now() - started) / 1000;
    this.stats.onProbe(outcome.lastError ? 'failed' : 'ok', seconds);
    const now = new Date();
    const failures = outcome.failures ?? 0;
    const after = {
      ...before,
      ...outcome,
      lastProbedAt: now,
      nextProbeAt: new Date(now.getTime() + nextProbeDelay(failures, this.settings)),
    };
    await this.db.manager.update(
      McpProbeEntity,
      { serverId },
      { lastProbedAt: after.lastProbedAt, nextProbeAt: after.nextProbeAt, ...outcome },
    );
    // A probe that stored its list leaves the server with an inventory.
    this.logChange(server, before, after, outcome.lastError ? server.probed : true, now);
    return after;
  }

  /** One log line per change of status, naming the server and the error, never a secret. */
  private logChange(server: McpServerEntity, before: McpProbeEntity, after: McpProbeEntity, probed: boolean, now: Date): void {
    const status = (p: McpProbeEntity, has: boolean): McpProbeStatus =>
      probeStatus({ transport: server.transport, probed: has }, p, now, this.settings.staleAfterMs);
    const was = status(before, server.probed);
    const is = status(after, probed);
    if (was === is && before.lastError === after.lastError) return;
    const line = { organizationId: server.organizationId, serverId: server.id, server: server.name, was, is, error: after.lastError };
    if (is === 'FAILING' || is === 'STALE') logger.warn(line, 'MCP server status changed');
    else logger.info(line, 'MCP server status changed');
  }
}
