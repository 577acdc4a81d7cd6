import type { LoadoutCache } from '../loadout/compiled';
import { In, type DataSource } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import { badInput, notFound } from '../common/errors';
import { findOwned } from '../common/tenant';
import { ProjectEntity } from '../organizations/project.entity';
import { estimateToolTokens, requestOverheadTokens, shownRefusal, type ShownRefusal } from '../loadout/tokens';
import type { UsageService } from '../usage/usage.service';
import { endUserOf } from '../usage/usage-scope';
import { OrganizationEntity } from '../organizations/organization.entity';
import { budgetSurface, incompatibleOnSurface, reaches, ruleSubject, ruleWarning, serverInScope } from '../loadout/rules';
import type { RuleLevel, ToolSource } from '../loadout/vocabulary';
import type { RefusedMcpTool } from '../tools/mcp-tool-entry';
import { McpServerEntity } from '../tools/mcp-server.entity';
import { McpProbeEntity } from '../tools/mcp-probe.entity';
import { isProbed } from '../tools/mcp-probe-status';
import { serverNotes, type McpServerNote } from './mcp-server-notes';
import { budgetReport, type BudgetReport } from './budget-report';
import { DAY_MS } from '../common/time';
import { retainedHorizon } from '../usage/call-log-retention';

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
  /** Left out of the surface for their schema (INCOMPATIBLE_SCHEMA), with the rule and where it breaks. */
  incompatibleTools: Array<{ name: string; source: ToolSource; schemaRefusal: ShownRefusal }>;
  refusedMcpTools: Array<RefusedMcpTool & { server: string }>;
  mcpServerNotes: McpServerNote[];
  ruleWarnings: Array<{ subject: string; level: RuleLevel; warning: string }>;
}

export class BudgetService {
  constructor(
    private readonly db: DataSource,
    private readonly usage: UsageService,
    private readonly loadouts: LoadoutCache,
    private readonly retentionDays: number,
    /** How old a probed server's last good inventory may be before it is named stale (LOADOUT_MCP_STALE_AFTER_MS). */
    private readonly staleAfterMs: number,
  ) {}

  /**
   * The budget report of a scope: its surface, what it costs with the
   * agent's model (no agent: the organisation's default), and the usage
   * evidence of (user, project). With an agent and no project, the agent's
   * project is the scope.
   */
  async report(actor: Actor, q: BudgetQuery): Promise<ToolBudget> {
    const now = new Date();
    const asOf = q.asOf ?? now;
    const userId = endUserOf(actor.principalId, q.userId);
    const m = this.db.manager;
    // Before the horizon the log lacks calls made after asOf, and the report would count them. Now is never
    // before it: every instance keeps at least 31 days.
    if (q.asOf) {
      const horizon = retainedHorizon(now, this.retentionDays, await this.usage.callLogCut(m));
      if (asOf < horizon) throw badInput('asOf', `is before the call log's retained horizon, ${horizon.toISOString()}`);
    }
    const agent = q.agentId ? await findOwned(m, AgentEntity, actor, q.agentId) : null;
    if (q.agentId && !agent) throw notFound('Agent', 'agentId');
    if (q.projectId && !(await findOwned(m, ProjectEntity, actor, q.projectId))) throw notFound('Project', 'projectId');
    if (agent && q.projectId && agent.projectId !== q.projectId) throw badInput('projectId', 'the agent belongs to another project');
    const projectId = q.projectId ?? agent?.projectId ?? null;
    const scope = { organizationId: actor.organizationId, userId, projectId };

    // The definitions, rules and servers come from the organisation's compiled loadout; only usage is read.
    const [organization, cached, roster, recentTurns] = await Promise.all([
      m.findOneByOrFail(OrganizationEntity, { id: actor.organizationId }),
      this.loadouts.current(actor.organizationId),
      this.usage.rosterAsOf(m, scope, asOf),
      // Whole UTC days, from the day 7 days before asOf through asOf's day.
      this.usage.turnsBetween(m, scope, new Date(asOf.getTime() - 7 * DAY_MS), asOf),
    ]);
    const loadout = cached!.loadout;
    const model = agent?.model ?? loadout.rows.defaultModel;
    const inScope = loadout.rows.mcpServers.filter((s) => serverInScope(s, projectId));
    // With an agent, its own scope and rules; without, the project's alone (no agent's private definitions).
    const facts = agent ? loadout.agents.get(agent.id) : loadout.withoutAgent(projectId);
    if (!facts) throw notFound('Agent', 'agentId');
    const surface = budgetSurface(loadout.sorted, facts, (t) => t);
    const tools = surface.map((t) => ({
      name: t.name,
      source: t.row.source,
      hostDependent: t.row.hostDependent,
      schemaTokens: estimateToolTokens(t.visible, model),
    }));
    const report = budgetReport({
      asOf,
      tools,
      unprobedMcpServers: inScope.filter((s) => !s.probed).map((s) => s.name),
      requestOverheadTokens: requestOverheadTokens(model, tools.length),
      // An agent's own thresholds override the organisation's.
      warnThreshold: agent?.budgetWarnThreshold ?? organization.toolBudgetWarn,
      hotThreshold: agent?.budgetHotThreshold ?? organization.toolBudgetHot,
      roster,
      recentTurns,
    });
    const incompatibleTools = incompatibleOnSurface(loadout.sorted, facts, (t) => t).map((t) => ({
      name: t.name,
      source: t.row.source,
      schemaRefusal: shownRefusal(facts.provider, t.schemaRefusals![facts.provider]!),
    }));
    const candidates = loadout.sorted.filter((t) => reaches(t, { projectId, agentId: agent?.id ?? null }));
    const ruleWarnings = facts.rules.flatMap((rule) => {
      const warning = ruleWarning(rule.toolName, candidates);
      return warning === null ? [] : [{ subject: ruleSubject(rule.toolName), level: rule.on, warning }];
    });
    const servers = inScope.length ? await m.findBy(McpServerEntity, { id: In(inScope.map((s) => s.id)) }) : [];
    const refusedMcpTools = servers
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((s) => s.refusedTools.map((r) => ({ server: s.name, ...r })));
    // Probe state is only known as of now, whatever asOf the report is for; a scope of reported servers reads none.
    const probedIds = servers.filter((s) => isProbed(s.transport)).map((s) => s.id);
    const probes = probedIds.length ? await m.findBy(McpProbeEntity, { serverId: In(probedIds) }) : [];
    const mcpServerNotes = serverNotes(servers, probes, new Date(), this.staleAfterMs);
    return {
      projectId,
      agentId: agent?.id ?? null,
      sessionId: q.sessionId ?? null,
      userId,
      asOf,
      ...report,
      incompatibleTools,
      refusedMcpTools,
      mcpServerNotes,
      ruleWarnings,
    };
  }
}
