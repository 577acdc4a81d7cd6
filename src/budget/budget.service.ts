import { candidateOf, ruleOf } from '../toolbox/candidates';
import type { DataSource } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { PermissionRuleEntity } from '../agents/permission-rule.entity';
import type { Actor } from '../common/actor';
import { badInput, notFound } from '../common/errors';
import { findOwned } from '../common/tenant';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { estimateToolTokens, requestOverheadTokens } from '../tokens/estimate-tokens';
import { McpServerEntity } from '../tools/mcp-server.entity';
import { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import type { UsageService } from '../usage/usage.service';
import {
  budgetReport,
  budgetSurface,
  DEFAULT_HOT_THRESHOLD,
  DEFAULT_WARN_THRESHOLD,
  type BudgetCandidate,
  type BudgetReport,
} from './budget-report';

export interface BudgetQuery {
  projectId?: string | null;
  agentId?: string | null;
  sessionId?: string | null;
  userId?: string | null;
  asOf?: Date | null;
}

export interface ToolBudget extends BudgetReport {
  projectId: string | null;
  agentId: string | null;
  sessionId: string | null;
  userId: string;
  asOf: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export class BudgetService {
  constructor(
    private readonly db: DataSource,
    private readonly usage: UsageService,
  ) {}

  /**
   * The budget report of a scope: its surface, what it costs with the
   * agent's model (no agent: the organisation's default), and the usage
   * evidence of (user, project). With an agent and no project, the agent's
   * project is the scope.
   */
  async report(actor: Actor, q: BudgetQuery): Promise<ToolBudget> {
    const asOf = q.asOf ?? new Date();
    const userId = q.userId ?? actor.principalId;
    const m = this.db.manager;
    const agent = q.agentId ? await findOwned(m, AgentEntity, actor, q.agentId) : null;
    if (q.agentId && !agent) throw notFound('Agent', 'agentId');
    if (q.projectId && !(await findOwned(m, ProjectEntity, actor, q.projectId))) throw notFound('Project', 'projectId');
    if (agent && q.projectId && agent.projectId !== q.projectId) throw badInput('projectId', 'the agent belongs to another project');
    const projectId = q.projectId ?? agent?.projectId ?? null;
    const scope = { organizationId: actor.organizationId, userId, projectId };

    const [org, definitions, rules, servers, roster, recentTurns] = await Promise.all([
      m.findOneByOrFail(OrganizationEntity, { id: actor.organizationId }),
      m
        .createQueryBuilder(ToolDefinitionEntity, 't')
        .leftJoinAndSelect('t.miniApp', 'miniApp')
        .leftJoinAndSelect('t.mcpServer', 'mcpServer')
        .where('t.organizationId = :org', { org: actor.organizationId })
        .andWhere(projectId ? '(t.projectId IS NULL OR t.projectId = :project)' : 't.projectId IS NULL', { project: projectId })
        .getMany(),
      agent || projectId
        ? m.find(PermissionRuleEntity, { where: [...(projectId ? [{ projectId }] : []), ...(agent ? [{ agentId: agent.id }] : [])] })
        : Promise.resolve([]),
      m.find(McpServerEntity, { where: { organizationId: actor.organizationId, enabled: true } }),
      this.usage.rosterAsOf(m, scope, asOf),
      // Whole UTC days, from the day 7 days before asOf through asOf's day.
      this.usage.turnsBetween(m, scope, new Date(asOf.getTime() - 7 * DAY_MS), asOf),
    ]);
    const model = agent?.model ?? org.defaultModel;
    const inScope = servers.filter((s) => s.projectId === null || s.projectId === projectId);
    const candidates: BudgetCandidate[] = definitions.map((d) => ({
      ...candidateOf(d),
      source: d.source,
      hostDependent: d.hostDependent,
      schemaTokens: 0,
    }));
    const surface = budgetSurface({
      candidates,
      agentId: agent?.id ?? null,
      rules: rules.map(ruleOf),
      mcpServerInScope: inScope.length > 0,
    });
    const byId = new Map(definitions.map((d) => [d.id, d]));
    const tools = surface.map((t) => ({ ...t, schemaTokens: estimateToolTokens(byId.get(t.id)!, model) }));
    const report = budgetReport({
      asOf,
      tools,
      unprobedMcpServers: inScope.filter((s) => !s.probed).map((s) => s.name),
      requestOverheadTokens: requestOverheadTokens(model, tools.length),
      warnThreshold: agent?.budgetWarnThreshold ?? DEFAULT_WARN_THRESHOLD,
      hotThreshold: agent?.budgetHotThreshold ?? DEFAULT_HOT_THRESHOLD,
      roster,
      recentTurns,
    });
    return { projectId, agentId: agent?.id ?? null, sessionId: q.sessionId ?? null, userId, asOf, ...report };
  }
}
