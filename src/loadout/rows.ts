import type { JsonObject } from '../common/json';
import type { ExecutionContext, RuleEffect, ToolSource, ToolsMode } from './vocabulary';

/**
 * An organisation's loadout as plain rows, what the database holds, and the
 * SQL that loads them: the whole of it, or the parts a change touched.
 */

export interface ToolRow {
  id: string;
  organizationId: string;
  projectId: string | null;
  agentId: string | null;
  source: ToolSource;
  name: string;
  description: string;
  inputSchema: JsonObject;
  active: boolean;
  sortOrder: number;
  tier: number | null;
  hostDependent: boolean;
  requiresMcpServer: boolean;
  miniAppId: string | null;
  mcpServerId: string | null;
  mcpToolName: string | null;
  contentHash: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  channelKeys: string[];
  contextObjectKeys: string[];
}

export interface AgentRow {
  id: string;
  organizationId: string;
  projectId: string | null;
  name: string;
  model: string;
  maxTools: number;
  maxSchemaTokens: number | null;
  toolsMode: ToolsMode;
  executionContext: ExecutionContext;
  budgetWarnThreshold: number;
  budgetHotThreshold: number;
  loadoutVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RuleRow {
  id: string;
  agentId: string | null;
  projectId: string | null;
  toolName: string;
  effect: RuleEffect;
}

export interface MiniAppRow {
  id: string;
  enabled: boolean;
}

export interface McpServerRow {
  id: string;
  name: string;
  projectId: string | null;
  /** False until the server has reported an inventory. */
  probed: boolean;
  enabled: boolean;
  enabledTools: string[];
  disabledTools: string[];
}

export interface CatalogueRow {
  id: string;
  organizationId: string;
  key: string;
  name: string;
}

export interface LoadoutRows {
  organizationId: string;
  defaultModel: string;
  tools: ToolRow[];
  agents: AgentRow[];
  rules: RuleRow[];
  miniApps: MiniAppRow[];
  mcpServers: McpServerRow[];
  channels: CatalogueRow[];
  contextObjects: CatalogueRow[];
}

/** Anything that runs a statement: a DataSource, or the EntityManager of a transaction. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

/**
 * A definition's channels and context objects are its organisation's: saying
 * so lets the planner reach them through the organisation's index, where
 * without statistics (a bulk load, autovacuum off) it scans every
 * organisation's catalogue once per definition.
 */
const TOOL_COLUMNS = `t.id, t.organization_id AS "organizationId", t.project_id AS "projectId", t.agent_id AS "agentId", t.source,
  t.name, t.description, t.input_schema AS "inputSchema", t.active, t.sort_order AS "sortOrder", t.tier,
  t.host_dependent AS "hostDependent", t.requires_mcp_server AS "requiresMcpServer", t.mini_app_id AS "miniAppId",
  t.mcp_server_id AS "mcpServerId", t.mcp_tool_name AS "mcpToolName", t.content_hash AS "contentHash", t.version,
  t.created_at AS "createdAt", t.updated_at AS "updatedAt",
  COALESCE((SELECT array_agg(c.key ORDER BY c.key) FROM tool_definition_channels l JOIN channels c ON c.id = l.channel_id
             WHERE l.tool_definition_id = t.id AND c.organization_id = t.organization_id), '{}') AS "channelKeys",
  COALESCE((SELECT array_agg(o.key ORDER BY o.key) FROM tool_definition_context_objects l JOIN context_objects o ON o.id = l.context_object_id
             WHERE l.tool_definition_id = t.id AND o.organization_id = t.organization_id), '{}') AS "contextObjectKeys"`;

const AGENT_COLUMNS = `id, organization_id AS "organizationId", project_id AS "projectId", name, model, max_tools AS "maxTools",
  max_schema_tokens AS "maxSchemaTokens", tools_mode AS "toolsMode", execution_context AS "executionContext",
  budget_warn_threshold AS "budgetWarnThreshold", budget_hot_threshold AS "budgetHotThreshold",
  loadout_version AS "loadoutVersion", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The definitions with these ids (all of the organisation's when ids is null); a missing id was deleted. */
export function loadToolRows(q: Queryable, organizationId: string, ids: readonly string[] | null): Promise<ToolRow[]> {
  return ids === null
    ? q.query(`SELECT ${TOOL_COLUMNS} FROM tool_definitions t WHERE t.organization_id = $1`, [organizationId])
    : q.query(`SELECT ${TOOL_COLUMNS} FROM tool_definitions t WHERE t.organization_id = $1 AND t.id = ANY($2::uuid[])`, [
        organizationId,
        ids,
      ]);
}

export function loadAgentRows(q: Queryable, organizationId: string, ids: readonly string[] | null): Promise<AgentRow[]> {
  return ids === null
    ? q.query(`SELECT ${AGENT_COLUMNS} FROM agents WHERE organization_id = $1`, [organizationId])
    : q.query(`SELECT ${AGENT_COLUMNS} FROM agents WHERE organization_id = $1 AND id = ANY($2::uuid[])`, [organizationId, ids]);
}

export function loadRuleRows(q: Queryable, organizationId: string): Promise<RuleRow[]> {
  return q.query(
    `SELECT id, agent_id AS "agentId", project_id AS "projectId", tool_name AS "toolName", effect FROM permission_rules WHERE organization_id = $1`,
    [organizationId],
  );
}

export async function loadOwnerRows(q: Queryable, organizationId: string): Promise<{ miniApps: MiniAppRow[]; mcpServers: McpServerRow[] }> {
  const miniApps: MiniAppRow[] = await q.query(`SELECT id, enabled FROM mini_apps WHERE organization_id = $1`, [organizationId]);
  const mcpServers: McpServerRow[] = await q.query(
    `SELECT id, name, project_id AS "projectId", probed, enabled, enabled_tools AS "enabledTools", disabled_tools AS "disabledTools"
       FROM mcp_servers WHERE organization_id = $1`,
    [organizationId],
  );
  return { miniApps, mcpServers };
}

export async function loadCatalogueRows(
  q: Queryable,
  organizationId: string,
): Promise<{ channels: CatalogueRow[]; contextObjects: CatalogueRow[] }> {
  const columns = `id, organization_id AS "organizationId", key, name`;
  const channels: CatalogueRow[] = await q.query(`SELECT ${columns} FROM channels WHERE organization_id = $1 ORDER BY key`, [
    organizationId,
  ]);
  const contextObjects: CatalogueRow[] = await q.query(`SELECT ${columns} FROM context_objects WHERE organization_id = $1 ORDER BY key`, [
    organizationId,
  ]);
  return { channels, contextObjects };
}

/**
 * Everything the organisation's toolboxes are made of, and the loadout
 * sequence it is current for. Statements run one after another: `q` may be a
 * transaction's single connection.
 */
export async function loadLoadoutRows(q: Queryable, organizationId: string): Promise<{ seq: number; rows: LoadoutRows } | null> {
  const [org]: Array<{ seq: string; defaultModel: string }> = await q.query(
    `SELECT loadout_seq::text AS seq, default_model AS "defaultModel" FROM organizations WHERE id = $1`,
    [organizationId],
  );
  if (!org) return null;
  const tools = await loadToolRows(q, organizationId, null);
  const agents = await loadAgentRows(q, organizationId, null);
  const rules = await loadRuleRows(q, organizationId);
  const owners = await loadOwnerRows(q, organizationId);
  const catalogue = await loadCatalogueRows(q, organizationId);
  return {
    seq: Number(org.seq),
    rows: { organizationId, defaultModel: org.defaultModel, tools, agents, rules, ...owners, ...catalogue },
  };
}
