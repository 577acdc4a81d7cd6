import DataLoader from 'dataloader';
import { In, type DataSource, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { ContextObjectEntity } from '../catalogue/context-object.entity';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { McpServerEntity } from '../tools/mcp-server.entity';
import { MiniAppEntity } from '../tools/mini-app.entity';
import { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import { isUuid } from './uuid';

export interface ToolLinks {
  channels: ChannelEntity[];
  contextObjects: ContextObjectEntity[];
}

/**
 * Per-request loaders for relations, so a list of N objects costs one query
 * per relation rather than N. They batch but do not cache: a subscription's
 * context lives across events, and each event must read fresh rows.
 */
export function createLoaders(db: DataSource, organizationId: string) {
  const owned = <T extends ObjectLiteral & { id: string; organizationId: string }>(entity: EntityTarget<T>) =>
    new DataLoader<string, T | null>(
      async (ids) => {
        const wanted = [...new Set(ids.filter(isUuid))];
        const rows = wanted.length
          ? await db.manager.find(entity, { where: { id: In(wanted), organizationId } as unknown as FindOptionsWhere<T> })
          : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      { cache: false },
    );

  let organization: Promise<OrganizationEntity> | undefined;
  return {
    // The organisation's settings (its default model) cannot change through the API, so one read serves the request.
    organization: () => (organization ??= db.manager.findOneByOrFail(OrganizationEntity, { id: organizationId })),
    project: owned(ProjectEntity),
    agent: owned(AgentEntity),
    miniApp: owned(MiniAppEntity),
    mcpServer: owned(McpServerEntity),
    toolLinks: new DataLoader<string, ToolLinks>(
      async (ids) => {
        const tools = await db.manager.find(ToolDefinitionEntity, {
          where: { id: In([...new Set(ids)]), organizationId },
          relations: { channels: true, contextObjects: true },
          select: { id: true, channels: true, contextObjects: true },
        });
        const byId = new Map(tools.map((t) => [t.id, { channels: t.channels ?? [], contextObjects: t.contextObjects ?? [] }]));
        return ids.map((id) => byId.get(id) ?? { channels: [], contextObjects: [] });
      },
      { cache: false },
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
