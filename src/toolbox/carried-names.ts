import type { CompiledLoadout, ToolRow } from '../loadout/compiled';
import { mcpRoute, type ToolToRender } from '../loadout/tokens';

/** What a carried tool stands for: its definition, and for an MCP tool where its calls go (see CarriedTool). */
export interface CarriedNames {
  toolName: string;
  mcpToolName: string | null;
  mcpServerName: string | null;
}

/** A definition's names, from the loadout's rows: no database work on the toolbox path. */
export const carriedNamesOf = (loadout: CompiledLoadout, row: ToolRow): CarriedNames => ({
  toolName: row.name,
  mcpToolName: row.mcpToolName,
  mcpServerName: loadout.mcpServerNameOf(row.mcpServerId),
});

/** A recorded tool's names from its definition as the loadout holds it now; once that is deleted, the name it was sent under and no MCP names. */
export function recordedToolNames(loadout: CompiledLoadout, tool: { name: string; toolDefinitionId: string }): CarriedNames {
  const row = loadout.toolsById.get(tool.toolDefinitionId)?.row;
  return row ? carriedNamesOf(loadout, row) : { toolName: tool.name, mcpToolName: null, mcpServerName: null };
}

/** A tool as every rendering reads it: the content sent, and where an MCP tool's calls go. */
export function toolToRender(content: ToolToRender, names: CarriedNames): ToolToRender {
  return {
    name: content.name,
    description: content.description,
    inputSchema: content.inputSchema,
    mcp: mcpRoute(names.mcpServerName, names.mcpToolName),
  };
}
