import type { PermissionRuleEntity } from '../agents/permission-rule.entity';
import type { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import type { CandidateTool, ToolRule } from './assemble-toolbox';

/**
 * A stored definition as assembly sees it. Channels and context objects are
 * read only when loaded (the budget surface applies no channel or context
 * filter, so it does not load them); mini app and MCP server must be loaded.
 */
export function candidateOf(d: ToolDefinitionEntity): CandidateTool {
  return {
    id: d.id,
    name: d.name,
    contentHash: d.contentHash,
    active: d.active,
    sortOrder: d.sortOrder,
    projectId: d.projectId,
    agentId: d.agentId,
    channelKeys: (d.channels ?? []).map((c) => c.key),
    contextObjectKeys: (d.contextObjects ?? []).map((o) => o.key),
    requiresMcpServer: d.requiresMcpServer,
    ownerEnabled: (d.miniApp?.enabled ?? true) && (d.mcpServer?.enabled ?? true),
    mcp: d.mcpServer
      ? { reportedName: d.mcpToolName ?? d.name, enabledTools: d.mcpServer.enabledTools, disabledTools: d.mcpServer.disabledTools }
      : null,
  };
}

export function ruleOf(r: Pick<PermissionRuleEntity, 'id' | 'toolName' | 'effect' | 'agentId'>): ToolRule {
  return { id: r.id, toolName: r.toolName, effect: r.effect, on: r.agentId ? 'AGENT' : 'PROJECT' };
}
