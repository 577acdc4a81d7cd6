import type { ToolRow } from '../loadout/compiled';
import { probeStatus, type McpProbeStatus, type McpTransport } from '../tools/mcp-probe-status';

/**
 * What a turn keeps of each MCP server whose tools it carried: the facts
 * its status is judged from, as they were when the turn began, so the
 * debugger can say later whether the model saw a fresh, stale or reported
 * inventory (docs/mcp-connections.md, "Where it shows").
 */
export interface TurnMcpInventory {
  server: string;
  transport: McpTransport;
  probed: boolean;
  lastOkAt: string | null;
  lastError: string | null;
}

/** The servers of the carried tools, once each. */
export const mcpServersOf = (tools: readonly Pick<ToolRow, 'mcpServerId'>[]): string[] => [
  ...new Set(tools.flatMap((t) => (t.mcpServerId ? [t.mcpServerId] : []))),
];

/** The facts of the servers in the parameter numbered `param`, read inside beginTurn's INSERT: no statement of its own. */
export const mcpInventoriesSql = (param: number): string =>
  `(SELECT COALESCE(json_agg(json_build_object('server', s.name, 'transport', s.transport, 'probed', s.probed,
     'lastOkAt', p.last_ok_at, 'lastError', p.last_error) ORDER BY s.name), '[]'::json)
   FROM mcp_servers s LEFT JOIN mcp_probes p ON p.server_id = s.id WHERE s.id = ANY($${param}::uuid[]))`;

/** A kept server's status as of the turn's start. */
export function statusAtTurn(kept: TurnMcpInventory, startedAt: Date, staleAfterMs: number): McpProbeStatus {
  return probeStatus(
    kept,
    { lastOkAt: kept.lastOkAt ? new Date(kept.lastOkAt) : null, lastError: kept.lastError },
    startedAt,
    staleAfterMs,
  );
}
