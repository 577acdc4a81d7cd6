import type { SchemaRefusal } from '../tokens/provider-schema-rules';
import type { AgentFacts, SituationFacts, ToolFacts, ToolRule } from './facts';
import { hintInEffect, hintTarget } from './hints';
import { RULE_HINT_PREFIX, RULE_TOOL_PREFIX, type DropReason } from '../vocabulary';

/**
 * The toolbox's rules, docs/semantics.md §3, written once. Every path takes
 * them from here: the reference assembly (the oracle), the compiled path,
 * the class keys (from the "reads" column), the incremental invalidation
 * and the budget surface (the rows marked `surface`).
 */

/** What a rule reads: field names of the definition, the agent and the situation. */
export interface Reads {
  tool: readonly (keyof ToolFacts)[];
  agent: readonly (keyof AgentFacts)[];
  situation: readonly (keyof SituationFacts)[];
}

export interface Filter {
  reason: DropReason;
  /** Where docs/semantics.md states the rule. */
  section: string;
  /** Every field `fails` reads; a spec holds the two together, and the class keys are made from these. */
  reads: Reads;
  /** Part of the budget surface: what any turn of a scope could carry (docs/semantics.md §7.1). */
  surface: boolean;
  fails(tool: ToolFacts, agent: AgentFacts, situation: SituationFacts): boolean;
}

const reads = (r: Partial<Reads>): Reads => ({ tool: r.tool ?? [], agent: r.agent ?? [], situation: r.situation ?? [] });

/** Filters 1 to 9 (4a included), in order: a definition drops with the first it fails. */
export const FILTERS: readonly Filter[] = [
  {
    reason: 'TOOLS_MODE',
    section: '§3.3',
    reads: reads({ agent: ['toolsMode'], situation: ['pageType'] }),
    surface: false,
    fails: (_t, a, s) => a.toolsMode === 'RECORD_PAGES_ONLY' && s.pageType !== 'RECORD',
  },
  { reason: 'INACTIVE', section: '§3.4', reads: reads({ tool: ['active'] }), surface: true, fails: (t) => !t.active },
  { reason: 'OWNER_DISABLED', section: '§3.4', reads: reads({ tool: ['ownerEnabled'] }), surface: true, fails: (t) => !t.ownerEnabled },
  { reason: 'MCP_FILTERED', section: '§3.4', reads: reads({ tool: ['mcpFiltered'] }), surface: true, fails: (t) => t.mcpFiltered },
  {
    reason: 'INCOMPATIBLE_SCHEMA',
    section: '§3.5',
    reads: reads({ tool: ['schemaRefusals'], agent: ['provider'] }),
    surface: true,
    fails: (t, a) => t.schemaRefusals !== null && t.schemaRefusals[a.provider] !== undefined,
  },
  {
    reason: 'REQUIRES_MCP_SERVER',
    section: '§3.6',
    reads: reads({ tool: ['requiresMcpServer'], agent: ['mcpServerInScope'] }),
    surface: true,
    fails: (t, a) => t.requiresMcpServer && !a.mcpServerInScope,
  },
  {
    reason: 'AGENT_SCOPE',
    section: '§3.6',
    reads: reads({ tool: ['agentId'], agent: ['id'] }),
    surface: true,
    fails: (t, a) => t.agentId !== null && t.agentId !== a.id,
  },
  {
    reason: 'CHANNEL',
    section: '§3.7',
    reads: reads({ tool: ['channels'], situation: ['channelKey'] }),
    surface: false,
    fails: (t, _a, s) => t.channels !== null && !t.channels.has(s.channelKey),
  },
  {
    reason: 'CONTEXT',
    section: '§3.8',
    reads: reads({ tool: ['contextObjects'], situation: ['contextObject'] }),
    surface: false,
    fails: (t, _a, s) => t.contextObjects !== null && !(s.contextObject !== null && t.contextObjects.has(s.contextObject)),
  },
  {
    reason: 'EXCLUDED',
    section: '§3.9',
    reads: reads({ tool: ['name', 'renderedName', 'source', 'hints'], agent: ['rules'] }),
    surface: true,
    fails: (t, a) => a.rules.length > 0 && excludingRule(t, a.rules) !== null,
  },
];

/** The budget surface's filters: 2 to 6 and 9 (docs/semantics.md §7.1), in table order. */
export const SURFACE_FILTERS: readonly Filter[] = FILTERS.filter((f) => f.surface);

