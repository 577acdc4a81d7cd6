import { changedSituations, type ComparedToolbox } from '../change/compare-situations';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import { providerOf } from '../tokens/providers';
import { visibleTool } from '../tokens/tool-names';
import { assembleToolbox, referenceSurface, type AssembledToolbox, type CandidateTool } from '../rules/assemble';
import { ruleOf, type AgentFacts, type PageSituation } from '../rules/facts';
import { serverInScope } from '../rules/filters';
import type { AgentRow, LoadoutRows, ToolRow } from '../compiled/rows';
import { allSituations, situationKey } from '../rules/situations';
import { readsTokens } from '../rules/stages';
import { LOADOUT_DEFAULTS } from '../vocabulary';

/**
 * The simple computations the compiled loadout and the incremental
 * invalidation replaced, kept as their test oracle: each definition mapped
 * from its rows one agent at a time, every situation assembled from
 * scratch by the reference assembly.
 */

export type OracleTool = CandidateTool & { row: ToolRow };

/** The organisation's definitions as plain candidates, with their schema tokens for `model` where a cap reads them. */
export function oracleCandidates(rows: LoadoutRows, model: string | null): OracleTool[] {
  return rows.tools.map((row) => {
    const visible = visibleTool(row);
    const app = row.miniAppId ? rows.miniApps.find((a) => a.id === row.miniAppId) : undefined;
    const server = row.mcpServerId ? rows.mcpServers.find((s) => s.id === row.mcpServerId) : undefined;
    return {
      ...row,
      contentHash: visible.contentHash,
      ownerEnabled: (app?.enabled ?? true) && (server?.enabled ?? true),
      mcp: server
        ? { reportedName: row.mcpToolName ?? row.name, enabledTools: server.enabledTools, disabledTools: server.disabledTools }
        : null,
      ...(model !== null ? { schemaTokens: estimateToolTokens(visible, model) } : {}),
      row,
    };
  });
}

/** What the filters read of an agent (null: no agent in `projectId`), straight from the rows. */
export function oracleAgent(rows: LoadoutRows, agent: AgentRow | null, projectId: string | null = agent?.projectId ?? null): AgentFacts {
  const scope = agent ? agent.projectId : projectId;
  const rules = rows.rules.filter(
    (r) => (agent !== null && r.agentId === agent.id) || (scope !== null && r.agentId === null && r.projectId === scope),
  );
  return {
    id: agent?.id ?? null,
    projectId: scope,
    model: agent?.model ?? rows.defaultModel,
    provider: providerOf(agent?.model ?? rows.defaultModel),
    maxTools: agent?.maxTools ?? LOADOUT_DEFAULTS.maxTools,
    maxSchemaTokens: agent?.maxSchemaTokens ?? null,
    toolsMode: agent?.toolsMode ?? 'ALL_PAGES',
    executionContext: agent?.executionContext ?? 'RUNNING_USER',
    // The agent's rules first, as the compiled loadout orders them (the agent's win either way).
    rules: [...rules.filter((r) => r.agentId !== null), ...rules.filter((r) => r.agentId === null)].map(ruleOf),
    mcpServerInScope: rows.mcpServers.some((s) => serverInScope(s, scope)),
  };
}

export function oracleToolbox(rows: LoadoutRows, agent: AgentRow, channelKey: string, page: PageSituation): AssembledToolbox<OracleTool> {
  return assembleToolbox({
    agent: oracleAgent(rows, agent),
    channelKey,
    page,
    candidates: oracleCandidates(rows, readsTokens(agent) ? agent.model : null),
  });
}

/** The budget surface of an agent, or of no agent in a project, by the reference. */
export function oracleSurface(rows: LoadoutRows, agent: AgentRow | null, projectId: string | null): OracleTool[] {
  return referenceSurface(oracleCandidates(rows, null), oracleAgent(rows, agent, projectId));
}

/** Every situation's toolbox of one agent, keyed by situation. */
function situationToolboxes(rows: LoadoutRows, agent: AgentRow): Map<string, ComparedToolbox> {
  const out = new Map<string, ComparedToolbox>();
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

/** Every situation of a world (each channel, each page), as the assembly reads it. */
export function worldSituations(rows: LoadoutRows): Array<{ channelKey: string; page: PageSituation }> {
  return allSituations(
    rows.channels.map((c) => c.key),
    rows.contextObjects.map((o) => o.key),
  ).map((s) => ({ channelKey: s.channelKey, page: { type: s.page.type, contextObject: s.page.contextObject ?? null } }));
}
