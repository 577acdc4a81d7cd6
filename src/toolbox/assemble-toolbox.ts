import { toolboxFingerprint } from './canonical-json';

/**
 * Toolbox assembly, SEMANTICS section 3: a pure function from plain data to
 * the ordered entries, the dropped tools with the first filter each failed,
 * and the fingerprint. The database side only loads these inputs.
 */

export type DropReason =
  | 'TOOLS_MODE'
  | 'INACTIVE'
  | 'OWNER_DISABLED'
  | 'MCP_FILTERED'
  | 'REQUIRES_MCP_SERVER'
  | 'AGENT_SCOPE'
  | 'CHANNEL'
  | 'CONTEXT'
  | 'EXCLUDED'
  | 'SHADOWED'
  | 'OVER_MAX_TOOLS'
  | 'OVER_TOKEN_BUDGET';

export type PageType = 'RECORD' | 'HOME' | 'LIST';

export interface PageSituation {
  type: PageType;
  contextObject?: string | null;
  recordId?: string | null;
}

export interface CandidateTool {
  id: string;
  name: string;
  contentHash: string;
  active: boolean;
  sortOrder: number;
  /** Null: organisation-wide. */
  projectId: string | null;
  /** Set: only this agent may load it. */
  agentId: string | null;
  channelKeys: readonly string[];
  contextObjectKeys: readonly string[];
  requiresMcpServer: boolean;
  /** False when the tool's mini app or MCP server is disabled. */
  ownerEnabled: boolean;
  /** For MCP tools: the name as the server reported it, and the server's filters. */
  mcp?: { reportedName: string; enabledTools: readonly string[]; disabledTools: readonly string[] } | null;
  /** Tokens the definition adds to a request for the agent's model; read only under a token cap. */
  schemaTokens?: number;
}

export interface ToolRule {
  /** The stored rule's id, so a drop can name it; absent in specs that need no id. */
  id?: string;
  toolName: string;
  effect: 'ALLOW' | 'DENY';
  on: 'AGENT' | 'PROJECT';
}

export interface AgentLoadout {
  id: string;
  maxTools: number;
  toolsMode: 'ALL_PAGES' | 'RECORD_PAGES_ONLY';
  rules: readonly ToolRule[];
  /** Cap on the summed schema tokens of the entries; unset: no cap. */
  maxSchemaTokens?: number | null;
}

export interface AssemblyInput<T extends CandidateTool> {
  agent: AgentLoadout;
  channelKey: string;
  page: PageSituation;
  /** Candidates: the organisation's tools whose project is null or the agent's project. */
  candidates: readonly T[];
  /** An enabled MCP server of the organisation with project null or the agent's project exists. */
  mcpServerInScope: boolean;
}

export interface ToolboxEntryResult<T> {
  position: number;
  tool: T;
}

export interface DroppedResult<T> {
  tool: T;
  reason: DropReason;
  /** SHADOWED: the definition of the same name the toolbox carries instead. */
  shadowedBy?: T;
  /** EXCLUDED: the DENY rule that applied. */
  rule?: ToolRule;
}

export interface AssembledToolbox<T> {
  entries: ToolboxEntryResult<T>[];
  dropped: DroppedResult<T>[];
  fingerprint: string;
}

type Ordered = Pick<CandidateTool, 'id' | 'name' | 'sortOrder'>;
/** Where a definition applies: organisation-wide, a project, or one agent. */
export type Placed = Ordered & Pick<CandidateTool, 'projectId' | 'agentId'>;