/**
 * What the assembly reads besides the filters: which definitions are
 * candidates at all (the agent's project), the cut (Max Tools, the token
 * cap and the model its estimate is for), and shadowing's rank.
 */
export const ASSEMBLY_READS: Reads = reads({
  tool: ['id', 'name', 'renderedName', 'sortOrder', 'projectId', 'agentId'],
  agent: ['projectId', 'maxTools', 'maxSchemaTokens', 'model'],
});

/** A definition of another project is no candidate of the agent's: it is neither carried nor listed as dropped (§3.1). */
export const inScope = (tool: Pick<ToolFacts, 'projectId'>, agent: Pick<AgentFacts, 'projectId'>): boolean =>
  tool.projectId === null || tool.projectId === agent.projectId;

/** Where something applies: a project (null: none) and one agent of it (null: any). */
export interface Scope {
  projectId: string | null;
  agentId: string | null;
}

/**
 * Whether a definition can be a candidate within `scope` (§3.1) and pass
 * AGENT_SCOPE there (§3.6): the project's agents, or the one agent named.
 */
export const reaches = (tool: Scope, scope: Scope): boolean =>
  inScope(tool, scope) && (scope.agentId === null || tool.agentId === null || tool.agentId === scope.agentId);

/** Whether an MCP server is in the scope of a project's agents (null: agents of no project), as filter 5 reads it (§3.6). */
export const serverInScope = (server: { enabled: boolean; projectId: string | null }, projectId: string | null): boolean =>
  server.enabled && (server.projectId === null || server.projectId === projectId);

/** Whether any of `servers` is in that scope: an agent's `mcpServerInScope`, which filter 5 reads. */
export const anyServerInScope = (
  servers: ReadonlyArray<{ enabled: boolean; projectId: string | null }>,
  projectId: string | null,
): boolean => servers.some((s) => serverInScope(s, projectId));

/** The first of `filters` the definition fails, or null. */
export function firstFailure(
  tool: ToolFacts,
  agent: AgentFacts,
  situation: SituationFacts,
  filters: readonly Filter[] = FILTERS,
): DropReason | null {
  for (const filter of filters) if (filter.fails(tool, agent, situation)) return filter.reason;
  return null;
}

/**
 * The filters that read nothing of the definition decide for a whole
 * situation at once, so the compiled path asks them once per assembly and
 * the rest per definition. That is only the same order as the table while
 * they all come first; the table is checked for it here, when it loads.
 */
export const SITUATION_FILTERS: readonly Filter[] = FILTERS.filter((f) => f.reads.tool.length === 0);
export const TOOL_FILTERS: readonly Filter[] = FILTERS.filter((f) => f.reads.tool.length > 0);
if (FILTERS.findIndex((f) => f.reads.tool.length > 0) < SITUATION_FILTERS.length) {
  throw new Error('loadout/filters: a filter that reads nothing of the definition must come before every one that does');
}

/** Passed to the filters that read nothing of a definition (see SITUATION_FILTERS). */
const NO_DEFINITION = Object.freeze({}) as ToolFacts;

/** The first filter that fails for every definition in this situation, or null. */
export const situationFailure = (agent: AgentFacts, situation: SituationFacts): DropReason | null =>
  firstFailure(NO_DEFINITION, agent, situation, SITUATION_FILTERS);

/** The first of the remaining filters the definition fails, or null. */
export const toolFailure = (tool: ToolFacts, agent: AgentFacts, situation: SituationFacts): DropReason | null =>
  firstFailure(tool, agent, situation, TOOL_FILTERS);

/** What a drop names beside its reason: the DENY rule (EXCLUDED), or the schema rule and where it breaks (INCOMPATIBLE_SCHEMA). */
export interface DropDetail {
  rule?: ToolRule;
  refusal?: SchemaRefusal;
}

/** The detail of a drop for `reason`, the same on every path. */
export function dropDetail(reason: DropReason, tool: ToolFacts, agent: AgentFacts): DropDetail {
  if (reason === 'EXCLUDED') return { rule: excludingRule(tool, agent.rules)! };
  if (reason === 'INCOMPATIBLE_SCHEMA') return { refusal: tool.schemaRefusals![agent.provider]! };
  return {};
}

