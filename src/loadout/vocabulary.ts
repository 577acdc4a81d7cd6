/**
 * The toolbox's words, each declared once: the rules, the GraphQL enums
 * (registered from these arrays in edge/graphql-enums.ts) and the debugger page
 * (which bundles this file for the browser, so it imports nothing) all read
 * them from here.
 */

/** Why a definition is not in a toolbox: the first filter of docs/semantics.md §3.2 it failed, in filter order. */
export const DROP_REASONS = [
  'TOOLS_MODE',
  'INACTIVE',
  'OWNER_DISABLED',
  'MCP_FILTERED',
  'INCOMPATIBLE_SCHEMA',
  'REQUIRES_MCP_SERVER',
  'AGENT_SCOPE',
  'CHANNEL',
  'CONTEXT',
  'EXCLUDED',
  'SHADOWED',
  'OVER_MAX_TOOLS',
  'OVER_TOKEN_BUDGET',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/** Each reason as a person reads it: the schema's description and the debugger's label. */
export const DROP_REASON_TEXT: Record<DropReason, string> = {
  TOOLS_MODE: 'The agent loads tools on record pages only',
  INACTIVE: 'The definition is not active',
  OWNER_DISABLED: 'Its mini app or MCP server is disabled',
  MCP_FILTERED: "Filtered out by its MCP server's tool lists",
  INCOMPATIBLE_SCHEMA: "Its input schema breaks a schema rule of the agent's provider",
  REQUIRES_MCP_SERVER: 'Needs an MCP server in scope, and none is',
  AGENT_SCOPE: 'Belongs to another agent',
  CHANNEL: 'Not offered on this channel',
  CONTEXT: "Not offered for this page's context object",
  EXCLUDED: 'Excluded by a DENY rule (on its name, or on a hint its MCP server sets)',
  SHADOWED: 'A more specific tool of the same name is carried instead (agent, project, organisation; ties by Sort Order)',
  OVER_MAX_TOOLS: "Cut by the agent's maximum number of tools",
  OVER_TOKEN_BUDGET: "Past the agent's schema token cap (maxSchemaTokens) in Sort Order",
};

/** The agent setting whose limit a cut is, so a page can name the limit's value beside the reason. */
export const DROP_REASON_LIMIT: Partial<Record<DropReason, { setting: 'maxTools' | 'maxSchemaTokens'; label: string }>> = {
  OVER_MAX_TOOLS: { setting: 'maxTools', label: 'Max Tools' },
  OVER_TOKEN_BUDGET: { setting: 'maxSchemaTokens', label: 'schema token cap' },
};

/** The provider families: whose schema rules refuse a tool and whose tokenizer counts it. */
export const PROVIDERS = ['openai', 'anthropic', 'google'] as const;
export type Provider = (typeof PROVIDERS)[number];

/**
 * The shapes of a request's `tools` (docs/renderings.md): one per provider
 * family, OpenAI's Responses API (the openai family), and a provider-neutral
 * one for frameworks that render for the model's provider themselves.
 */
export const RENDERINGS = [...PROVIDERS, 'openai-responses', 'neutral'] as const;
export type Rendering = (typeof RENDERINGS)[number];

export const TOOL_SOURCES = ['BUILT_IN', 'CUSTOM', 'MINI_APP', 'MCP'] as const;
export type ToolSource = (typeof TOOL_SOURCES)[number];
/** Each source as a person reads it, where a page names it. */
export const TOOL_SOURCE_TEXT: Record<ToolSource, string> = { BUILT_IN: 'built-in', CUSTOM: 'custom', MINI_APP: 'mini app', MCP: 'MCP' };

export const PAGE_TYPES = ['RECORD', 'HOME', 'LIST'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const TOOLS_MODES = ['ALL_PAGES', 'RECORD_PAGES_ONLY'] as const;
export type ToolsMode = (typeof TOOLS_MODES)[number];
export const TOOLS_MODE_TEXT: Record<ToolsMode, string> = {
  ALL_PAGES: 'Load tools on every page (the default).',
  RECORD_PAGES_ONLY: 'Skip loading tools on home and list pages.',
};

export const EXECUTION_CONTEXTS = ['RUNNING_USER', 'AGENT_USER'] as const;
export type ExecutionContext = (typeof EXECUTION_CONTEXTS)[number];

/** Where a rule is set: on an agent, or on a project for all its agents. */
export const RULE_LEVELS = ['AGENT', 'PROJECT'] as const;
export type RuleLevel = (typeof RULE_LEVELS)[number];

export const RULE_EFFECTS = ['ALLOW', 'DENY'] as const;
export type RuleEffect = (typeof RULE_EFFECTS)[number];

/**
 * The MCP tool annotations a rule may name as `hint:<name>`: the server's
 * `<name>Hint`, in effect as it states it or by MCP's defaults where it
 * states nothing (docs/semantics.md §3.9, src/loadout/rules/hints.ts).
 */
export const TOOL_HINTS = ['destructive', 'readOnly', 'idempotent', 'openWorld'] as const;
export type ToolHint = (typeof TOOL_HINTS)[number];

/**
 * A rule's toolName names a tool (`tool:<name>`, or the bare name) or a hint:
 * `hint:<hint>` the MCP tools it is in effect for, `hint:!<hint>` those it is not.
 */
export const RULE_TOOL_PREFIX = 'tool:';
export const RULE_HINT_PREFIX = 'hint:';
export const RULE_HINT_NOT = '!';

/** What the usage evidence says of a surfaced tool that could go (docs/semantics.md §7.5). */
export const VERDICTS = ['NEVER_USED', 'COLD', 'ALWAYS_FAILS'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Tools an agent runtime depends on: never suggested for removal, whatever the evidence (docs/semantics.md §7.6). */
export const PROTECTED_TOOLS: ReadonlySet<string> = new Set(['AskUserQuestion', 'Bash', 'Read', 'Search', 'Write', 'Edit', 'ToolOutput']);

/** Where a scope's surface stands against its budget thresholds (docs/semantics.md §7.3). */
export const BUDGET_LEVELS = ['OK', 'WARN', 'HOT'] as const;
export type BudgetLevel = (typeof BUDGET_LEVELS)[number];

/** Where a conversation's turns come from: a runtime's beginTurn, or the lists of an MCP client of the gateway. */
export const CONVERSATION_SOURCES = ['RUNTIME', 'MCP_GATEWAY'] as const;
export type ConversationSource = (typeof CONVERSATION_SOURCES)[number];

/** Why the MCP gateway lists no tool its toolbox carries (see gateway-listing.ts). */
export const NOT_LISTED_REASONS = ['RUN_BY_HOST', 'REPORTED_SERVER'] as const;
export type NotListedReason = (typeof NOT_LISTED_REASONS)[number];
export const NOT_LISTED_TEXT: Record<NotListedReason, string> = {
  RUN_BY_HOST: 'The host runs it (a built-in, custom or mini-app tool): Loadout cannot call it',
  REPORTED_SERVER: 'Its MCP server is reported by a runtime: Loadout does not reach it',
};

/** The defaults of an agent's Max Tools and of the budget thresholds, where none is set (docs/semantics.md §3.12, §7.3). */
export const LOADOUT_DEFAULTS = { maxTools: 25, budgetWarnThreshold: 48, budgetHotThreshold: 96 } as const;
