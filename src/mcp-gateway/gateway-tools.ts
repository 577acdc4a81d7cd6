import type { JsonObject } from '../common/json';
import type { McpServerRow, ToolRow } from '../loadout/compiled';
import { notListedReason } from '../loadout/rules';
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
  /** An MCP tool's name on its server; null for any other tool. */
  upstreamName: string | null;
  reason: DropReason | string;
  /** EXCLUDED: the rule's subject (`tool:Bash`) and whether it is the agent's or its project's. */
  rule: { subject: string; agentId: string | null } | null;
}

/** One entry of the gateway's tools/list, and where a call to it goes. */
export interface GatewayTool {
  /** The name the client is listed and calls (see namedFor). */
  name: string;
  /** The name the toolbox carries it under. */
  toolboxName: string;
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
    tool.mcpServerId &&
    tool.mcpToolName &&
    notListedReason({ server: tool.mcpServerId, mcpToolName: tool.mcpToolName }, (id) => reachable.has(id)) === null
      ? [
          {
            name,
            toolboxName: name,
            serverId: tool.mcpServerId,
            upstreamName: tool.mcpToolName,
            definitionName: tool.name,
            contentHash: tool.contentHash,
          },
        ]
      : [],
  );
}

/** How the gateway names tools to its client (the URL's `names`). */
export const GATEWAY_NAMINGS = ['toolbox', 'server'] as const;
export type GatewayNaming = (typeof GATEWAY_NAMINGS)[number];

/**
 * The tools under the names their client is listed and calls: the
 * toolbox's (`mcp__<server>__<tool>`), or, with `server`, each tool's name
 * on its server where no other listed tool is listed under it; tools that
 * would share a name keep the toolbox's, which are unique, so every name
 * in a list is distinct.
 */
export function namedFor(tools: readonly GatewayTool[], naming: GatewayNaming): GatewayTool[] {
  if (naming === 'toolbox') return [...tools];
  let names = tools.map((t) => t.upstreamName);
  // Each round moves at least one name back to the toolbox's, and none the other way: at most one round a tool.
  for (;;) {
    const uses = new Map<string, number>();
    for (const name of names) uses.set(name, (uses.get(name) ?? 0) + 1);
    const next = names.map((name, i) => (uses.get(name)! > 1 ? tools[i].toolboxName : name));
    if (next.every((name, i) => name === names[i])) break;
    names = next;
  }
  return tools.map((t, i) => ({ ...t, name: names[i] }));
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
  called: string,
  carried: readonly CarriedTool[],
  dropped: readonly LeftOutTool[],
  reachable: ReadonlySet<string>,
  maxTools: number,
  naming: GatewayNaming,
): string {
  const name = naming === 'server' ? toolboxNameOf(called, carried, dropped) : called;
  const kept = carried.find((c) => c.name === name);
  if (kept) {
    const reason = notListedReason({ server: kept.tool.mcpServerId, mcpToolName: kept.tool.mcpToolName }, (id) => reachable.has(id));
    if (reason === 'RUN_BY_HOST') return `${name} is run by the host, not by Loadout: it is never listed here`;
    if (reason === 'REPORTED_SERVER') return `${name} is of an MCP server its runtime reports; Loadout does not reach it`;
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

/**
 * The toolbox's name a name called under `server` naming stands for:
 * itself when a tool the agent carries or leaves out is named so, else the
 * one tool of the agent's named so on its server; else the name as called.
 */
export function toolboxNameOf(called: string, carried: readonly CarriedTool[], dropped: readonly LeftOutTool[]): string {
  if (carried.some((c) => c.name === called) || dropped.some((d) => d.name === called)) return called;
  const matching = [
    ...carried.filter((c) => c.tool.mcpToolName === called).map((c) => c.name),
    ...dropped.filter((d) => d.upstreamName === called).map((d) => d.name),
  ];
  return matching.length === 1 ? matching[0] : called;
}
