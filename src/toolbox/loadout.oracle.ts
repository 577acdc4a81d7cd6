import { changedSituations, type SituationToolbox } from '../invalidation/compare-situations';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import type { ToolDefinitionEntity } from '../tools/tool-definition.entity';
import { assembleToolbox, type AssembledToolbox, type CandidateTool, type PageSituation } from './assemble-toolbox';
import { candidateOf, ruleOf } from './candidates';
import type { AgentRow, LoadoutRows, ToolRow } from './compiled-loadout';
import { allSituations, situationKey } from './situations';
import type { PermissionRuleEntity } from '../agents/permission-rule.entity';

/**
 * The simple computations the compiled loadout and the incremental
 * invalidation replaced, kept as their test oracle: candidates mapped from
 * stored definitions one agent at a time, every situation assembled from
 * scratch.
 */

type OracleTool = CandidateTool & { row: ToolRow };

function candidatesFor(rows: LoadoutRows, agent: AgentRow): OracleTool[] {
  const apps = new Map(rows.miniApps.map((a) => [a.id, a]));
  const servers = new Map(rows.mcpServers.map((s) => [s.id, s]));
  return rows.tools
    .filter((t) => t.projectId === null || t.projectId === agent.projectId)
    .map((row) => {
      const entity = {
        ...row,
        channels: row.channelKeys.map((key) => ({ key })),
        contextObjects: row.contextObjectKeys.map((key) => ({ key })),
        miniApp: row.miniAppId ? apps.get(row.miniAppId) : null,
        mcpServer: row.mcpServerId ? servers.get(row.mcpServerId) : null,
      } as unknown as ToolDefinitionEntity;
      return {
        ...candidateOf(entity),
        ...(agent.maxSchemaTokens !== null ? { schemaTokens: estimateToolTokens(row, agent.model) } : {}),
        row,
      };
    });
}

export function oracleToolbox(rows: LoadoutRows, agent: AgentRow, channelKey: string, page: PageSituation): AssembledToolbox<OracleTool> {
  const projectScope = agent.projectId ? [null, agent.projectId] : [null];
  const rules = rows.rules.filter((r) => r.agentId === agent.id || (agent.projectId !== null && r.projectId === agent.projectId));
  return assembleToolbox({
    agent: {
      id: agent.id,
      maxTools: agent.maxTools,
      toolsMode: agent.toolsMode,
      maxSchemaTokens: agent.maxSchemaTokens,
      rules: rules.map((r) => ruleOf(r as PermissionRuleEntity)),
    },
    channelKey,
    page,
    candidates: candidatesFor(rows, agent),
    mcpServerInScope: rows.mcpServers.some((s) => s.enabled && projectScope.includes(s.projectId)),
  });
}

/** Every situation's toolbox of one agent, keyed by situation. */
function situationToolboxes(rows: LoadoutRows, agent: AgentRow): Map<string, SituationToolbox> {
  const out = new Map<string, SituationToolbox>();
  const situations = allSituations(rows.channels.map((c) => c.key).sort(), rows.contextObjects.map((o) => o.key).sort());
  for (const s of situations) {
    const result = oracleToolbox(rows, agent, s.channelKey, s.page);
    out.set(situationKey(s), { fingerprint: result.fingerprint, entries: result.entries.map((e) => e.tool) });
  }
  return out;
}

/** Per agent present before and after: the changed situations, from every situation assembled twice. */
export function oracleChanges(before: LoadoutRows, after: LoadoutRows): Map<string, ReturnType<typeof changedSituations>> {
  const out = new Map<string, ReturnType<typeof changedSituations>>();
  for (const agent of after.agents) {
    const was = before.agents.find((a) => a.id === agent.id);
    if (!was) continue;
    out.set(agent.id, changedSituations(situationToolboxes(before, was), situationToolboxes(after, agent)));
  }
  return out;
}
