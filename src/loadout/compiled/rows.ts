import type { JsonObject } from '../../common/json';
import type { SchemaRefusals } from '../tokens/provider-schema-rules';
import type { ExecutionContext, RuleEffect, ToolSource, ToolsMode } from '../vocabulary';

/**
 * An organisation's loadout as plain rows, what the database holds; the SQL
 * that loads them is at the core's edge (loadout/edge/stored-rows.ts).
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
  /** What its MCP server's annotations state of the TOOL_HINTS, as hints.ts keeps it. */
  hints: readonly string[];
  /** Per provider, the first schema rule its input schema breaks; null: none. */
  schemaRefusals: SchemaRefusals | null;
  contentHash: string;
  version: number;
  channelKeys: readonly string[];
  contextObjectKeys: readonly string[];
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
  /** Loadout reaches it itself (its transport is not REPORTED): the MCP gateway can call its tools. */
  reachable: boolean;
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
  /**
   * Each agent's loadoutVersion, apart from its row: a change moves the
   * versions of every agent it may affect and nothing else of most of them,
   * so their rows and compiled facts are kept as they were.
   */
  versions: ReadonlyMap<string, number>;
  rules: RuleRow[];
  miniApps: MiniAppRow[];
  mcpServers: McpServerRow[];
  channels: CatalogueRow[];
  contextObjects: CatalogueRow[];
}

/** Agents' rows and, apart from them, their versions. */
export interface AgentRows {
  agents: AgentRow[];
  versions: Map<string, number>;
}
