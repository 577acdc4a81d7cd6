/**
 * How Loadout gets an MCP server's tools, and how fresh what it holds is
 * (docs/mcp-connections.md, "Statuses"): pure, so the API, the budget report
 * and the debugger name a server's state the same way.
 */

export const MCP_TRANSPORTS = ['REPORTED', 'STREAMABLE_HTTP', 'SSE', 'STDIO'] as const;
export type McpTransport = (typeof MCP_TRANSPORTS)[number];

/** The transports Loadout reaches a server over itself. */
export const isProbed = (transport: McpTransport): boolean => transport !== 'REPORTED';

export const MCP_PROBE_STATUSES = ['UNPROBED', 'OK', 'STALE', 'FAILING'] as const;
export type McpProbeStatus = (typeof MCP_PROBE_STATUSES)[number];

export interface ProbeFacts {
  lastOkAt: Date | null;
  lastError: string | null;
}

/**
 * A server's status now. A reported server is OK once it has an inventory:
 * Loadout cannot tell when its runtime last looked. A probed one is STALE
 * once its last good inventory is older than `staleAfterMs`, whatever the
 * probes since; FAILING while the last probe failed and what it holds is
 * younger (or it holds nothing); UNPROBED before any probe has ended.
 */
export function probeStatus(
  server: { transport: McpTransport; probed: boolean },
  probe: ProbeFacts | null,
  now: Date,
  staleAfterMs: number,
): McpProbeStatus {
  if (!isProbed(server.transport)) return server.probed ? 'OK' : 'UNPROBED';
  if (server.probed && probe?.lastOkAt && now.getTime() - probe.lastOkAt.getTime() > staleAfterMs) return 'STALE';
  if (probe?.lastError) return 'FAILING';
  return server.probed ? 'OK' : 'UNPROBED';
}