/** Sort Order: (sortOrder asc, name asc, id asc), byte-wise so it is locale-free. */
export function compareSortOrder(a: Ordered, b: Ordered): number {
  if (a.sortOrder !== b.sortOrder) return a.sortOrder - b.sortOrder;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Among survivors of one name, the most specific wins (SHADOWED): agent-scoped,
 * then project, then organisation-wide; ties by Sort Order. Negative: `a` wins.
 */
export function compareShadowRank(a: Placed, b: Placed): number {
  const rank = (t: Placed) => (t.agentId !== null ? 0 : t.projectId !== null ? 1 : 2);
  return rank(a) - rank(b) || compareSortOrder(a, b);
}

/** The DENY rule that excludes the name, or null. An agent DENY always wins; an agent ALLOW overrides a project DENY. */
export function excludingRule(toolName: string, rules: readonly ToolRule[]): ToolRule | null {
  const agentRule = rules.find((r) => r.on === 'AGENT' && r.toolName === toolName);
  if (agentRule) return agentRule.effect === 'DENY' ? agentRule : null;
  return rules.find((r) => r.on === 'PROJECT' && r.toolName === toolName && r.effect === 'DENY') ?? null;
}

export const isExcluded = (toolName: string, rules: readonly ToolRule[]): boolean => excludingRule(toolName, rules) !== null;

/** The winner of each name among survivors (see compareShadowRank). */
export function shadowWinners<T extends CandidateTool>(survivors: readonly T[]): Map<string, T> {
  const winners = new Map<string, T>();
  for (const tool of survivors) {
    const best = winners.get(tool.name);
    if (!best || compareShadowRank(tool, best) < 0) winners.set(tool.name, tool);
  }
  return winners;
}

export function isMcpFiltered(mcp: CandidateTool['mcp']): boolean {
  if (!mcp) return false;
  if (mcp.enabledTools.length > 0 && !mcp.enabledTools.includes(mcp.reportedName)) return true;
  return mcp.disabledTools.includes(mcp.reportedName);
}

function firstFailedFilter(tool: CandidateTool, input: AssemblyInput<CandidateTool>): DropReason | null {
  const { agent, page } = input;
  if (agent.toolsMode === 'RECORD_PAGES_ONLY' && page.type !== 'RECORD') return 'TOOLS_MODE';
  if (!tool.active) return 'INACTIVE';
  if (!tool.ownerEnabled) return 'OWNER_DISABLED';
  if (isMcpFiltered(tool.mcp)) return 'MCP_FILTERED';
  if (tool.requiresMcpServer && !input.mcpServerInScope) return 'REQUIRES_MCP_SERVER';
  if (tool.agentId !== null && tool.agentId !== agent.id) return 'AGENT_SCOPE';
  if (tool.channelKeys.length > 0 && !tool.channelKeys.includes(input.channelKey)) return 'CHANNEL';
  if (tool.contextObjectKeys.length > 0 && !(page.contextObject && tool.contextObjectKeys.includes(page.contextObject))) {
    return 'CONTEXT';
  }
  if (isExcluded(tool.name, agent.rules)) return 'EXCLUDED';
  return null;
}

export function assembleToolbox<T extends CandidateTool>(input: AssemblyInput<T>): AssembledToolbox<T> {
  const sorted = [...input.candidates].sort(compareSortOrder);
  const reasons = sorted.map((tool) => firstFailedFilter(tool, input as AssemblyInput<CandidateTool>));
  const winners = shadowWinners(sorted.filter((_, i) => reasons[i] === null));
  const survivors: T[] = [];
  const dropped: DroppedResult<T>[] = [];
  for (const [i, tool] of sorted.entries()) {
    const reason = reasons[i];
    const winner = winners.get(tool.name)!;
    if (reason === 'EXCLUDED') dropped.push({ tool, reason, rule: excludingRule(tool.name, input.agent.rules)! });
    else if (reason) dropped.push({ tool, reason });
    else if (winner !== tool) dropped.push({ tool, reason: 'SHADOWED', shadowedBy: winner });
    else survivors.push(tool);
  }
  const withinCount = survivors.slice(0, Math.max(0, input.agent.maxTools));
  for (const tool of survivors.slice(withinCount.length)) dropped.push({ tool, reason: 'OVER_MAX_TOOLS' });
  const kept = withinTokenBudget(withinCount, input.agent.maxSchemaTokens);
  for (const tool of withinCount.slice(kept.length)) dropped.push({ tool, reason: 'OVER_TOKEN_BUDGET' });
  return {
    entries: kept.map((tool, i) => ({ position: i + 1, tool })),
    dropped,
    fingerprint: toolboxFingerprint(kept.map((t) => t.contentHash)),
  };
}

/**
 * The longest prefix (in Sort Order) whose schema tokens fit the cap. The
 * first tool that does not fit drops with everything after it, even smaller
 * ones, so the toolbox stays a prefix of the same order and a small edit
 * cannot reshuffle it.
 */
function withinTokenBudget<T extends CandidateTool>(tools: T[], cap: number | null | undefined): T[] {
  if (cap === null || cap === undefined) return tools;
  let total = 0;
  for (const [i, tool] of tools.entries()) {
    total += tool.schemaTokens ?? 0;
    if (total > cap) return tools.slice(0, i);
  }
  return tools;
}
