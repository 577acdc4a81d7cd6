import { In, type DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { InvalidationCauseEnum } from '../common/enums';
import { badInput, conflict } from '../common/errors';
import { getOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import type { LoadoutChanges } from '../loadout/change';
import { ProjectEntity } from '../organizations/project.entity';
import { contentHash } from '../common/canonical-json';
import { checkNameFree, defaultSortOrder } from './definition-scope';
import { McpServerEntity } from './mcp-server.entity';
import type { JsonObject } from '../common/json';
import { ToolDefinitionEntity } from './tool-definition.entity';

export interface McpToolSpec {
  name: string;
  description: string;
  inputSchema: JsonObject;
}

export const mcpToolName = (server: string, tool: string): string => `mcp__${server}__${tool}`;

/** MCP servers and their cached inventories: an inventory report creates, revises and deletes the server's MCP definitions. */
export class McpServerService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
  ) {}

  mcpServers(actor: Actor, projectId?: string | null) {
    if (projectId && !isUuid(projectId)) return Promise.resolve([]);
    return this.db.manager.find(McpServerEntity, {
      where: { organizationId: actor.organizationId, ...(projectId ? { projectId } : {}) },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  registerMcpServer(
    actor: Actor,
    input: {
      name: string;
      projectId?: string | null;
      enabled?: boolean | null;
      enabledTools?: string[] | null;
      disabledTools?: string[] | null;
    },
  ) {
    return this.changes.run(actor, InvalidationCauseEnum.MCP_SERVER_CHANGED, async (tx, change) => {
      const projectId = input.projectId ?? null;
      if (projectId) await getOwned(tx, ProjectEntity, actor, projectId, 'input.projectId', 'Project');
      const clash = await tx.count(McpServerEntity, { where: { organizationId: actor.organizationId, name: input.name } });
      if (clash) throw conflict(`An MCP server named '${input.name}' already exists`, 'input.name');
      const enabled = input.enabled ?? true;
      // A new enabled server can bring McpResources tools into scope.
      if (enabled) await change.affectsScope(projectId);
      change.touchOwners();
      return tx.save(
        tx.create(McpServerEntity, {
          organizationId: actor.organizationId,
          projectId,
          name: input.name,
          enabled,
          enabledTools: input.enabledTools ?? [],
          disabledTools: input.disabledTools ?? [],
          probed: false,
          advertisesResources: false,
          inventoryUpdatedAt: null,
        }),
      );
    });
  }

  updateMcpServer(
    actor: Actor,
    id: string,
    input: { enabled?: boolean | null; enabledTools?: string[] | null; disabledTools?: string[] | null },
  ) {
    return this.changes.run(actor, InvalidationCauseEnum.MCP_SERVER_CHANGED, async (tx, change) => {
      const server = await getOwned(tx, McpServerEntity, actor, id, 'id', 'MCP server', true);
      const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null));
      if (Object.keys(patch).length === 0) return server;
      await change.affectsScope(server.projectId);
      await tx.update(McpServerEntity, { id: server.id }, patch);
      change.touchOwners();
      return tx.findOneByOrFail(McpServerEntity, { id: server.id });
    });
  }

  /** Replaces the server's cached inventory: same reported name updates, new ones insert, missing ones go. */
  reportMcpInventory(actor: Actor, serverId: string, tools: McpToolSpec[], advertisesResources: boolean) {
    const seen = new Set<string>();
    tools.forEach((t, i) => {
      if (seen.has(t.name)) throw badInput(`tools[${i}].name`, `'${t.name}' is reported twice`);
      seen.add(t.name);
    });
    return this.changes.run(actor, InvalidationCauseEnum.MCP_INVENTORY_CHANGED, async (tx, change) => {
      const server = await getOwned(tx, McpServerEntity, actor, serverId, 'serverId', 'MCP server', true);
      await change.affectsScope(server.projectId);
      const existing = await tx.find(ToolDefinitionEntity, { where: { mcpServerId: server.id } });
      change.touchOwners();
      change.touchTools(existing.map((t) => t.id));
      const byReported = new Map(existing.map((t) => [t.mcpToolName ?? t.name, t]));
      let nextSortOrder: number | undefined;
      for (const spec of tools) {
        const name = mcpToolName(server.name, spec.name);
        const hash = contentHash({ name, description: spec.description, inputSchema: spec.inputSchema });
        const current = byReported.get(spec.name);
        byReported.delete(spec.name);
        if (current) {
          if (current.contentHash !== hash) {
            await tx.update(
              ToolDefinitionEntity,
              { id: current.id },
              {
                name,
                description: spec.description,
                inputSchema: spec.inputSchema,
                contentHash: hash,
                version: () => 'version + 1',
              },
            );
          }
          continue;
        }
        await checkNameFree(tx, actor, { projectId: server.projectId, agentId: null }, 'MCP', name, null, 'tools');
        // New tools go after every definition they can meet, in the order reported: one lookup for the inventory.
        nextSortOrder ??= await defaultSortOrder(tx, actor, server.projectId);
        const sortOrder = nextSortOrder++;
        const created = await tx.save(
          tx.create(ToolDefinitionEntity, {
            organizationId: actor.organizationId,
            projectId: server.projectId,
            agentId: null,
            source: 'MCP',
            name,
            description: spec.description,
            inputSchema: spec.inputSchema,
            active: true,
            sortOrder,
            tier: null,
            hostDependent: false,
            requiresMcpServer: false,
            miniAppId: null,
            mcpServerId: server.id,
            mcpToolName: spec.name,
            contentHash: hash,
          }),
        );
        change.touchTools([created.id]);
      }
      const gone = [...byReported.values()].map((t) => t.id);
      if (gone.length) await tx.delete(ToolDefinitionEntity, { id: In(gone) });
      await tx.update(McpServerEntity, { id: server.id }, { probed: true, advertisesResources, inventoryUpdatedAt: new Date() });
      return tx.findOneByOrFail(McpServerEntity, { id: server.id });
    });
  }
}
