import { In, type DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { ContextObjectEntity } from '../catalogue/context-object.entity';
import type { Actor, ChangeActor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change';
import { badInput } from '../common/errors';
import { findOwned, getOwned } from '../common/tenant';
import type { ChangeTracker, LoadoutChanges } from '../loadout/edge';
import { ProjectEntity } from '../organizations/project.entity';
import { contentHash } from '../common/content-hash';
import { defaultSortOrder } from './default-sort-order';
import { checkNameFree } from './definition-names';
import { MiniAppEntity } from './mini-app.entity';
import { ToolDefinitionEntity } from './tool-definition.entity';
import type { JsonObject } from '../common/json';
import type { ToolSource } from '../loadout/vocabulary';
import { schemaRefusals } from '../loadout/tokens';

export interface NewTool {
  name: string;
  description: string;
  inputSchema: JsonObject;
  source?: ToolSource;
  active?: boolean;
  agentId?: string | null;
  projectId?: string | null;
  channels?: string[] | null;
  contextObjects?: string[] | null;
  sortOrder?: number | null;
  tier?: number | null;
  hostDependent?: boolean | null;
  requiresMcpServer?: boolean | null;
  miniAppId?: string | null;
}

export interface ToolPatch {
  name?: string | null;
  description?: string | null;
  inputSchema?: JsonObject | null;
  active?: boolean | null;
  agentId?: string | null;
  clearAgent?: boolean | null;
  channels?: string[] | null;
  contextObjects?: string[] | null;
  sortOrder?: number | null;
  tier?: number | null;
  hostDependent?: boolean | null;
  requiresMcpServer?: boolean | null;
}

/** What a patch field does: change model-visible content, change who sees the tool, or nothing the runtime reads. */
const CONTENT_FIELDS = ['name', 'description', 'inputSchema'] as const;
const PLACEMENT_FIELDS = ['active', 'agentId', 'clearAgent', 'channels', 'contextObjects', 'sortOrder', 'requiresMcpServer'] as const;

const altersLoadout = (patch: ToolPatch): boolean =>
  definedKeys(patch).some((k) => (CONTENT_FIELDS as readonly string[]).includes(k) || (PLACEMENT_FIELDS as readonly string[]).includes(k));

/** Tool definitions of every source; MCP ones are created only by an inventory report (McpServerService). */
export class ToolDefinitionService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
  ) {}

  definition(actor: Actor, id: string) {
    return findOwned(this.db.manager, ToolDefinitionEntity, actor, id);
  }

  create(actor: Actor, input: NewTool) {
    return this.changes.run(actor, InvalidationCauseEnum.TOOL_CREATED, (_tx, change) => this.createIn(change, input, 'input'));
  }

  async createIn(change: ChangeTracker, input: NewTool, field: string): Promise<ToolDefinitionEntity> {
    const { tx, actor } = change;
    let source: ToolSource = input.source ?? (input.miniAppId ? 'MINI_APP' : 'CUSTOM');
    if (source === 'MCP') throw badInput(`${field}.source`, 'MCP tools come from reportMcpInventory');
    let projectId = input.projectId ?? null;
    if (projectId) await getOwned(tx, ProjectEntity, actor, projectId, `${field}.projectId`, 'Project');
    let miniAppId: string | null = null;
    if (input.miniAppId) {
      const app = await getOwned(tx, MiniAppEntity, actor, input.miniAppId, `${field}.miniAppId`, 'Mini app');
      if (source !== 'MINI_APP') throw badInput(`${field}.source`, 'a tool of a mini app has source MINI_APP');
      if (projectId && app.projectId && projectId !== app.projectId) throw badInput(`${field}.projectId`, "must be the mini app's project");
      projectId = projectId ?? app.projectId;
      miniAppId = app.id;
    } else if (source === 'MINI_APP') {
      throw badInput(`${field}.miniAppId`, 'a MINI_APP tool names its mini app');
    }
    if (input.agentId) {
      if (source === 'BUILT_IN') throw badInput(`${field}.agentId`, 'built-in tools may not name an agent');
      await this.checkAgent(tx, actor, input.agentId, projectId, `${field}.agentId`);
    }
    const channels = await this.byKeys(tx, actor, ChannelEntity, input.channels ?? [], `${field}.channels`, 'channel');
    const contextObjects = await this.byKeys(
      tx,
      actor,
      ContextObjectEntity,
      input.contextObjects ?? [],
      `${field}.contextObjects`,
      'context object',
    );
    await checkNameFree(tx, actor, { projectId, agentId: input.agentId ?? null }, source, input.name, null, `${field}.name`);
    await this.affect(change, input.agentId ?? null, projectId);
    const saved = await tx.save(
      tx.create(ToolDefinitionEntity, {
        organizationId: actor.organizationId,
        projectId,
        agentId: input.agentId ?? null,
        source,
        name: input.name,
        description: input.description,
        inputSchema: input.inputSchema,
        active: input.active ?? true,
        sortOrder: input.sortOrder ?? (await defaultSortOrder(tx, actor, projectId)),
        tier: input.tier ?? null,
        hostDependent: input.hostDependent ?? false,
        requiresMcpServer: input.requiresMcpServer ?? false,
        miniAppId,
        mcpServerId: null,
        mcpToolName: null,
        hints: [],
        schemaRefusals: schemaRefusals(input.inputSchema) ?? {},
        mcpEntry: null,
        contentHash: contentHash(input),
        channels,
        contextObjects,
      }),
    );
    change.touchTools([saved.id]);
    return saved;
  }

  /**
   * Tier (and hostDependent) edits are stored without a loadout change: the
   * runtime reads neither, so no version moves and no event is possible.
   */
  async update(actor: Actor, id: string, patch: ToolPatch) {
    if (!altersLoadout(patch)) {
      return this.changes.write(actor.organizationId, async (tx) =>
        this.applyPatch(tx, actor, await this.lockedTool(tx, actor, id, 'id'), patch, 'input'),
      );
    }
    return this.changes.run(actor, InvalidationCauseEnum.TOOL_UPDATED, (_tx, change) => this.updateIn(change, id, patch, 'id', 'input'));
  }

  async updateIn(change: ChangeTracker, id: string, patch: ToolPatch, idField: string, field: string) {
    const tool = await this.lockedTool(change.tx, change.actor, id, idField);
    change.touchTools([tool.id]);
    // Inside a change set a tier-only patch must not move any version either.
    if (!altersLoadout(patch)) return this.applyPatch(change.tx, change.actor, tool, patch, field);
    await this.affect(change, tool.agentId, tool.projectId);
    const nextAgent = patch.clearAgent ? null : (patch.agentId ?? tool.agentId);
    if (nextAgent !== tool.agentId) await this.affect(change, nextAgent, tool.projectId);
    return this.applyPatch(change.tx, change.actor, tool, patch, field);
  }

  delete(actor: Actor, id: string): Promise<boolean> {
    return this.changes.run(actor, InvalidationCauseEnum.TOOL_DELETED, (_tx, change) => this.deleteIn(change, id, 'id'));
  }

  async deleteIn(change: ChangeTracker, id: string, field: string): Promise<boolean> {
    const tool = await this.lockedTool(change.tx, change.actor, id, field);
    await this.affect(change, tool.agentId, tool.projectId);
    await change.tx.delete(ToolDefinitionEntity, { id: tool.id });
    change.touchTools([tool.id]);
    return true;
  }

  // ---------------------------------------------------------------- helpers

  private async lockedTool(tx: EntityManager, actor: ChangeActor, id: string, field: string) {
    return getOwned(tx, ToolDefinitionEntity, actor, id, field, 'Tool definition', true);
  }

  /** An agent-scoped tool is seen by that agent only; any other by every agent of its scope. */
  private affect(change: ChangeTracker, agentId: string | null, projectId: string | null): Promise<void> {
    return agentId ? change.affectsAgent(agentId) : change.affectsScope(projectId);
  }

  private async applyPatch(tx: EntityManager, actor: ChangeActor, tool: ToolDefinitionEntity, patch: ToolPatch, field: string) {
    if (tool.source === 'MCP' && patch.name != null && patch.name !== tool.name) {
      throw badInput(`${field}.name`, 'MCP tools keep the name their server reported');
    }
    const next: Partial<ToolDefinitionEntity> = {};
    for (const key of ['name', 'description', 'inputSchema', 'active', 'sortOrder', 'hostDependent', 'requiresMcpServer'] as const) {
      if (patch[key] !== undefined && patch[key] !== null) (next as Record<string, unknown>)[key] = patch[key];
    }
    // Null means "unchanged" for every other field; a tier may be cleared, since nothing else can remove one.
    if (patch.tier !== undefined) next.tier = patch.tier;
    if (patch.clearAgent) next.agentId = null;
    else if (patch.agentId) {
      if (tool.source === 'BUILT_IN') throw badInput(`${field}.agentId`, 'built-in tools may not name an agent');
      await this.checkAgent(tx, actor, patch.agentId, tool.projectId, `${field}.agentId`);
      next.agentId = patch.agentId;
    }
    // The agent is part of the name's scope: moving a definition to another agent (or to none) needs its name free there too.
    const agentId = next.agentId !== undefined ? next.agentId : tool.agentId;
    const renamed = next.name !== undefined && next.name !== tool.name;
    if (renamed || agentId !== tool.agentId) {
      const at = `${field}.${renamed ? 'name' : patch.clearAgent ? 'clearAgent' : 'agentId'}`;
      await checkNameFree(tx, actor, { projectId: tool.projectId, agentId }, tool.source, next.name ?? tool.name, tool.id, at);
    }
    const content = {
      name: next.name ?? tool.name,
      description: next.description ?? tool.description,
      inputSchema: next.inputSchema ?? tool.inputSchema,
    };
    // Compared as sent, key order included; a definition whose content is unchanged keeps its stored hash.
    const contentChanged =
      content.name !== tool.name ||
      content.description !== tool.description ||
      JSON.stringify(content.inputSchema) !== JSON.stringify(tool.inputSchema);
    const hash = contentChanged ? contentHash(content) : tool.contentHash;
    const differs = (k: string, v: unknown) => JSON.stringify(v) !== JSON.stringify((tool as unknown as Record<string, unknown>)[k]);
    const linked = await tx.findOneOrFail(ToolDefinitionEntity, {
      where: { id: tool.id },
      relations: { channels: true, contextObjects: true },
    });
    const channels =
      patch.channels != null ? await this.byKeys(tx, actor, ChannelEntity, patch.channels, `${field}.channels`, 'channel') : null;
    const contextObjects =
      patch.contextObjects != null
        ? await this.byKeys(tx, actor, ContextObjectEntity, patch.contextObjects, `${field}.contextObjects`, 'context object')
        : null;
    const keys = (items: Array<{ key: string }> | undefined) => [...new Set((items ?? []).map((i) => i.key))].sort().join('\n');
    const relinked =
      (channels !== null && keys(channels) !== keys(linked.channels)) ||
      (contextObjects !== null && keys(contextObjects) !== keys(linked.contextObjects));
    // Tier is stored so old configurations keep saving, but it is not a revision of the tool: no version bump.
    const revised = relinked || Object.entries(next).some(([k, v]) => k !== 'tier' && differs(k, v)) || contentChanged;
    if (revised) {
      const refusals = next.inputSchema ? { schemaRefusals: schemaRefusals(next.inputSchema) ?? {} } : {};
      await tx.update(ToolDefinitionEntity, { id: tool.id }, { ...next, ...refusals, contentHash: hash, version: () => 'version + 1' });
    } else if (next.tier !== undefined && differs('tier', next.tier)) {
      await tx.update(ToolDefinitionEntity, { id: tool.id }, { tier: next.tier });
    }
    if (relinked) {
      const entity = await tx.findOneOrFail(ToolDefinitionEntity, {
        where: { id: tool.id },
        relations: { channels: true, contextObjects: true },
      });
      if (channels !== null) entity.channels = channels;
      if (contextObjects !== null) entity.contextObjects = contextObjects;
      await tx.save(entity);
    }
    return tx.findOneByOrFail(ToolDefinitionEntity, { id: tool.id });
  }

  private async checkAgent(tx: EntityManager, actor: ChangeActor, agentId: string, projectId: string | null, field: string) {
    const agent = await getOwned(tx, AgentEntity, actor, agentId, field, 'Agent');
    if (projectId && agent.projectId !== projectId) throw badInput(field, "the agent is not in the tool's project");
  }

  /** Catalogue entries by key, in the organisation; an unknown key is bad input naming the field. */
  private async byKeys<T extends ChannelEntity | ContextObjectEntity>(
    tx: EntityManager,
    actor: ChangeActor,
    entity: new () => T,
    keys: string[],
    field: string,
    what: string,
  ): Promise<T[]> {
    if (keys.length === 0) return [];
    const where = { organizationId: actor.organizationId, key: In(keys) } as FindOptionsWhere<T>;
    const found = await tx.find(entity, { where });
    const missing = keys.filter((k) => !found.some((c) => c.key === k));
    if (missing.length) throw badInput(field, `unknown ${what} key(s): ${missing.join(', ')}`);
    return found;
  }
}

function definedKeys(patch: object): string[] {
  return Object.entries(patch)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k]) => k);
}
