import type { DataSource, EntityManager } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { PermissionRuleEntity } from '../agents/permission-rule.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { ContextObjectEntity } from '../catalogue/context-object.entity';
import type { Actor } from '../common/actor';
import { badInput, notFound } from '../common/errors';
import { findOwned } from '../common/tenant';
import { McpServerEntity } from '../tools/mcp-server.entity';
import { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { assembleToolbox, type AgentLoadout, type CandidateTool, type PageSituation } from './assemble-toolbox';
import { candidateOf, ruleOf } from './candidates';

export interface LoadedTool extends CandidateTool {
  definition: ToolDefinitionEntity;
}

/** Everything assembly needs for one agent, loaded once and reusable across situations. */
export interface AgentAssemblyData {
  agent: AgentEntity;
  loadout: AgentLoadout;
  candidates: LoadedTool[];
  mcpServerInScope: boolean;
}

export interface ResolvedToolbox {
  agent: AgentEntity;
  channel: ChannelEntity;
  page: { type: PageSituation['type']; contextObject: string | null; recordId: string | null };
  fingerprint: string;
  tools: Array<{ position: number; name: string; tool: ToolDefinitionEntity; contentHash: string; schemaTokens: number }>;
  toolCount: number;
  schemaTokens: number;
  dropped: Array<{ tool: ToolDefinitionEntity; reason: string }>;
  loadoutVersion: number;
}

export class ToolboxService {
  constructor(private readonly db: DataSource) {}

  /** The Agent Runtime Preview: what the agent carries in this situation now. */
  async resolve(actor: Actor, agentId: string, channelKey: string, page: PageSituation | undefined) {
    const agent = await findOwned(this.db.manager, AgentEntity, actor, agentId);
    if (!agent) throw notFound('Agent', 'agentId');
    return this.resolveFor(this.db.manager, agent, channelKey, page);
  }

  /** `fieldPrefix` roots error paths where channel and page arrive inside an input (`input.`). */
  async resolveFor(
    m: EntityManager,
    agent: AgentEntity,
    channelKey: string,
    page?: PageSituation,
    fieldPrefix = '',
  ): Promise<ResolvedToolbox> {
    const channel = await m.findOne(ChannelEntity, { where: { organizationId: agent.organizationId, key: channelKey } });
    if (!channel) throw badInput(`${fieldPrefix}channel`, `no channel with key '${channelKey}'`);
    const situationPage = await this.checkPage(m, agent.organizationId, page, `${fieldPrefix}page`);
    const data = await this.loadAssemblyData(m, agent);
    return this.assemble(data, channel, situationPage);
  }

  assemble(data: AgentAssemblyData, channel: ChannelEntity, page: ResolvedToolbox['page']): ResolvedToolbox {
    const result = assembleToolbox({
      agent: data.loadout,
      channelKey: channel.key,
      page,
      candidates: data.candidates,
      mcpServerInScope: data.mcpServerInScope,
    });
    const tools = result.entries.map(({ position, tool }) => ({
      position,
      name: tool.name,
      tool: tool.definition,
      contentHash: tool.contentHash,
      schemaTokens: estimateToolTokens(tool.definition, data.agent.model),
    }));
    return {
      agent: data.agent,
      channel,
      page,
      fingerprint: result.fingerprint,
      tools,
      toolCount: tools.length,
      schemaTokens: tools.reduce((sum, t) => sum + t.schemaTokens, 0),
      dropped: result.dropped.map(({ tool, reason }) => ({ tool: tool.definition, reason })),
      loadoutVersion: data.agent.loadoutVersion,
    };
  }

  async loadAssemblyData(m: EntityManager, agent: AgentEntity): Promise<AgentAssemblyData> {
    const org = agent.organizationId;
    const projectScope = agent.projectId ? [null, agent.projectId] : [null];
    // One after another: `m` may be a transaction's single connection, which runs one statement at a time.
    const definitions = await m
      .createQueryBuilder(ToolDefinitionEntity, 't')
      .leftJoinAndSelect('t.channels', 'channel')
      .leftJoinAndSelect('t.contextObjects', 'contextObject')
      .leftJoinAndSelect('t.miniApp', 'miniApp')
      .leftJoinAndSelect('t.mcpServer', 'mcpServer')
      .where('t.organizationId = :org', { org })
      .andWhere(agent.projectId ? '(t.projectId IS NULL OR t.projectId = :project)' : 't.projectId IS NULL', { project: agent.projectId })
      .getMany();
    const rules = await m.find(PermissionRuleEntity, {
      where: agent.projectId ? [{ agentId: agent.id }, { projectId: agent.projectId }] : [{ agentId: agent.id }],
    });
    const servers = await m.find(McpServerEntity, { where: { organizationId: org, enabled: true }, select: { id: true, projectId: true } });
    const candidates: LoadedTool[] = definitions.map((d) => ({
      ...candidateOf(d),
      // Estimated only under a cap: assembly reads them for nothing else.
      ...(agent.maxSchemaTokens !== null ? { schemaTokens: estimateToolTokens(d, agent.model) } : {}),
      definition: d,
    }));
    return {
      agent,
      loadout: {
        id: agent.id,
        maxTools: agent.maxTools,
        toolsMode: agent.toolsMode,
        maxSchemaTokens: agent.maxSchemaTokens,
        rules: rules.map(ruleOf),
      },
      candidates,
      mcpServerInScope: servers.some((s) => projectScope.includes(s.projectId)),
    };
  }

  private async checkPage(
    m: EntityManager,
    organizationId: string,
    page: PageSituation | undefined,
    field: string,
  ): Promise<ResolvedToolbox['page']> {
    if (!page) return { type: 'HOME', contextObject: null, recordId: null };
    if (page.contextObject) {
      if (page.type !== 'RECORD') throw badInput(`${field}.contextObject`, 'only RECORD pages have a context object');
      const known = await m.count(ContextObjectEntity, { where: { organizationId, key: page.contextObject } });
      if (!known) throw badInput(`${field}.contextObject`, `no context object with key '${page.contextObject}'`);
    }
    return { type: page.type, contextObject: page.contextObject ?? null, recordId: page.recordId ?? null };
  }
}
