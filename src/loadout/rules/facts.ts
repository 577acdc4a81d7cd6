import type { SchemaRefusals } from '../tokens/provider-schema-rules';
import { renderedToolName } from '../tokens/tool-names';
import type { ExecutionContext, PageType, Provider, RuleEffect, RuleLevel, ToolSource, ToolsMode } from '../vocabulary';

/**
 * What the toolbox's rules may read, as plain data: of a definition, of an
 * agent, and of the situation a turn is in. The reference assembly and the
 * compiled path both hand the filters these shapes, derived by the same
 * functions below, so a rule reads the same thing on every path.
 */

export interface ToolRule {
  /** The stored rule's id, so a drop can name it; absent in specs that need no id. */
  id?: string;
  toolName: string;
  effect: RuleEffect;
  on: RuleLevel;
}

export interface ToolFacts {
  id: string;
  name: string;
  /** The name the provider is sent (see tokens/tool-names.ts): one toolbox never carries one twice. */
  renderedName: string;
  sortOrder: number;
  contentHash: string;
  source: ToolSource;
  /** Deprecated and read by no rule; here so a rule that starts reading it is seen doing so. */
  tier: number | null;
  hostDependent: boolean;
  /** Null: organisation-wide. */
  projectId: string | null;
  /** Set: only this agent may load it. */
  agentId: string | null;
  active: boolean;
  requiresMcpServer: boolean;
  /** False when its mini app or MCP server is disabled. */
  ownerEnabled: boolean;
  /** Its MCP server's tool lists leave it out. */
  mcpFiltered: boolean;
  /** What its MCP server's annotations state of the TOOL_HINTS (see hints.ts); empty for other sources. */
  hints: readonly string[];
  /** Per provider, the first schema rule its input schema breaks; null: none does (the usual case). */
  schemaRefusals: SchemaRefusals | null;
  /** The channels (context objects) it is offered on; null: all of them. */
  channels: ReadonlySet<string> | null;
  contextObjects: ReadonlySet<string> | null;
}

export interface AgentFacts {
  /** Null: no agent (a project's budget surface), for which every agent-scoped definition drops. */
  id: string | null;
  projectId: string | null;
  model: string;
  /** The provider of its model: which schema rules the toolbox must keep. */
  provider: Provider;
  maxTools: number;
  /** Cap on the summed schema tokens of the entries; null: no cap. */
  maxSchemaTokens: number | null;
  toolsMode: ToolsMode;
  executionContext: ExecutionContext;
  /** The agent's rules, then its project's. */
  rules: readonly ToolRule[];
  /** An enabled MCP server of the organisation, or of the agent's project, exists. */
  mcpServerInScope: boolean;
}

export interface PageSituation {
  type: PageType;
  contextObject?: string | null;
  recordId?: string | null;
}

export interface SituationFacts {
  channelKey: string;
  pageType: PageType;
  contextObject: string | null;
  recordId: string | null;
}

export const situationFacts = (channelKey: string, page: PageSituation): SituationFacts => ({
  channelKey,
  pageType: page.type,
  contextObject: page.contextObject ?? null,
  recordId: page.recordId ?? null,
});

/** An MCP tool's name as its server reported it, and the server's lists. */
export interface McpFilter {
  reportedName: string;
  enabledTools: readonly string[];
  disabledTools: readonly string[];
}

/** enabledTools, when not empty, lists what is kept; disabledTools what is not (and wins). Matched on the reported name. */
export function isMcpFiltered(mcp: McpFilter | null | undefined): boolean {
  if (!mcp) return false;
  if (mcp.enabledTools.length > 0 && !mcp.enabledTools.includes(mcp.reportedName)) return true;
  return mcp.disabledTools.includes(mcp.reportedName);
}

/** A definition as plain lists, as stored: what both paths derive the facts from. */
export interface PlainTool extends Omit<ToolFacts, 'renderedName' | 'mcpFiltered' | 'channels' | 'contextObjects'> {
  channelKeys: readonly string[];
  contextObjectKeys: readonly string[];
  mcp: McpFilter | null;
}

/** A list as a set; a loadout passes one that hands equal lists one shared set. */
export type KeySets = (keys: readonly string[]) => ReadonlySet<string>;

const freshSet: KeySets = (keys) => new Set(keys);

/**
 * What `make` makes of a list, made once per distinct list and shared by
 * the equal ones: most definitions of an organisation name one of a few
 * channel lists, and a cache holds thousands of definitions.
 */
export function sharedPerList<V>(make: (keys: readonly string[]) => V): (keys: readonly string[]) => V {
  const made = new Map<string, V>();
  return (keys) => {
    // JSON, not a join: no key can make two different lists read alike.
    const key = JSON.stringify(keys);
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(keys)));
    return value;
  };
}

/** A KeySets whose equal lists share one set. */
export const sharedKeySets = (): KeySets => sharedPerList((keys) => new Set(keys));

/** A definition's list as a set; an empty list means all (null). */
export const keySet = (keys: readonly string[], sets: KeySets): ReadonlySet<string> | null => (keys.length ? sets(keys) : null);

/** The facts of a definition: its rendered name, its lists as sets (an empty list means all), its MCP server's verdict. */
export function toolFacts(tool: PlainTool, sets: KeySets = freshSet): ToolFacts {
  return {
    id: tool.id,
    name: tool.name,
    renderedName: renderedToolName(tool.name),
    sortOrder: tool.sortOrder,
    contentHash: tool.contentHash,
    source: tool.source,
    tier: tool.tier,
    hostDependent: tool.hostDependent,
    projectId: tool.projectId,
    agentId: tool.agentId,
    active: tool.active,
    requiresMcpServer: tool.requiresMcpServer,
    ownerEnabled: tool.ownerEnabled,
    hints: tool.hints,
    schemaRefusals: tool.schemaRefusals,
    mcpFiltered: isMcpFiltered(tool.mcp),
    channels: keySet(tool.channelKeys, sets),
    contextObjects: keySet(tool.contextObjectKeys, sets),
  };
}

/** A stored rule as the filters read it. */
export function ruleOf(r: { id: string; toolName: string; effect: RuleEffect; agentId: string | null }): ToolRule {
  return { id: r.id, toolName: r.toolName, effect: r.effect, on: r.agentId ? 'AGENT' : 'PROJECT' };
}
