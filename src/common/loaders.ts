import DataLoader from 'dataloader';
import { In, type EntityTarget, type FindOptionsWhere, type ObjectLiteral } from 'typeorm';
import type { AppServices } from '../app-services';
import { AgentEntity } from '../agents/agent.entity';
import { type ChannelEntity } from '../catalogue/channel.entity';
import { type ContextObjectEntity } from '../catalogue/context-object.entity';
import { ModelPriceEntity } from '../conversations/model-price.entity';
import { TurnEntity } from '../conversations/turn.entity';
import type { ToolboxInvalidationEntity } from '../invalidation/toolbox-invalidation.entity';
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
export function createLoaders(services: AppServices, organizationId: string) {
  const db = services.db.dataSource;
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
    toolDefinition: owned(ToolDefinitionEntity),
    /** The organisation's price of a model, or null. */
    price: new DataLoader<string, ModelPriceEntity | null>(
      async (models) => {
        const rows = await db.manager.find(ModelPriceEntity, { where: { organizationId, model: In([...new Set(models)]) } });
        return models.map((m) => rows.find((r) => r.model === m) ?? null);
      },
      { cache: false },
    ),
    /** The turn before a turn: key `${conversationId}:${index}`. */
    previousTurn: new DataLoader<TurnEntity, TurnEntity | null, string>(
      async (turns) => {
        const rows: Array<{ id: string }> = await db.query(
          `SELECT p.id FROM turns t JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
            WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2`,
          [turns.map((t) => t.id), organizationId],
        );
        const previous = rows.length ? await db.manager.find(TurnEntity, { where: { id: In(rows.map((r) => r.id)) } }) : [];
        return turns.map((t) => previous.find((p) => p.conversationId === t.conversationId && p.index === t.index - 1) ?? null);
      },
      { cache: false, cacheKeyFn: (t) => t.id },
    ),
    /** A conversation's number of turns and its latest turn start or completion (null: no turn yet). */
    conversationActivity: new DataLoader<string, { turns: number; lastAt: Date | null }>(
      async (conversationIds) => {
        const rows: Array<{ conversation_id: string; turns: number; last_at: Date }> = await db.query(
          `SELECT conversation_id, count(*)::int AS turns, max(greatest(started_at, completed_at)) AS last_at
             FROM turns WHERE conversation_id = ANY($1::uuid[]) AND organization_id = $2 GROUP BY conversation_id`,
          [conversationIds.filter(isUuid), organizationId],
        );
        const byId = new Map(rows.map((r) => [r.conversation_id, { turns: r.turns, lastAt: new Date(r.last_at) }]));
        return conversationIds.map((id) => byId.get(id) ?? { turns: 0, lastAt: null });
      },
      { cache: false },
    ),
    /** The invalidation that changed a turn's toolbox (see InvalidationService.forTurns). */
    turnInvalidation: new DataLoader((turnIds: readonly string[]) => services.invalidations.forTurns(organizationId, turnIds), {
      cache: false,
    }),
    /** Every event that changed a turn's situation since the previous turn (see InvalidationService.allForTurns). */
    turnInvalidations: new DataLoader((turnIds: readonly string[]) => services.invalidations.allForTurns(organizationId, turnIds), {
      cache: false,
    }),
    /** The affected situations of invalidation events (shared sets are read once per batch). */
    affected: new DataLoader((events: readonly ToolboxInvalidationEntity[]) => services.invalidations.affectedOf(organizationId, events), {
      cache: false,
    }),
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
