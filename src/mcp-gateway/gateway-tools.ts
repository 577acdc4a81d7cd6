import type { JsonObject } from '../common/json';
import type { McpServerRow, ToolRow } from '../loadout/rows';
import { DROP_REASON_TEXT, type DropReason } from '../loadout/vocabulary';

/*
 * What an MCP client of the gateway is listed and may call, from an agent's
 * toolbox (docs/mcp-gateway.md, "What is listed"): pure, so the listing, the
 * refusals and the change check read one rule.
 */

/** A toolbox entry as the gateway reads it. */
export interface CarriedTool {
  /** The name the toolbox carries it under: the name a model is sent, and the one the client calls. */
  name: string;
  tool: Pick<ToolRow, 'name' | 'description' | 'inputSchema' | 'mcpServerId' | 'mcpToolName' | 'contentHash' | 'source'>;
}

/** A left-out definition as the gateway reads it. */
export interface LeftOutTool {
  name: string;
  reason: DropReason | string;
  /** EXCLUDED: the rule's subject (`tool:Bash`) and whether it is the agent's or its project's. */
  rule: { subject: string; agentId: string | null } | null;
}

/** One entry of the gateway's tools/list, and where a call to it goes. */
export interface GatewayTool {
  name: string;
  serverId: string;
  /** The name the upstream server's tools/call takes. */
  upstreamName: string;
  /** The definition's own name, which usage evidence counts calls under. */
  definitionName: string;
  contentHash: string;
}

/**
 * The toolbox's tools Loadout can run itself, in toolbox order: MCP tools of
 * servers it reaches (`reachable`). Tools the host runs (built-in, custom,
 * mini-app) and tools of servers a runtime reports are not listed.
 */
export function gatewayTools(carried: readonly CarriedTool[], reachable: ReadonlySet<string>): GatewayTool[] {
  return carried.flatMap(({ name, tool }) =>
    tool.mcpServerId && tool.mcpToolName && reachable.has(tool.mcpServerId)
      ? [{ name, serverId: tool.mcpServerId, upstreamName: tool.mcpToolName, definitionName: tool.name, contentHash: tool.contentHash }]
      : [],
  );
}

/** The servers Loadout reaches itself, whose tools the gateway can call. */
export const reachableServers = (servers: readonly Pick<McpServerRow, 'id' | 'reachable'>[]): ReadonlySet<string> =>
  new Set(servers.filter((s) => s.reachable).map((s) => s.id));

/** A listed tool's tools/list entry: the gateway's name, the definition's text and schema as stored, and the server's other keys as it sent them. */
export function listEntry(name: string, tool: CarriedTool['tool'], entry: JsonObject | null): JsonObject {
  return { name, description: tool.description, inputSchema: tool.inputSchema, ...(entry ?? {}) };
}

/** What a list is, for telling whether a change altered it: its names and contents in order. */
export const listKey = (tools: readonly GatewayTool[]): string => tools.map((t) => `${t.name}\n${t.contentHash}`).join('\n');

/** Reasons worded with the figure behind them. */
const SAID: Partial<Record<DropReason, (name: string, maxTools: number) => string>> = {
  OVER_MAX_TOOLS: (name, maxTools) => `${name} is over Max Tools (${maxTools})`,
};

/**
 * Why `name` is not in the list, in words an MCP client shows its user:
 * carried but run by the host or of a reported server, left out of the
 * toolbox (naming the rule, the cap), or unknown to the agent.
 */
export function whyNotListed(
  name: string,
  carried: readonly CarriedTool[],
  dropped: readonly LeftOutTool[],
  reachable: ReadonlySet<string>,
  maxTools: number,
): string {
  const kept = carried.find((c) => c.name === name);
  if (kept) {
    if (!kept.tool.mcpServerId) return `${name} is run by the host, not by Loadout: it is never listed here`;
    if (!reachable.has(kept.tool.mcpServerId)) return `${name} is of an MCP server its runtime reports; Loadout does not reach it`;
    return `${name} is not in this session's list`;
  }
  const left = dropped.find((d) => d.name === name);
  if (!left) return `${name} is not a tool of this agent`;
  if (left.reason === 'EXCLUDED' && left.rule)
    return `${name} is excluded by the ${left.rule.agentId ? "agent's" : "project's"} rule ${left.rule.subject}`;
  const said = SAID[left.reason as DropReason];
  if (said) return said(name, maxTools);
  const text = (DROP_REASON_TEXT as Record<string, string | undefined>)[left.reason];
  return `${name} is left out of the toolbox: ${text ?? left.reason}`;
}
