import type { McpProbeEntity } from '../tools/mcp-probe.entity';
import { probeStatus } from '../tools/mcp-probe-status';
import type { McpServerEntity } from '../tools/mcp-server.entity';

/** A server in scope whose inventory is counted but not fresh: named, with why (docs/mcp-connections.md, "Statuses"). */
export interface McpServerNote {
  server: string;
  status: 'STALE' | 'FAILING';
  /** When its inventory was last known true; null if never. */
  lastOkAt: Date | null;
  /** Why its probes fail; null for a server that is only stale. */
  lastError: string | null;
}

/** The stale and failing servers among those in scope, by name. */
export function serverNotes(
  servers: ReadonlyArray<Pick<McpServerEntity, 'id' | 'name' | 'transport' | 'probed'>>,
  probes: ReadonlyArray<Pick<McpProbeEntity, 'serverId' | 'lastOkAt' | 'lastError'>>,
  now: Date,
  staleAfterMs: number,
): McpServerNote[] {
  const byServer = new Map(probes.map((p) => [p.serverId, p]));
  return servers
    .map((s) => {
      const probe = byServer.get(s.id) ?? null;
      const status = probeStatus(s, probe, now, staleAfterMs);
      return { server: s.name, status, lastOkAt: probe?.lastOkAt ?? null, lastError: probe?.lastError ?? null };
    })
    .filter((n): n is McpServerNote => n.status === 'STALE' || n.status === 'FAILING')
    .sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
}
