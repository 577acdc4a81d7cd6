import { storedRefusals } from '../tokens/provider-schema-rules';
import { sharedPerList } from '../rules/facts';
import type { AgentRow, AgentRows, CatalogueRow, LoadoutRows, McpServerRow, MiniAppRow, RuleRow, ToolRow } from '../compiled/rows';
import { decodeRows, jsonRows, type Field } from './row-json';

/**
 * The SQL that loads an organisation's loadout rows (loadout/compiled/rows.ts):
 * the whole of it, or the parts a change touched.
 */

/** Anything that runs a statement: a DataSource, or the EntityManager of a transaction. */
export interface Queryable {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

/**
 * Definitions' rows with equal channel (context object) lists holding one
 * array: most definitions of an organisation name one of a few lists, the
 * empty one above all, and a cache holds hundreds of thousands of rows.
 */
function decodeToolRows(arrays: readonly unknown[][], organizationId: string): ToolRow[] {
  const rows = decodeRows(TOOL_FIELDS, arrays, { organizationId });
  const shared = sharedPerList((keys) => keys);
  for (const row of rows) {
    row.channelKeys = shared(row.channelKeys);
    row.contextObjectKeys = shared(row.contextObjectKeys);
    row.hints = shared(row.hints);
    row.schemaRefusals = storedRefusals(row.schemaRefusals, row.inputSchema);
  }
  return rows;
}

const TOOL_FIELDS: readonly Field<ToolRow>[] = [
  ['id', 't.id'],
  ['projectId', 't.project_id'],
  ['agentId', 't.agent_id'],
  ['source', 't.source'],
  ['name', 't.name'],
  ['description', 't.description'],
  ['inputSchema', 't.input_schema'],
  ['active', 't.active'],
  ['sortOrder', 't.sort_order'],
  ['tier', 't.tier'],
  ['hostDependent', 't.host_dependent'],
  ['requiresMcpServer', 't.requires_mcp_server'],
  ['miniAppId', 't.mini_app_id'],
  ['mcpServerId', 't.mcp_server_id'],
  ['mcpToolName', 't.mcp_tool_name'],
  ['hints', 't.hints'],
  ['schemaRefusals', 't.schema_refusals'],
  ['contentHash', 't.content_hash'],
  ['version', 't.version'],
  ['channelKeys', `COALESCE(channel_keys.keys, '{}')`],
  ['contextObjectKeys', `COALESCE(context_keys.keys, '{}')`],
];

/**
 * The definitions of `org` (narrowed to the ids `$2` when byId), with the
 * keys of their channels and context objects grouped once per statement (a
 * subquery per definition cost more than the definitions themselves). The
 * links are reached through the definitions' ids as one array, which the
 * planner looks up in the links' index whatever its statistics say: joined
 * to the definitions instead, with no statistics (a bulk load, autovacuum
 * off) it scanned every organisation's links.
 */
function toolsFrom(org: string, byId: boolean): string {
  const ids = byId ? '$2::uuid[]' : `ARRAY(SELECT d.id FROM tool_definitions d WHERE d.organization_id = ${org})`;
  const keysOf = (links: string, link: string, catalogue: string) =>
    `(WITH l AS MATERIALIZED (SELECT tool_definition_id, ${link} FROM ${links} WHERE tool_definition_id = ANY(${ids}))
      SELECT l.tool_definition_id AS id, array_agg(k.key ORDER BY k.key) AS keys FROM l JOIN ${catalogue} k ON k.id = l.${link}
       WHERE k.organization_id = ${org} GROUP BY l.tool_definition_id)`;
  return `tool_definitions t
    LEFT JOIN ${keysOf('tool_definition_channels', 'channel_id', 'channels')} channel_keys ON channel_keys.id = t.id
    LEFT JOIN ${keysOf('tool_definition_context_objects', 'context_object_id', 'context_objects')} context_keys ON context_keys.id = t.id
    WHERE t.organization_id = ${org}${byId ? ' AND t.id = ANY($2::uuid[])' : ''}`;
}

const AGENT_FIELDS: readonly Field<AgentRow>[] = [
  ['id', 'a.id'],
  ['projectId', 'a.project_id'],
  ['name', 'a.name'],
  ['model', 'a.model'],
  ['maxTools', 'a.max_tools'],
  ['maxSchemaTokens', 'a.max_schema_tokens'],
  ['toolsMode', 'a.tools_mode'],
  ['executionContext', 'a.execution_context'],
  ['budgetWarnThreshold', 'a.budget_warn_threshold'],
  ['budgetHotThreshold', 'a.budget_hot_threshold'],
];
/** An agent's row as it travels: its fields, then its version, which LoadoutRows keeps apart (see agentRows). */
const STORED_AGENT_FIELDS: readonly Field<AgentRow & { loadoutVersion: number }>[] = [
  ...AGENT_FIELDS,
  ['loadoutVersion', 'a.loadout_version'],
];

const RULE_FIELDS: readonly Field<RuleRow>[] = [
  ['id', 'r.id'],
  ['agentId', 'r.agent_id'],
  ['projectId', 'r.project_id'],
  ['toolName', 'r.tool_name'],
  ['effect', 'r.effect'],
];

const MINI_APP_FIELDS: readonly Field<MiniAppRow>[] = [
  ['id', 'm.id'],
  ['enabled', 'm.enabled'],
];

const MCP_SERVER_FIELDS: readonly Field<McpServerRow>[] = [
  ['id', 's.id'],
  ['name', 's.name'],
  ['projectId', 's.project_id'],
  ['probed', 's.probed'],
  ['reachable', "s.transport <> 'REPORTED'"],
  ['enabled', 's.enabled'],
  ['enabledTools', 's.enabled_tools'],
  ['disabledTools', 's.disabled_tools'],
];

const catalogueFields = (alias: string): readonly Field<CatalogueRow>[] => [
  ['id', `${alias}.id`],
  ['key', `${alias}.key`],
  ['name', `${alias}.name`],
];
const CHANNEL_FIELDS = catalogueFields('c');
const CONTEXT_OBJECT_FIELDS = catalogueFields('o');

/** Each part's JSON over the organisation `org` (an SQL expression), optionally narrowed to ids `$2`. */
const PARTS = {
  tools: (org: string, byId = false) => jsonRows(TOOL_FIELDS, toolsFrom(org, byId)),
  agents: (org: string, byId = false) =>
    jsonRows(STORED_AGENT_FIELDS, `agents a WHERE a.organization_id = ${org}${byId ? ' AND a.id = ANY($2::uuid[])' : ''}`),
  rules: (org: string) => jsonRows(RULE_FIELDS, `permission_rules r WHERE r.organization_id = ${org}`),
  miniApps: (org: string) => jsonRows(MINI_APP_FIELDS, `mini_apps m WHERE m.organization_id = ${org}`),
  mcpServers: (org: string) => jsonRows(MCP_SERVER_FIELDS, `mcp_servers s WHERE s.organization_id = ${org}`),
  channels: (org: string) => jsonRows(CHANNEL_FIELDS, `channels c WHERE c.organization_id = ${org}`, 'c.key'),
  contextObjects: (org: string) => jsonRows(CONTEXT_OBJECT_FIELDS, `context_objects o WHERE o.organization_id = ${org}`, 'o.key'),
};

async function oneJson(q: Queryable, sql: string, params: unknown[]): Promise<unknown[][]> {
  const [row]: Array<{ rows: unknown[][] }> = await q.query(`SELECT ${sql} AS rows`, params);
  return row.rows;
}

/** The definitions with these ids (all of the organisation's when ids is null); a missing id was deleted. */
export async function loadToolRows(q: Queryable, organizationId: string, ids: readonly string[] | null): Promise<ToolRow[]> {
  const params = ids === null ? [organizationId] : [organizationId, ids];
  return decodeToolRows(await oneJson(q, PARTS.tools('$1', ids !== null), params), organizationId);
}

/** The rows decoded from their fields, the version that follows them read into the map. */
function agentRows(json: unknown[][], organizationId: string): AgentRows {
  const agents = decodeRows(AGENT_FIELDS, json, { organizationId });
  return { agents, versions: new Map(agents.map((a, i) => [a.id, json[i][AGENT_FIELDS.length] as number])) };
}

export async function loadAgentRows(q: Queryable, organizationId: string, ids: readonly string[] | null): Promise<AgentRows> {
  const params = ids === null ? [organizationId] : [organizationId, ids];
  return agentRows(await oneJson(q, PARTS.agents('$1', ids !== null), params), organizationId);
}

export async function loadRuleRows(q: Queryable, organizationId: string): Promise<RuleRow[]> {
  return decodeRows(RULE_FIELDS, await oneJson(q, PARTS.rules('$1'), [organizationId]));
}

export async function loadOwnerRows(q: Queryable, organizationId: string): Promise<{ miniApps: MiniAppRow[]; mcpServers: McpServerRow[] }> {
  const [row]: Array<{ miniApps: unknown[][]; mcpServers: unknown[][] }> = await q.query(
    `SELECT ${PARTS.miniApps('$1')} AS "miniApps", ${PARTS.mcpServers('$1')} AS "mcpServers"`,
    [organizationId],
  );
  return { miniApps: decodeRows(MINI_APP_FIELDS, row.miniApps), mcpServers: decodeRows(MCP_SERVER_FIELDS, row.mcpServers) };
}

const WHOLE_LOADOUT = `SELECT org.loadout_seq::text AS seq, org.default_model AS "defaultModel",
  ${PARTS.tools('org.id')} AS tools, ${PARTS.agents('org.id')} AS agents, ${PARTS.rules('org.id')} AS rules,
  ${PARTS.miniApps('org.id')} AS "miniApps", ${PARTS.mcpServers('org.id')} AS "mcpServers",
  ${PARTS.channels('org.id')} AS channels, ${PARTS.contextObjects('org.id')} AS "contextObjects"
  FROM organizations org WHERE org.id = $1`;

/**
 * Everything the organisation's toolboxes are made of, and the loadout
 * sequence it is current for: one statement, so one snapshot, whether `q`
 * is a transaction or the pool.
 */
export async function loadLoadoutRows(q: Queryable, organizationId: string): Promise<{ seq: number; rows: LoadoutRows } | null> {
  const [org]: Array<{ seq: string; defaultModel: string } & Record<keyof typeof PARTS, unknown[][]>> = await q.query(WHOLE_LOADOUT, [
    organizationId,
  ]);
  if (!org) return null;
  return {
    seq: Number(org.seq),
    rows: {
      organizationId,
      defaultModel: org.defaultModel,
      tools: decodeToolRows(org.tools, organizationId),
      ...agentRows(org.agents, organizationId),
      rules: decodeRows(RULE_FIELDS, org.rules),
      miniApps: decodeRows(MINI_APP_FIELDS, org.miniApps),
      mcpServers: decodeRows(MCP_SERVER_FIELDS, org.mcpServers),
      channels: decodeRows(CHANNEL_FIELDS, org.channels, { organizationId }),
      contextObjects: decodeRows(CONTEXT_OBJECT_FIELDS, org.contextObjects, { organizationId }),
    },
  };
}
