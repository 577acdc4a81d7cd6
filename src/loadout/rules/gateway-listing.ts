import type { NotListedReason } from '../vocabulary';

/**
 * What the MCP gateway can list of a toolbox (docs/mcp-gateway.md, "What
 * is listed"): an MCP tool of a server Loadout reaches itself. Any other
 * carried tool is left out of its list, for the reason this says; null
 * for a tool it lists. `server` is the tool's server, however the caller
 * knows it (an id, or a name); `reaches` says whether Loadout reaches it.
 */
export function notListedReason(
  tool: { server: string | null; mcpToolName: string | null },
  reaches: (server: string) => boolean,
): NotListedReason | null {
  if (tool.server === null || tool.mcpToolName === null) return 'RUN_BY_HOST';
  return reaches(tool.server) ? null : 'REPORTED_SERVER';
}