/** The field names a set of reads covers, once each. */
export function fieldsRead<K extends keyof Reads>(part: K, ...all: readonly Reads[]): Reads[K] {
  return [...new Set(all.flatMap((r) => r[part] as readonly string[]))] as unknown as Reads[K];
}

type Ordered = Pick<ToolFacts, 'id' | 'name' | 'sortOrder'>;
/** Where a definition applies (organisation-wide, a project, or one agent), and the name it is sent under. */
export type Placed = Ordered & Pick<ToolFacts, 'projectId' | 'agentId' | 'renderedName'>;

/** Sort Order: (sortOrder asc, name asc, id asc), byte-wise so it is locale-free. */
export function compareSortOrder(a: Ordered, b: Ordered): number {
  if (a.sortOrder !== b.sortOrder) return a.sortOrder - b.sortOrder;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What a rule can name of a definition: its name, full or as sent, and, of an MCP tool, its hints. */
export type RuleTarget = Pick<ToolFacts, 'name' | 'renderedName' | 'source' | 'hints'>;

/** A rule's toolName as it is stored: `tool:<name>` as the bare name, so one tool is one rule's target. */
export const storedRuleName = (toolName: string): string =>
  toolName.startsWith(RULE_TOOL_PREFIX) ? toolName.slice(RULE_TOOL_PREFIX.length) : toolName;

/** A rule's toolName as the API shows it: `hint:<hint>` as it is, a name as `tool:<name>`. */
export const ruleSubject = (toolName: string): string =>
  toolName.startsWith(RULE_HINT_PREFIX) || toolName.startsWith(RULE_TOOL_PREFIX) ? toolName : `${RULE_TOOL_PREFIX}${toolName}`;

/**
 * Whether a rule's toolName (`hint:<hint>`, `hint:!<hint>`, `tool:<name>` or a
 * bare name) names the definition. A hint names MCP tools only, by the hint
 * in effect (§3.9): `hint:!readOnly` names every MCP tool that is not read-only.
 */
export function ruleNames(toolName: string, tool: RuleTarget): boolean {
  if (toolName.startsWith(RULE_HINT_PREFIX)) {
    const target = hintTarget(toolName.slice(RULE_HINT_PREFIX.length));
    return target !== null && tool.source === 'MCP' && hintInEffect(target.hint, tool.hints) !== target.negated;
  }
  const name = toolName.startsWith(RULE_TOOL_PREFIX) ? toolName.slice(RULE_TOOL_PREFIX.length) : toolName;
  return name === tool.name || name === tool.renderedName;
}

/**
 * The DENY rule that excludes the definition, or null. An agent DENY always
 * wins; otherwise an agent ALLOW overrides a project DENY. Among several
 * rules that name it, the first in the list (the agent's, then the project's).
 */
export function excludingRule(tool: RuleTarget, rules: readonly ToolRule[]): ToolRule | null {
  let projectDeny: ToolRule | null = null;
  let agentAllows = false;
  for (const rule of rules) {
    if (!ruleNames(rule.toolName, tool)) continue;
    if (rule.on === 'AGENT') {
      if (rule.effect === 'DENY') return rule;
      agentAllows = true;
    } else if (rule.effect === 'DENY') projectDeny ??= rule;
  }
  return agentAllows ? null : projectDeny;
}

/** A candidate as a rule's warning reads it: what a rule names, and an MCP tool's own name as its server reports it. */
export type WarnedTarget = RuleTarget & { mcpToolName: string | null };

/**
 * Why a rule naming none of `candidates` may be wrong, or null (§3.9): it
 * names MCP tools by their server's own name, as `enabledTools` does, where a
 * rule takes the definition's name (`mcp__<server>__<tool>`) or the name sent.
 */
export function ruleWarning(toolName: string, candidates: readonly WarnedTarget[]): string | null {
  if (toolName.startsWith(RULE_HINT_PREFIX)) return null;
  const name = storedRuleName(toolName);
  const meant: string[] = [];
  for (const tool of candidates) {
    if (ruleNames(toolName, tool)) return null;
    if (tool.mcpToolName === name) meant.push(tool.name);
  }
  if (meant.length === 0) return null;
  return `names no tool: ${name} is what an MCP server calls ${meant.join(', ')}; a rule names the tool as ${RULE_TOOL_PREFIX}${meant[0]}`;
}
