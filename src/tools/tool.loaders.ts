import { In } from 'typeorm';
import type { Database } from '../db/database';
import type { ChannelEntity } from '../catalogue/channel.entity';
import type { ContextObjectEntity } from '../catalogue/context-object.entity';
import { batched, byColumn, byId } from '../common/loaders';
import { McpServerEntity } from './mcp-server.entity';
import { McpProbeEntity } from './mcp-probe.entity';
import { MiniAppEntity } from './mini-app.entity';
import { ToolDefinitionEntity } from './tool-definition.entity';

export interface ToolLinks {
  channels: ChannelEntity[];
  contextObjects: ContextObjectEntity[];
}

/** Toolbox order, as every list of definitions is sorted. */
const TOOL_ORDER = { sortOrder: 'ASC', name: 'ASC', id: 'ASC' } as const;

export function toolLoaders(services: { db: Database }, organizationId: string) {
  const db = services.db.dataSource;
  return {
    miniApp: byId(db, organizationId, MiniAppEntity),
    mcpServer: byId(db, organizationId, McpServerEntity),
    toolDefinition: byId(db, organizationId, ToolDefinitionEntity),
    miniAppTools: byColumn(db, organizationId, ToolDefinitionEntity, 'miniAppId', TOOL_ORDER),
    mcpServerTools: byColumn(db, organizationId, ToolDefinitionEntity, 'mcpServerId', TOOL_ORDER),
    mcpProbe: batched(async (serverIds: readonly string[]) => {
      const rows = await db.manager.find(McpProbeEntity, { where: { serverId: In([...new Set(serverIds)]), organizationId } });
      const byServer = new Map(rows.map((r) => [r.serverId, r]));
      return serverIds.map((id) => byServer.get(id) ?? null);
    }),
    toolLinks: batched(async (ids: readonly string[]) => {
      const tools = await db.manager.find(ToolDefinitionEntity, {
        where: { id: In([...new Set(ids)]), organizationId },
        relations: { channels: true, contextObjects: true },
        select: { id: true, channels: true, contextObjects: true },
      });
      const byTool = new Map(tools.map((t) => [t.id, { channels: t.channels ?? [], contextObjects: t.contextObjects ?? [] }]));
      return ids.map((id): ToolLinks => byTool.get(id) ?? { channels: [], contextObjects: [] });
    }),
  };
}
