/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
/** How the budget report's estimatedToolCount stands against its thresholds (docs/semantics.md §7.3). */
export type BudgetLevel =
  /** At or above hotThreshold. */
  | 'HOT'
  /** Below warnThreshold. */
  | 'OK'
  /** At or above warnThreshold, below hotThreshold. */
  | 'WARN';

/** Where a conversation's turns come from. */
export type ConversationSource =
  /** An MCP client's lists through the MCP gateway: each tools/list is a turn. */
  | 'MCP_GATEWAY'
  /** A runtime's beginTurn, on each of its model requests. */
  | 'RUNTIME';

/** A new agent; a setting left out takes the default it states. */
export type CreateAgentInput = {
  /** The budget report's HOT level for this agent: 1 to 1000, at or above budgetWarnThreshold. Default: the organisation's toolBudgetHot. */
  budgetHotThreshold?: number | null | undefined;
  /** The budget report's WARN level for this agent: 1 to 1000, at or below budgetHotThreshold. Default: the organisation's toolBudgetWarn. */
  budgetWarnThreshold?: number | null | undefined;
  /** Whose identity the host runs the agent's tools as; no filter reads it. Default RUNNING_USER. */
  executionContext?: ExecutionContext | null | undefined;
  /** Cap on the summed schema tokens of a toolbox, 1 to 1,000,000; tools past it in Sort Order drop (OVER_TOKEN_BUDGET, docs/semantics.md §3.12). Absent: no cap. */
  maxSchemaTokens?: number | null | undefined;
  /** Max Tools: the most tools a toolbox carries, 1 to 100, default 25; survivors past it in Sort Order drop (OVER_MAX_TOOLS, docs/semantics.md §3.12). */
  maxTools?: number | null | undefined;
  /** provider/model, e.g. openai/gpt-4o or anthropic/claude-sonnet-4-5: decides the renderings, the token counts and the provider schema rules. Default: the organisation's defaultModel. */
  model?: string | null | undefined;
  /** Display name, 1 to 200 characters. */
  name: string;
  /** The agent's project; absent: none, and the agent carries only organisation-wide tools. */
  projectId?: string | number | null | undefined;
  /** On which pages the agent loads tools. Default ALL_PAGES. */
  toolsMode?: ToolsMode | null | undefined;
};

/** A new API key of the caller's organisation; at most 100 keys are active at once. */
export type CreateApiKeyInput = {
  /** The principal's name, 1 to 200 characters: who or what uses the key. */
  name: string;
  /** What the key may do. */
  role: Role;
};

/** A new channel; an organisation has at most 200. */
export type CreateChannelInput = {
  /** Stable key used by runtimes, e.g. web, api, slack, email: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation. */
  key: string;
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** A new context object; an organisation has at most 200. */
export type CreateContextObjectInput = {
  /** Stable key of the record's object type, e.g. Account, Case: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation. */
  key: string;
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** A new mini app. */
export type CreateMiniAppInput = {
  /** Whether its tools can be carried; default true. */
  enabled?: boolean | null | undefined;
  /** Display name, 1 to 200 characters. */
  name: string;
  /** The project the mini app belongs to; null or absent: organisation-wide, for every project's agents. */
  projectId?: string | number | null | undefined;
};

/** A new organisation. */
export type CreateOrganizationInput = {
  /** provider/model; default openai/gpt-4o. */
  defaultModel?: string | null | undefined;
  /** Who pays for model usage; default BRING_YOUR_OWN. */
  fundingModel?: FundingModel | null | undefined;
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** A new project of the caller's organisation. */
export type CreateProjectInput = {
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** Why a toolbox left a definition out: the first filter it failed, in filter order (docs/semantics.md §3.2). */
export type DropReason =
  /** Belongs to another agent */
  | 'AGENT_SCOPE'
  /** Not offered on this channel */
  | 'CHANNEL'
  /** Not offered for this page's context object */
  | 'CONTEXT'
  /** Excluded by a DENY rule (on its name, or on a hint its MCP server sets) */
  | 'EXCLUDED'
  /** The definition is not active */
  | 'INACTIVE'
  /** Its input schema breaks a schema rule of the agent's provider */
  | 'INCOMPATIBLE_SCHEMA'
  /** Filtered out by its MCP server's tool lists */
  | 'MCP_FILTERED'
  /** Cut by the agent's maximum number of tools */
  | 'OVER_MAX_TOOLS'
  /** Past the agent's schema token cap (maxSchemaTokens) in Sort Order */
  | 'OVER_TOKEN_BUDGET'
  /** Its mini app or MCP server is disabled */
  | 'OWNER_DISABLED'
  /** Needs an MCP server in scope, and none is */
  | 'REQUIRES_MCP_SERVER'
  /** A more specific tool of the same name is carried instead (agent, project, organisation; ties by Sort Order) */
  | 'SHADOWED'
  /** The agent loads tools on record pages only */
  | 'TOOLS_MODE';

/** Whose identity the host runs the agent's tools as. Stored for the host; no filter reads it (docs/semantics.md §3.15). */
export type ExecutionContext =
  /** The agent's own user. */
  | 'AGENT_USER'
  /** The end user the agent works for (the default). */
  | 'RUNNING_USER';

/** The version of one agent's loadout a change set was prepared against: the set applies only while the agent is still at it (docs/semantics.md §5.4). */
export type ExpectedLoadoutVersionInput = {
  /** The agent whose loadoutVersion is checked: one of the caller's organisation (NOT_FOUND otherwise). */
  agentId: string | number;
  /** The agent's loadoutVersion the change set was prepared against; any other is CONFLICT. */
  loadoutVersion: number;
};

/** Who pays for an organisation's model usage: whether a priced turn also costs credits (docs/semantics.md §4.3). */
export type FundingModel =
  /** Bring your own AI: usage is billed by the provider to the organisation. */
  | 'BRING_YOUR_OWN'
  /** AI included: usage is paid in the platform's credits. */
  | 'INCLUDED_CREDITS';

/** The kind of change that altered a toolbox (docs/semantics.md §5.1). */
export type InvalidationCause =
  /** updateAgent changed the agent's model, maxTools, maxSchemaTokens or toolsMode. */
  | 'AGENT_UPDATED'
  /** applyChangeSet: one event per agent for the whole set. */
  | 'CHANGE_SET'
  /** An inventory report (reportMcpTools, reportMcpInventory) changed the server's tools. */
  | 'MCP_INVENTORY_CHANGED'
  /** registerMcpServer or updateMcpServer. */
  | 'MCP_SERVER_CHANGED'
  /** setMiniAppEnabled. */
  | 'MINI_APP_CHANGED'
  /** setToolRule or removeToolRule. */
  | 'RULE_CHANGED'
  /** createToolDefinition. */
  | 'TOOL_CREATED'
  /** deleteToolDefinition. */
  | 'TOOL_DELETED'
  /** updateToolDefinition. */
  | 'TOOL_UPDATED';

/** One change inside a change set; exactly one member is set. */
export type LoadoutChangeInput = {
  /** createToolDefinition. */
  createTool?: ToolDefinitionInput | null | undefined;
  /** deleteToolDefinition: the tool definition to delete. */
  deleteToolId?: string | number | null | undefined;
  /** removeToolRule: the permission rule to remove. */
  removeToolRuleId?: string | number | null | undefined;
  /** setToolRule. */
  setToolRule?: ToolRuleInput | null | undefined;
  /** updateAgent. */
  updateAgent?: UpdateAgentChange | null | undefined;
  /** updateMcpServer: the server's tool lists and enabled. */
  updateMcpServer?: UpdateMcpServerChange | null | undefined;
  /** updateToolDefinition. */
  updateTool?: UpdateToolChange | null | undefined;
};

/** A header Loadout sends to the server. Write-only: its value is never returned. */
export type McpHeaderInput = {
  /** An HTTP header name (Authorization, X-Api-Key); not one the transport sets itself. */
  name: string;
  /** Kept encrypted; never returned, logged or quoted in an error. */
  value: string;
};

/** How fresh what Loadout holds of a server is (docs/mcp-connections.md, "Statuses"). */
export type McpProbeStatus =
  /** The last probe failed (lastError says why); the last good inventory, if any, still counts and is served. */
  | 'FAILING'
  /** The last probe (or, for a REPORTED server, a report) succeeded and is fresh. */
  | 'OK'
  /** The inventory is older than the stale age (LOADOUT_MCP_STALE_AFTER_MS): still counted and served, named as stale. */
  | 'STALE'
  /** No inventory yet, and no probe has failed: named in the budget report, not counted. */
  | 'UNPROBED';

/** An MCP server's tool lists and whether it is enabled, to change; one left out or null stays as it is. */
export type McpServerToolsPatch = {
  /** Tools of the server dropped, by the server's own name for them; wins over enabledTools (filter MCP_FILTERED). Left out or null: unchanged. */
  disabledTools?: Array<string> | null | undefined;
  /** A disabled server's tools drop (OWNER_DISABLED), and it is not in scope for requiresMcpServer. Left out or null: unchanged. */
  enabled?: boolean | null | undefined;
  /** Tools of the server kept, by the server's own name for them (no mcp__ prefix); empty: no allow-list (filter MCP_FILTERED). Left out or null: unchanged. */
  enabledTools?: Array<string> | null | undefined;
};

/** An MCP tool as typed fields: the MCP Tool object's known keys. reportMcpTools takes tools/list entries as returned, unknown keys included. */
export type McpToolInput = {
  /** MCP's _meta, kept as reported; never sent to a model. */
  _meta?: unknown;
  /** readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title. */
  annotations?: unknown;
  /** What the model reads about the tool, sent as is. */
  description: string;
  /** MCP's execution, kept as reported; never sent to a model. */
  execution?: unknown;
  /** MCP's icons, kept as reported; never sent to a model. */
  icons?: unknown;
  /** The JSON Schema of the tool's arguments, sent as is; MCP's inputSchema. */
  inputSchema: unknown;
  /** The tool's own name; sent in the short form where a provider refuses the full one. */
  name: string;
  /** The schema of the tool's structured result; never sent to a model. */
  outputSchema?: unknown;
  /** A display title; never sent to a model. */
  title?: string | null | undefined;
};

/** How Loadout gets a server's tools: REPORTED by a runtime (reportMcpTools, reportMcpInventory), or fetched by Loadout itself over MCP's Streamable HTTP, the older SSE transport, or stdio (servers an operator declares; never registered through the API). */
export type McpTransport =
  /** A runtime reports its tools/list; Loadout never connects to it. */
  | 'REPORTED'
  /** The HTTP+SSE transport of MCP 2024-11-05, at the url of its event stream. */
  | 'SSE'
  /** A command the operator's file (LOADOUT_MCP_STDIO_SERVERS) declares; Loadout launches it. */
  | 'STDIO'
  /** MCP's current HTTP transport, at the server's url. */
  | 'STREAMABLE_HTTP';

/** Rates per million tokens, in USD or credits, each from 0 to 1000000. */
export type ModelPriceInput = {
  /** USD per million tokens written to Anthropic's 1-hour prompt cache (TurnUsage.cacheWrite1hTokens). Default: 2 x inputUsdPerMTok. */
  cacheWrite1hUsdPerMTok?: number | null | undefined;
  /** USD per million tokens written to the prompt cache other than 1-hour writes (Anthropic's 5-minute writes, OpenAI's writes). Default: inputUsdPerMTok. */
  cacheWriteUsdPerMTok?: number | null | undefined;
  /** USD per million input tokens read from the prompt cache (TurnUsage.cachedInputTokens). */
  cachedInputUsdPerMTok: number;
  /** Credits per million input and output tokens (inputTokens + outputTokens), charged only to organisations funded by INCLUDED_CREDITS. Absent: no credits. */
  creditsPerMTok?: number | null | undefined;
  /** USD per million plain input tokens: inputTokens less cachedInputTokens and cacheWriteTokens. */
  inputUsdPerMTok: number;
  /** The model priced, as provider/model: what prices the turns that ran on it (the agent's model when the turn began). */
  model: string;
  /** USD per million output tokens (TurnUsage.outputTokens). */
  outputUsdPerMTok: number;
};

/** Why the MCP gateway did not list a tool its toolbox carried. */
export type NotListedReason =
  /** Its MCP server is reported by a runtime: Loadout does not reach it */
  | 'REPORTED_SERVER'
  /** The host runs it (a built-in, custom or mini-app tool): Loadout cannot call it */
  | 'RUN_BY_HOST';

/** The page of a situation: a context object on a page other than RECORD is BAD_USER_INPUT. */
export type PageInput = {
  /** Key of the current record's object type; only on RECORD pages, and one the organisation has. */
  contextObject?: string | null | undefined;
  /** The current record's id, at most 256 characters; shown, never changes a toolbox. */
  recordId?: string | null | undefined;
  /** The kind of page. */
  type: PageType;
};

/** The kind of page the end user is on: part of the situation a toolbox is assembled for (docs/semantics.md §3.1). */
export type PageType =
  /** A home page; no page at all reads as HOME. */
  | 'HOME'
  /** A list of records. */
  | 'LIST'
  /** One record, optionally naming its context object and record id. */
  | 'RECORD';

/** The API a provider usage object comes from, and so the documented meaning of its keys (docs/usage-and-pricing.md). */
export type ProviderUsageFormat =
  /** Anthropic Messages `usage`: input_tokens, cache_creation_input_tokens, cache_creation.ephemeral_5m_input_tokens, cache_creation.ephemeral_1h_input_tokens, cache_read_input_tokens, output_tokens; server_tool_use counts kept, not priced. */
  | 'ANTHROPIC'
  /** Gemini `usageMetadata`: promptTokenCount, cachedContentTokenCount, toolUsePromptTokenCount, candidatesTokenCount, thoughtsTokenCount. */
  | 'GEMINI'
  /** OpenAI Chat Completions `usage`: prompt_tokens, prompt_tokens_details.cached_tokens, prompt_tokens_details.cache_write_tokens, completion_tokens. */
  | 'OPENAI_CHAT'
  /** OpenAI Responses `usage`: input_tokens, input_tokens_details.cached_tokens, input_tokens_details.cache_write_tokens, output_tokens. */
  | 'OPENAI_RESPONSES';

/** A provider's usage object, to be read by its API's documented meaning. */
export type ProviderUsageInput = {
  /** The API the object comes from, whose documented meaning of each key is applied. */
  format: ProviderUsageFormat;
  /** The model the provider answered with (its response's `model`; Gemini's `modelVersion`), 1 to 200 characters: the turn is priced, and its tool share estimated, for it. Without a provider prefix it takes the format's (`anthropic/`, `openai/`, `google/`); one naming another provider than the format's is BAD_USER_INPUT. Default: the agent's model, which must then be of the format's provider. */
  model?: string | null | undefined;
  /** The provider's reason for a prompt-cache miss, where it gives one; at most 200 characters. */
  providerCacheMissReason?: string | null | undefined;
  /** The provider's usage object exactly as its API returned it (Gemini: `usageMetadata`); at most 4096 bytes as JSON. */
  usage: unknown;
};

/** A new MCP server; it has no tools until its first probe (or, REPORTED, its first inventory report). */
export type RegisterMcpServerInput = {
  /** Tools of the server dropped, by the server's own name for them; wins over enabledTools (filter MCP_FILTERED). Default empty. */
  disabledTools?: Array<string> | null | undefined;
  /** A disabled server's tools drop (OWNER_DISABLED), and it is not in scope for requiresMcpServer. Default true. */
  enabled?: boolean | null | undefined;
  /** Tools of the server kept, by the server's own name for them (no mcp__ prefix); empty: no allow-list (filter MCP_FILTERED). Default empty. */
  enabledTools?: Array<string> | null | undefined;
  /** Headers sent on every request to the server, at most 32; their values are write-only secrets. */
  headers?: Array<McpHeaderInput> | null | undefined;
  /** The registered name: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation (CONFLICT). */
  name: string;
  /** The project the server belongs to; null or absent: organisation-wide, for every project's agents. */
  projectId?: string | number | null | undefined;
  /** Default REPORTED. STDIO servers come from the operator, never from here. */
  transport?: McpTransport | null | undefined;
  /** For STREAMABLE_HTTP and SSE: an http or https URL this instance may reach. */
  url?: string | null | undefined;
};

/** What an API key may do; each role includes the ones below it (docs/semantics.md §2.1). */
export type Role =
  /** Manages API keys and everything below. */
  | 'ADMIN'
  /** Changes tools, agents, rules, mini apps, MCP servers, prices. */
  | 'EDITOR'
  /** Starts conversations, begins and completes turns, records tool calls. */
  | 'RUNTIME'
  /** Reads only. */
  | 'VIEWER';

/** What a permission rule does to the tools it names (docs/semantics.md §3.9). */
export type RuleEffect =
  /** Overrides the project's DENY of the same tool or hint for one agent (on an agent); never adds a tool another filter dropped. */
  | 'ALLOW'
  /** Excludes the tools it names (EXCLUDED); an agent DENY always wins. */
  | 'DENY';

/** Where a permission rule is set. */
export type RuleLevel =
  /** On one agent. */
  | 'AGENT'
  /** On a project, for all its agents. */
  | 'PROJECT';

/** A new conversation: its agent, channel, page and end user are fixed for every turn. */
export type StartConversationInput = {
  /** The agent that works in it. */
  agentId: string | number;
  /** The key of one of the organisation's channels; an unknown key is BAD_USER_INPUT. */
  channel: string;
  /** The page the end user is on; absent: HOME. */
  page?: PageInput | null | undefined;
  /** A child or worker session of this conversation. */
  parentConversationId?: string | number | null | undefined;
  /** The end user, 1 to 256 characters; default: the caller (its principal id). */
  userId?: string | null | undefined;
};

/** One call a model made to a tool, counted in its usage scope (docs/semantics.md §6.2). */
export type ToolCallInput = {
  /** When the call happened; default now. More than 5 minutes past the server's clock is BAD_USER_INPUT. */
  at?: string | null | undefined;
  /** Preferred: the scope is derived from the conversation (child sessions credit the owning project). */
  conversationId?: string | number | null | undefined;
  /** How long the call took, in milliseconds (0 to 86,400,000); kept with the call on its turn (`Turn.toolCalls`). */
  durationMs?: number | null | undefined;
  /** Retries with the same key are counted once. */
  idempotencyKey?: string | null | undefined;
  /** Whether the call failed; counted in `errors`. */
  isError: boolean;
  /** Used when conversationId is absent. */
  projectId?: string | number | null | undefined;
  /** The tool's name as the model called it: its own name or the short form it was sent under. */
  toolName: string;
  /** The turn whose response made the call, of `conversationId`: the call is listed under it too (`Turn.toolCalls`). Another conversation's turn is BAD_USER_INPUT. */
  turnId?: string | number | null | undefined;
  /** Used when conversationId is absent: the end user; default the caller (its principal id). */
  userId?: string | null | undefined;
};

/** A new tool definition; a field left out takes the default it states. */
export type ToolDefinitionInput = {
  /** Inactive definitions drop (INACTIVE). Default true. */
  active?: boolean | null | undefined;
  /** Scopes the definition to one agent of its own project: only that agent carries it, the others drop it (AGENT_SCOPE). Absent: every agent. Not for BUILT_IN tools. */
  agentId?: string | number | null | undefined;
  /** The channels the tool is carried on (by key); empty: every channel (filter CHANNEL). Default empty. */
  channels?: Array<string> | null | undefined;
  /** The context objects whose RECORD pages carry the tool (by key); empty: every page (filter CONTEXT). Default empty. */
  contextObjects?: Array<string> | null | undefined;
  /** What the model reads about the tool, sent as is; at most 10000 characters. */
  description: string;
  /** The host may still remove the tool at run time; shown and listed by the budget report, read by no filter. Default false. */
  hostDependent?: boolean | null | undefined;
  /** The JSON Schema of the tool's arguments, sent as is (key order kept): an object schema, at most 64 KiB, that the provider schema rules accept (docs/semantics.md §8.3). */
  inputSchema: unknown;
  /** The mini app the tool belongs to (source MINI_APP); its tools drop while it is disabled (OWNER_DISABLED). Absent: none. */
  miniAppId?: string | number | null | undefined;
  /** The definition's own name; a new one is 1 to 64 letters, digits, `_` and `-`, starting with a letter or `_`, unique per source in its scope (CONFLICT naming `input.name`); MCP tools are mcp__<server>__<tool>. */
  name: string;
  /** The project the definition belongs to; null or absent: organisation-wide, for every project's agents. With miniAppId: the mini app's project. */
  projectId?: string | number | null | undefined;
  /** Loadable only where at least one enabled MCP server is in scope (the McpResources tools); else REQUIRES_MCP_SERVER. Default false. */
  requiresMcpServer?: boolean | null | undefined;
  /** Orders the toolbox, the ties of shadowing and the cut: (sortOrder, name, id) ascending (docs/semantics.md §3.11). -1,000,000 to 1,000,000. Default: one past the largest of the definitions it can share a toolbox with, so it lands last. */
  sortOrder?: number | null | undefined;
  /** Default CUSTOM, or MINI_APP with miniAppId. MCP tools come from reportMcpTools and reportMcpInventory. */
  source?: ToolSource | null | undefined;
  /**
   * Tool Tier: stored and returned, read by nothing.
   * @deprecated Ignored by the runtime.
   */
  tier?: number | null | undefined;
};

/** A shape of the tools list a model API takes (docs/renderings.md); also names a provider family. */
export type ToolProvider =
  /** Anthropic Messages `tools`: [{ name, description, input_schema }] */
  | 'ANTHROPIC'
  /** Gemini `tools`: [{ functionDeclarations: [{ name, description, parametersJsonSchema }] }] */
  | 'GOOGLE'
  /** For frameworks that render for the model's provider themselves: [{ name, description, inputSchema }], and for MCP tools `mcpServer` (the server's registered name) and `mcpToolName` (the name `tools/call` takes). No provider family of its own. */
  | 'NEUTRAL'
  /** OpenAI Chat Completions `tools`: [{ type: "function", function: { name, description, parameters } }] */
  | 'OPENAI'
  /** OpenAI Responses API `tools`: [{ type: "function", name, description, parameters, strict }], `strict` true only for a strict-ready schema. The openai family, as OPENAI. */
  | 'OPENAI_RESPONSES';

/** A permission rule to set: it replaces the effect of the rule already naming the same subject on the same agent or project. */
export type ToolRuleInput = {
  /** The agent the rule is set on. Exactly one of agentId and projectId. */
  agentId?: string | number | null | undefined;
  /** What the rule does to the tools it names. */
  effect: RuleEffect;
  /** The project the rule is set on, for all its agents. Exactly one of agentId and projectId. */
  projectId?: string | number | null | undefined;
  /** A tool, by its name or as tool:<name>; or every MCP tool a hint is in effect for, as hint:<annotation>, or is not, as hint:!<annotation> (docs/semantics.md §3.9). */
  toolName: string;
};

/** Where a tool definition comes from. */
export type ToolSource =
  /** A tool the host runtime provides itself (Bash, Read, ...); it may not be scoped to an agent. */
  | 'BUILT_IN'
  /** The organisation's own tool: createToolDefinition's default source. */
  | 'CUSTOM'
  /** Reported by an MCP server's inventory (reportMcpTools); named mcp__<server>__<tool>. */
  | 'MCP'
  /** Belongs to a mini app; dropped while the mini app is disabled. */
  | 'MINI_APP';

/** On which pages an agent loads tools (filter 1, docs/semantics.md §3.3). */
export type ToolsMode =
  /** Load tools on every page (the default). */
  | 'ALL_PAGES'
  /** Skip loading tools on home and list pages. */
  | 'RECORD_PAGES_ONLY';

/** Usage in our terms; to send a provider's usage object as it is, use `completeTurnWithProviderUsage`. */
export type TurnUsageInput = {
  /** Input tokens written to the 1-hour prompt cache (Anthropic's `cache_creation.ephemeral_1h_input_tokens`); part of cacheWriteTokens. Default 0. */
  cacheWrite1hTokens?: number | null | undefined;
  /** Input tokens written to the prompt cache, the 1-hour ones included; part of inputTokens. Priced at cacheWriteUsdPerMTok, the 1-hour ones at cacheWrite1hUsdPerMTok. Default 0. */
  cacheWriteTokens?: number | null | undefined;
  /** Input tokens read from the prompt cache; part of inputTokens. Default 0. */
  cachedInputTokens?: number | null | undefined;
  /** Every input token of the request, cached and cache-write ones included: OpenAI's `prompt_tokens`, but Anthropic's `input_tokens` + `cache_creation_input_tokens` + `cache_read_input_tokens`. */
  inputTokens: number;
  /** Every output token, reasoning and thinking tokens included. */
  outputTokens: number;
  /** The provider's reason for a prompt-cache miss, where it gives one; at most 200 characters. */
  providerCacheMissReason?: string | null | undefined;
};

/** updateAgent inside a change set. */
export type UpdateAgentChange = {
  /** The agent to change. */
  id: string | number;
  /** The settings to change. */
  patch: UpdateAgentInput;
};

/** Settings to change; one left out or null stays as it is. A change to model, maxTools, maxSchemaTokens or toolsMode is a loadout change (docs/semantics.md §5.1). */
export type UpdateAgentInput = {
  /** The budget report's HOT level for this agent: 1 to 1000, at or above budgetWarnThreshold. Left out or null: unchanged. */
  budgetHotThreshold?: number | null | undefined;
  /** The budget report's WARN level for this agent: 1 to 1000, at or below budgetHotThreshold. Left out or null: unchanged. */
  budgetWarnThreshold?: number | null | undefined;
  /** True: removes the schema token cap. */
  clearMaxSchemaTokens?: boolean | null | undefined;
  /** Whose identity the host runs the agent's tools as; no filter reads it. Left out or null: unchanged. */
  executionContext?: ExecutionContext | null | undefined;
  /** Cap on the summed schema tokens of a toolbox, 1 to 1,000,000; tools past it in Sort Order drop (OVER_TOKEN_BUDGET, docs/semantics.md §3.12). Left out or null: unchanged. (clearMaxSchemaTokens removes it). */
  maxSchemaTokens?: number | null | undefined;
  /** Max Tools: the most tools a toolbox carries, 1 to 100, default 25; survivors past it in Sort Order drop (OVER_MAX_TOOLS, docs/semantics.md §3.12). Left out or null: unchanged. */
  maxTools?: number | null | undefined;
  /** provider/model, e.g. openai/gpt-4o or anthropic/claude-sonnet-4-5: decides the renderings, the token counts and the provider schema rules. Left out or null: unchanged. */
  model?: string | null | undefined;
  /** Display name, 1 to 200 characters. Left out or null: unchanged. */
  name?: string | null | undefined;
  /** On which pages the agent loads tools. Left out or null: unchanged. */
  toolsMode?: ToolsMode | null | undefined;
};

/** updateMcpServer inside a change set: the server's tool lists and whether it is enabled; its address changes through updateMcpServer alone. */
export type UpdateMcpServerChange = {
  /** The MCP server to change. */
  id: string | number;
  /** The settings to change. */
  patch: McpServerToolsPatch;
};

/** Settings of an MCP server to change; one left out or null stays as it is. */
export type UpdateMcpServerInput = {
  /** Tools of the server dropped, by the server's own name for them; wins over enabledTools (filter MCP_FILTERED). Left out or null: unchanged. */
  disabledTools?: Array<string> | null | undefined;
  /** A disabled server's tools drop (OWNER_DISABLED), and it is not in scope for requiresMcpServer. Left out or null: unchanged. */
  enabled?: boolean | null | undefined;
  /** Tools of the server kept, by the server's own name for them (no mcp__ prefix); empty: no allow-list (filter MCP_FILTERED). Left out or null: unchanged. */
  enabledTools?: Array<string> | null | undefined;
  /** Headers sent on every request to the server, at most 32; their values are write-only secrets. Replaces every header; an empty list removes them. */
  headers?: Array<McpHeaderInput> | null | undefined;
  /** Where Loadout reaches a STREAMABLE_HTTP or SSE server. Left out or null: unchanged. */
  url?: string | null | undefined;
};

/** updateToolDefinition inside a change set. */
export type UpdateToolChange = {
  /** The tool definition to change. */
  id: string | number;
  /** The fields to change. */
  patch: UpdateToolDefinitionInput;
};

/** Fields to change; one left out or null stays as it is, except tier (null clears it, docs/semantics.md §3.15). */
export type UpdateToolDefinitionInput = {
  /** Inactive definitions drop (INACTIVE). Left out or null: unchanged. */
  active?: boolean | null | undefined;
  /** Scopes the definition to one agent of its own project: only that agent carries it, the others drop it (AGENT_SCOPE). Left out or null: unchanged. Not for BUILT_IN tools. */
  agentId?: string | number | null | undefined;
  /** The channels the tool is carried on (by key); empty: every channel (filter CHANNEL). Left out or null: unchanged. */
  channels?: Array<string> | null | undefined;
  /** True: no longer scoped to an agent, so every agent of its scope may carry it. Wins over agentId. */
  clearAgent?: boolean | null | undefined;
  /** The context objects whose RECORD pages carry the tool (by key); empty: every page (filter CONTEXT). Left out or null: unchanged. */
  contextObjects?: Array<string> | null | undefined;
  /** What the model reads about the tool, sent as is; at most 10000 characters. Left out or null: unchanged. */
  description?: string | null | undefined;
  /** The host may still remove the tool at run time; shown and listed by the budget report, read by no filter. Left out or null: unchanged. */
  hostDependent?: boolean | null | undefined;
  /** The JSON Schema of the tool's arguments, sent as is (key order kept): an object schema, at most 64 KiB, that the provider schema rules accept (docs/semantics.md §8.3). Left out or null: unchanged. */
  inputSchema?: unknown;
  /** The definition's own name; a new one is 1 to 64 letters, digits, `_` and `-`, starting with a letter or `_`, unique per source in its scope (CONFLICT naming `input.name`); MCP tools are mcp__<server>__<tool>. MCP tools keep theirs. Left out or null: unchanged. */
  name?: string | null | undefined;
  /** Loadable only where at least one enabled MCP server is in scope (the McpResources tools); else REQUIRES_MCP_SERVER. Left out or null: unchanged. */
  requiresMcpServer?: boolean | null | undefined;
  /** Orders the toolbox, the ties of shadowing and the cut: (sortOrder, name, id) ascending (docs/semantics.md §3.11). -1,000,000 to 1,000,000. Left out or null: unchanged. */
  sortOrder?: number | null | undefined;
  /**
   * Tool Tier: stored and returned, read by nothing. Null clears it; no version moves and no toolbox changes.
   * @deprecated Ignored by the runtime.
   */
  tier?: number | null | undefined;
};

/** Why the evidence suggests removing a tool: the first that applies, in this order (docs/semantics.md §7.5). */
export type Verdict =
  /** At least 5 calls, and every one an error. */
  | 'ALWAYS_FAILS'
  /** Last called at least 30 days before asOf. */
  | 'COLD'
  /** First surfaced at least 7 days before asOf, and never called. */
  | 'NEVER_USED';

export type WorldOrganizationMutationVariables = Exact<{
  input: CreateOrganizationInput;
}>;


export type WorldOrganizationMutation = { createOrganization: { apiKey: string, organization: { id: string } } };

export type WorldProjectMutationVariables = Exact<{
  input: CreateProjectInput;
}>;


export type WorldProjectMutation = { createProject: { id: string } };

export type WorldChannelMutationVariables = Exact<{
  input: CreateChannelInput;
}>;


export type WorldChannelMutation = { createChannel: { id: string, key: string } };

export type WorldAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type WorldAgentMutation = { createAgent: { id: string, name: string } };

export type WorldToolMutationVariables = Exact<{
  input: ToolDefinitionInput;
}>;


export type WorldToolMutation = { createToolDefinition: { id: string, name: string } };

export type WorldContextObjectMutationVariables = Exact<{
  input: CreateContextObjectInput;
}>;


export type WorldContextObjectMutation = { createContextObject: { id: string, key: string } };

export type WorldMiniAppMutationVariables = Exact<{
  input: CreateMiniAppInput;
}>;


export type WorldMiniAppMutation = { createMiniApp: { id: string } };

export type WorldMcpServerMutationVariables = Exact<{
  input: RegisterMcpServerInput;
}>;


export type WorldMcpServerMutation = { registerMcpServer: { id: string, name: string } };

export type WorldKeyMutationVariables = Exact<{
  input: CreateApiKeyInput;
}>;


export type WorldKeyMutation = { createApiKey: { apiKey: string, principal: { id: string, role: Role } } };

export type WorldRuleMutationVariables = Exact<{
  input: ToolRuleInput;
}>;


export type WorldRuleMutation = { setToolRule: { id: string } };

export type WorldConversationMutationVariables = Exact<{
  input: StartConversationInput;
}>;


export type WorldConversationMutation = { startConversation: { id: string, userId: string, page: { type: PageType, contextObject: string | null }, owningProject: { id: string } | null, parent: { id: string } | null } };

export type BeginTurnMutationVariables = Exact<{
  conversationId: string | number;
  provider?: ToolProvider | null | undefined;
}>;


export type BeginTurnMutation = { beginTurn: { id: string, index: number, startedAt: string, toolboxChanged: boolean, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } | null, invalidation: { id: string, cause: InvalidationCause } | null, invalidations: Array<{ invalidation: { id: string, cause: InvalidationCause }, affected: { channel: { key: string }, page: { type: PageType, contextObject: string | null }, diff: { changed: Array<string>, removed: Array<string> } }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }>, toolbox: { id: string, fingerprint: string, toolCount: number, rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, contentHash: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> } } };

export type BeginTurnAtOnceMutationVariables = Exact<{
  conversationId: string | number;
}>;


export type BeginTurnAtOnceMutation = { beginTurn: { index: number, toolboxChanged: boolean, mcpInventories: Array<{ server: string, status: McpProbeStatus }> | null, toolbox: { fingerprint: string, toolCount: number, schemaTokens: number, tools: Array<{ name: string, position: number }> } } };

export type TurnOutcomeFragment = { completedAt: string | null, providerCacheMissReason: string | null, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null };

export type CompleteTurnMutationVariables = Exact<{
  turnId: string | number;
  usage: TurnUsageInput;
}>;


export type CompleteTurnMutation = { completeTurn: { id: string, completedAt: string | null, providerCacheMissReason: string | null, toolbox: { schemaTokens: number }, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null } };

export type CompleteTurnWithProviderUsageMutationVariables = Exact<{
  turnId: string | number;
  providerUsage: ProviderUsageInput;
}>;


export type CompleteTurnWithProviderUsageMutation = { completeTurnWithProviderUsage: { id: string, modelCalled: string | null, completedAt: string | null, providerCacheMissReason: string | null, toolbox: { schemaTokens: number }, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null } };

export type TurnRecordQueryVariables = Exact<{
  id: string | number;
  provider?: ToolProvider | null | undefined;
}>;


export type TurnRecordQuery = { turn: { id: string, index: number, startedAt: string, toolboxChanged: boolean, modelCalled: string | null, abandonedReason: string | null, completedAt: string | null, providerCacheMissReason: string | null, invalidation: { id: string, cause: InvalidationCause } | null, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } | null, toolbox: { id: string, fingerprint: string, toolCount: number, schemaTokens: number, rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ position: number, name: string, description: string, contentHash: string, schemaTokens: number, toolName: string, mcpToolName: string | null, mcpServerName: string | null, toolDefinition: { id: string, description: string } | null }>, dropped: Array<{ name: string, reason: DropReason, toolDefinition: { id: string } | null, shadowedBy: { id: string } | null, rule: { id: string, subject: string, effect: RuleEffect, level: RuleLevel } | null }> }, toolCalls: Array<{ toolName: string, isError: boolean, durationMs: number | null }>, notListed: Array<{ name: string }> | null, conversation: { id: string, source: ConversationSource, turnCount: number, abandonedTurnCount: number }, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null } | null };

export type AbandonTurnMutationVariables = Exact<{
  turnId: string | number;
  reason: string;
}>;


export type AbandonTurnMutation = { abandonTurn: { id: string, abandonedReason: string | null, completedAt: string | null } };

export type ConversationTurnsPageQueryVariables = Exact<{
  id: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ConversationTurnsPageQuery = { conversation: { id: string, turns: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, index: number, abandonedReason: string | null } }> } } | null };

export type ConversationTurnOutcomesQueryVariables = Exact<{
  id: string | number;
  provider: ToolProvider;
}>;


export type ConversationTurnOutcomesQuery = { conversation: { id: string, turns: { edges: Array<{ node: { id: string, index: number, completedAt: string | null, providerCacheMissReason: string | null, toolbox: { schemaTokens: number, rendered: unknown }, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null } }> } } | null };

export type AgentConversationsQueryVariables = Exact<{
  agentId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AgentConversationsQuery = { conversations: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, userId: string, startedAt: string, turnCount: number, lastActivityAt: string, parent: { id: string } | null, channel: { key: string }, page: { type: PageType } } }> } };

export type ModelPriceRatesFragment = { model: string, inputUsdPerMTok: number, cachedInputUsdPerMTok: number, cacheWriteUsdPerMTok: number, cacheWrite1hUsdPerMTok: number, outputUsdPerMTok: number, creditsPerMTok: number | null };

export type SetModelPriceMutationVariables = Exact<{
  input: ModelPriceInput;
}>;


export type SetModelPriceMutation = { setModelPrice: { model: string, inputUsdPerMTok: number, cachedInputUsdPerMTok: number, cacheWriteUsdPerMTok: number, cacheWrite1hUsdPerMTok: number, outputUsdPerMTok: number, creditsPerMTok: number | null } };

export type ModelPricesQueryVariables = Exact<{ [key: string]: never; }>;


export type ModelPricesQuery = { modelPrices: Array<{ model: string, inputUsdPerMTok: number, cachedInputUsdPerMTok: number, cacheWriteUsdPerMTok: number, cacheWrite1hUsdPerMTok: number, outputUsdPerMTok: number, creditsPerMTok: number | null }> };

export type RecordToolCallsMutationVariables = Exact<{
  calls: Array<ToolCallInput> | ToolCallInput;
}>;


export type RecordToolCallsMutation = { recordToolCalls: { accepted: number, duplicates: number } };

export type ToolUsageQueryVariables = Exact<{
  projectId?: string | number | null | undefined;
  userId?: string | null | undefined;
}>;


export type ToolUsageQuery = { toolUsage: Array<{ toolName: string, userId: string, calls: number, errors: number, firstSurfacedAt: string | null, lastSurfacedAt: string | null, lastCalledAt: string | null, project: { id: string } | null }> };

export type InvalidationEventFragment = { id: string, cause: InvalidationCause, loadoutVersion: number, at: string, actor: { id: string, name: string } | null, agent: { id: string }, affected: Array<{ previousFingerprint: string, newFingerprint: string, channel: { key: string }, page: { type: PageType, contextObject: string | null }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> };

export type ApplyChangeSetMutationVariables = Exact<{
  changes: Array<LoadoutChangeInput> | LoadoutChangeInput;
  dryRun?: boolean | null | undefined;
  expectLoadoutVersion?: ExpectedLoadoutVersionInput | null | undefined;
}>;


export type ApplyChangeSetMutation = { applyChangeSet: { liveConversations: number, rewrittenToolTokens: number, invalidations: Array<{ id: string, cause: InvalidationCause, loadoutVersion: number, at: string, actor: { id: string, name: string } | null, agent: { id: string }, affected: Array<{ previousFingerprint: string, newFingerprint: string, channel: { key: string }, page: { type: PageType, contextObject: string | null }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> }> } };

export type ToolboxInvalidationsQueryVariables = Exact<{
  agentId?: string | number | null | undefined;
  projectId?: string | number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ToolboxInvalidationsQuery = { toolboxInvalidations: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, cause: InvalidationCause, loadoutVersion: number, at: string, actor: { id: string, name: string } | null, agent: { id: string }, affected: Array<{ previousFingerprint: string, newFingerprint: string, channel: { key: string }, page: { type: PageType, contextObject: string | null }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> } }> } };

export type ToolboxInvalidatedSubscriptionVariables = Exact<{
  agentId?: string | number | null | undefined;
  projectId?: string | number | null | undefined;
}>;


export type ToolboxInvalidatedSubscription = { toolboxInvalidated: { id: string, cause: InvalidationCause, at: string, loadoutVersion: number, agent: { id: string, name: string }, affected: Array<{ newFingerprint: string, channel: { key: string }, page: { type: PageType } }> } };

export type UpdateAgentMutationVariables = Exact<{
  id: string | number;
  input: UpdateAgentInput;
}>;


export type UpdateAgentMutation = { updateAgent: { id: string, loadoutVersion: number, maxSchemaTokens: number | null } };

export type DeleteAgentMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteAgentMutation = { deleteAgent: boolean };

export type CreateToolDefinitionMutationVariables = Exact<{
  input: ToolDefinitionInput;
}>;


export type CreateToolDefinitionMutation = { createToolDefinition: { id: string, sortOrder: number, version: number, contentHash: string, shadows: Array<{ id: string }>, shadowedBy: Array<{ id: string }> } };

export type UpdateToolDefinitionMutationVariables = Exact<{
  id: string | number;
  input: UpdateToolDefinitionInput;
}>;


export type UpdateToolDefinitionMutation = { updateToolDefinition: { id: string, version: number, contentHash: string } };

export type DeleteToolDefinitionMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteToolDefinitionMutation = { deleteToolDefinition: boolean };

export type SetToolRuleMatchingMutationVariables = Exact<{
  input: ToolRuleInput;
}>;


export type SetToolRuleMatchingMutation = { setToolRule: { id: string, subject: string, matchingToolCount: number, warning: string | null } };

export type RemoveToolRuleMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveToolRuleMutation = { removeToolRule: boolean };

export type ProjectPermissionRulesQueryVariables = Exact<{
  id: string | number;
}>;


export type ProjectPermissionRulesQuery = { project: { permissionRules: Array<{ id: string, subject: string, effect: RuleEffect, matchingToolCount: number }> } | null };

export type ReportMcpInventoryMutationVariables = Exact<{
  serverId: string | number;
  tools: Array<McpToolInput> | McpToolInput;
  advertisesResources?: boolean;
}>;


export type ReportMcpInventoryMutation = { reportMcpInventory: { id: string } };

export type UpdateMcpServerMutationVariables = Exact<{
  id: string | number;
  input: UpdateMcpServerInput;
}>;


export type UpdateMcpServerMutation = { updateMcpServer: { id: string } };

export type SetMiniAppEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type SetMiniAppEnabledMutation = { setMiniAppEnabled: { id: string } };

export type RevokeApiKeyMutationVariables = Exact<{
  principalId: string | number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: boolean };

export type ToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
  page?: PageInput | null | undefined;
}>;


export type ToolboxQuery = { toolbox: { fingerprint: string, loadoutVersion: number, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number }>, dropped: Array<{ reason: DropReason, tool: { name: string } }> } };

export type DirectToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
  page?: PageInput | null | undefined;
}>;


export type DirectToolboxQuery = { toolbox: { id: string, fingerprint: string, toolCount: number, tools: Array<{ name: string, contentHash: string }>, dropped: Array<{ name: string, reason: DropReason }> } };

type Renderings_Toolbox_Fragment = { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> };

type Renderings_ToolboxSnapshot_Fragment = { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> };

export type RenderingsFragment =
  | Renderings_Toolbox_Fragment
  | Renderings_ToolboxSnapshot_Fragment
;

export type ToolboxDetailQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
  page?: PageInput | null | undefined;
  provider?: ToolProvider | null | undefined;
}>;


export type ToolboxDetailQuery = { toolbox: { fingerprint: string, toolCount: number, rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null, tool: { id: string } }>, dropped: Array<{ name: string, reason: DropReason, tool: { id: string, name: string }, shadowedBy: { id: string } | null, rule: { id: string, subject: string, effect: RuleEffect, project: { id: string } | null, agent: { id: string } | null } | null }>, lastTurn: { id: string, index: number, toolbox: { fingerprint: string } } | null } };

export type LastTurnsBySituationQueryVariables = Exact<{ [key: string]: never; }>;


export type LastTurnsBySituationQuery = { record: Array<{ toolbox: { lastTurn: { id: string } | null } }>, home: Array<{ toolbox: { lastTurn: { id: string } | null } }> };

export type AgentToolboxesQueryVariables = Exact<{
  channel?: string;
  page?: PageInput | null | undefined;
}>;


export type AgentToolboxesQuery = { agents: Array<{ id: string, name: string, toolbox: { id: string, fingerprint: string, tools: Array<{ name: string }>, dropped: Array<{ reason: DropReason, tool: { name: string } }>, lastTurn: { id: string } | null } }> };

export type AgentLoadoutQueryVariables = Exact<{
  id: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AgentLoadoutQuery = { agent: { name: string, maxTools: number, toolsMode: ToolsMode, budgetWarnThreshold: number, loadoutVersion: number, exclusions: Array<string>, permissionRules: Array<{ id: string, subject: string, effect: RuleEffect, matchingToolCount: number }>, invalidations: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { loadoutVersion: number, cause: InvalidationCause } }> } } | null };

export type ToolDefinitionQueryVariables = Exact<{
  id: string | number;
}>;


export type ToolDefinitionQuery = { toolDefinition: { id: string, name: string, description: string, version: number, contentHash: string, tier: number | null, shadows: Array<{ id: string }>, shadowedBy: Array<{ id: string }> } | null };

export type ToolDefinitionsQueryVariables = Exact<{
  source?: ToolSource | null | undefined;
  projectId?: string | number | null | undefined;
}>;


export type ToolDefinitionsQuery = { toolDefinitions: Array<{ id: string, name: string, description: string, source: ToolSource, sortOrder: number, version: number, inputSchema: unknown, schemaTokens: number, schemaRefusals: Array<{ provider: ToolProvider, rule: string, pointer: string }> }> };

export type ToolDefinitionsPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  source?: ToolSource | null | undefined;
  projectId?: string | number | null | undefined;
}>;


export type ToolDefinitionsPageQuery = { toolDefinitionsPage: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, name: string } }> } };

export type AgentsPageQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  projectId?: string | number | null | undefined;
}>;


export type AgentsPageQuery = { agentsPage: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, name: string } }> } };

export type AgentsAndChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type AgentsAndChannelsQuery = { agents: Array<{ id: string }>, channels: Array<{ key: string }> };

export type ChannelKeysQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelKeysQuery = { channels: Array<{ key: string }> };

export type McpServerToolListsQueryVariables = Exact<{ [key: string]: never; }>;


export type McpServerToolListsQuery = { mcpServers: Array<{ id: string, name: string, enabled: boolean, enabledTools: Array<string>, disabledTools: Array<string> }> };

export type StoredCatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type StoredCatalogueQuery = { agents: Array<{ id: string, name: string, maxTools: number, budgetWarnThreshold: number, budgetHotThreshold: number, loadoutVersion: number, permissionRules: Array<{ subject: string, effect: RuleEffect }> }>, toolDefinitions: Array<{ id: string, name: string, description: string, inputSchema: unknown, version: number, contentHash: string, channels: Array<{ key: string }>, contextObjects: Array<{ key: string }> }>, channels: Array<{ key: string }>, contextObjects: Array<{ key: string }>, projects: Array<{ id: string, name: string }>, mcpServers: Array<{ name: string, enabled: boolean, enabledTools: Array<string>, disabledTools: Array<string>, probed: boolean, tools: Array<{ name: string }> }>, miniApps: Array<{ name: string, enabled: boolean }> };

export type ToolBudgetReportQueryVariables = Exact<{
  projectId?: string | number | null | undefined;
  agentId?: string | number | null | undefined;
  sessionId?: string | number | null | undefined;
  userId?: string | null | undefined;
  asOf?: string | null | undefined;
}>;


export type ToolBudgetReportQuery = { toolBudget: { projectId: string | null, agentId: string | null, sessionId: string | null, asOf: string, level: BudgetLevel, userId: string, estimatedToolCount: number, estimatedSchemaTokens: number, requestOverheadTokens: number, warnThreshold: number, hotThreshold: number, unprobedMcpServers: Array<string>, evidence: { totalCalls: number, firstCallAt: string | null, gateOpen: boolean, requiredCalls: number, requiredDays: number }, bySource: Array<{ source: ToolSource, count: number, schemaTokens: number }>, tools: Array<{ name: string, source: ToolSource, schemaTokens: number, hostDependent: boolean }>, suggestions: Array<{ toolName: string, verdict: Verdict, calls: number, errors: number, schemaTokens: number, projectedSavingTokens: number, firstSurfacedAt: string | null, lastUsedAt: string | null }>, inventedToolCalls: Array<{ name: string, calls: number }>, incompatibleTools: Array<{ name: string, source: ToolSource, schemaRefusal: { provider: ToolProvider, rule: string, pointer: string, message: string } }>, refusedMcpTools: Array<{ server: string, index: number, name: string | null, field: string, reason: string }>, mcpServerNotes: Array<{ server: string, status: McpProbeStatus, lastOkAt: string | null, lastError: string | null }>, ruleWarnings: Array<{ subject: string, level: RuleLevel, warning: string }> } };

export type CallerOrganizationQueryVariables = Exact<{ [key: string]: never; }>;


export type CallerOrganizationQuery = { me: { role: Role, organization: { id: string, name: string, fundingModel: FundingModel } } };

export type CallerIdentityQueryVariables = Exact<{ [key: string]: never; }>;


export type CallerIdentityQuery = { me: { id: string, role: Role, organization: { name: string } } };

export type McpServerFieldsFragment = { id: string, name: string, transport: McpTransport, url: string | null, headerNames: Array<string>, enabled: boolean, inventoryUpdatedAt: string | null, probe: { status: McpProbeStatus, lastProbedAt: string | null, lastOkAt: string | null, lastError: string | null, nextProbeAt: string | null, serverName: string | null, serverVersion: string | null, protocolVersion: string | null }, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> };

export type McpServersQueryVariables = Exact<{ [key: string]: never; }>;


export type McpServersQuery = { mcpServers: Array<{ id: string, name: string, transport: McpTransport, url: string | null, headerNames: Array<string>, enabled: boolean, inventoryUpdatedAt: string | null, probe: { status: McpProbeStatus, lastProbedAt: string | null, lastOkAt: string | null, lastError: string | null, nextProbeAt: string | null, serverName: string | null, serverVersion: string | null, protocolVersion: string | null }, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> }> };

export type RegisterMcpServerMutationVariables = Exact<{
  input: RegisterMcpServerInput;
}>;


export type RegisterMcpServerMutation = { registerMcpServer: { id: string, name: string, transport: McpTransport, url: string | null, headerNames: Array<string>, enabled: boolean, inventoryUpdatedAt: string | null, probe: { status: McpProbeStatus, lastProbedAt: string | null, lastOkAt: string | null, lastError: string | null, nextProbeAt: string | null, serverName: string | null, serverVersion: string | null, protocolVersion: string | null }, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> } };

export type ProbeMcpServerMutationVariables = Exact<{
  id: string | number;
}>;


export type ProbeMcpServerMutation = { probeMcpServer: { id: string, name: string, transport: McpTransport, url: string | null, headerNames: Array<string>, enabled: boolean, inventoryUpdatedAt: string | null, probe: { status: McpProbeStatus, lastProbedAt: string | null, lastOkAt: string | null, lastError: string | null, nextProbeAt: string | null, serverName: string | null, serverVersion: string | null, protocolVersion: string | null }, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> } };

export type ReportMcpToolsMutationVariables = Exact<{
  serverId: string | number;
  tools: Array<unknown> | unknown;
  advertisesResources?: boolean;
}>;


export type ReportMcpToolsMutation = { reportMcpTools: { id: string, name: string, inventoryUpdatedAt: string | null, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> } };

export type ReportMcpInventoryStoredMutationVariables = Exact<{
  serverId: string | number;
  tools: Array<McpToolInput> | McpToolInput;
  advertisesResources?: boolean;
}>;


export type ReportMcpInventoryStoredMutation = { reportMcpInventory: { id: string, name: string, inventoryUpdatedAt: string | null, refusedTools: Array<{ index: number, name: string | null, field: string, reason: string }>, tools: Array<{ id: string, name: string, mcpToolName: string | null, title: string | null, description: string, version: number, contentHash: string, inputSchema: unknown, outputSchema: unknown, mcpEntry: unknown, annotations: { title: string | null, readOnlyHint: boolean | null, destructiveHint: boolean | null, idempotentHint: boolean | null, openWorldHint: boolean | null } | null }> } };

export type McpToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
}>;


export type McpToolboxQuery = { agent: { loadoutVersion: number } | null, toolbox: { fingerprint: string, toolCount: number, schemaTokens: number, openai: unknown, anthropic: unknown, google: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null, tool: { id: string, mcpToolName: string | null, inputSchema: unknown, mcpServer: { name: string } | null } }>, dropped: Array<{ name: string, reason: DropReason, tool: { name: string }, schemaRefusal: { provider: ToolProvider, rule: string, pointer: string, message: string } | null }> } };

export type BeginMcpTurnMutationVariables = Exact<{
  conversationId: string | number;
}>;


export type BeginMcpTurnMutation = { beginTurn: { id: string, toolbox: { tools: Array<{ name: string, inputSchema: unknown }> }, mcpInventories: Array<{ server: string, transport: McpTransport, status: McpProbeStatus, lastOkAt: string | null }> | null } };

export type ConversationsWithToolCallsQueryVariables = Exact<{
  agentId: string | number;
}>;


export type ConversationsWithToolCallsQuery = { conversations: { edges: Array<{ node: { userId: string, source: ConversationSource, turns: { edges: Array<{ node: { toolCalls: Array<{ toolName: string, isError: boolean, durationMs: number | null }>, notListed: Array<{ name: string, reason: NotListedReason }> | null } }> } } }> } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const TurnOutcomeFragmentDoc = new TypedDocumentString(`
    fragment TurnOutcome on Turn {
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  cost {
    amountUsd
    credits
    toolDefinitionShare
  }
  providerUsage {
    format
    usage
  }
  providerCacheMissReason
}
    `, {"fragmentName":"TurnOutcome"}) as unknown as TypedDocumentString<TurnOutcomeFragment, unknown>;
export const ModelPriceRatesFragmentDoc = new TypedDocumentString(`
    fragment ModelPriceRates on ModelPrice {
  model
  inputUsdPerMTok
  cachedInputUsdPerMTok
  cacheWriteUsdPerMTok
  cacheWrite1hUsdPerMTok
  outputUsdPerMTok
  creditsPerMTok
}
    `, {"fragmentName":"ModelPriceRates"}) as unknown as TypedDocumentString<ModelPriceRatesFragment, unknown>;
export const InvalidationEventFragmentDoc = new TypedDocumentString(`
    fragment InvalidationEvent on ToolboxInvalidation {
  id
  cause
  loadoutVersion
  at
  actor {
    id
    name
  }
  agent {
    id
  }
  affected {
    channel {
      key
    }
    page {
      type
      contextObject
    }
    previousFingerprint
    newFingerprint
    diff {
      added
      removed
      changed
      reordered
    }
  }
}
    `, {"fragmentName":"InvalidationEvent"}) as unknown as TypedDocumentString<InvalidationEventFragment, unknown>;
export const RenderingsFragmentDoc = new TypedDocumentString(`
    fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered(provider: $provider)
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}
    `, {"fragmentName":"Renderings"}) as unknown as TypedDocumentString<RenderingsFragment, unknown>;
export const McpServerFieldsFragmentDoc = new TypedDocumentString(`
    fragment McpServerFields on McpServer {
  id
  name
  transport
  url
  headerNames
  enabled
  inventoryUpdatedAt
  probe {
    status
    lastProbedAt
    lastOkAt
    lastError
    nextProbeAt
    serverName
    serverVersion
    protocolVersion
  }
  refusedTools {
    index
    name
    field
    reason
  }
  tools {
    id
    name
    mcpToolName
    title
    description
    version
    contentHash
    inputSchema
    outputSchema
    mcpEntry
    annotations {
      title
      readOnlyHint
      destructiveHint
      idempotentHint
      openWorldHint
    }
  }
}
    `, {"fragmentName":"McpServerFields"}) as unknown as TypedDocumentString<McpServerFieldsFragment, unknown>;
export const WorldOrganizationDocument = new TypedDocumentString(`
    mutation WorldOrganization($input: CreateOrganizationInput!) {
  createOrganization(input: $input) {
    organization {
      id
    }
    apiKey
  }
}
    `) as unknown as TypedDocumentString<WorldOrganizationMutation, WorldOrganizationMutationVariables>;
export const WorldProjectDocument = new TypedDocumentString(`
    mutation WorldProject($input: CreateProjectInput!) {
  createProject(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<WorldProjectMutation, WorldProjectMutationVariables>;
export const WorldChannelDocument = new TypedDocumentString(`
    mutation WorldChannel($input: CreateChannelInput!) {
  createChannel(input: $input) {
    id
    key
  }
}
    `) as unknown as TypedDocumentString<WorldChannelMutation, WorldChannelMutationVariables>;
export const WorldAgentDocument = new TypedDocumentString(`
    mutation WorldAgent($input: CreateAgentInput!) {
  createAgent(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<WorldAgentMutation, WorldAgentMutationVariables>;
export const WorldToolDocument = new TypedDocumentString(`
    mutation WorldTool($input: ToolDefinitionInput!) {
  createToolDefinition(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<WorldToolMutation, WorldToolMutationVariables>;
export const WorldContextObjectDocument = new TypedDocumentString(`
    mutation WorldContextObject($input: CreateContextObjectInput!) {
  createContextObject(input: $input) {
    id
    key
  }
}
    `) as unknown as TypedDocumentString<WorldContextObjectMutation, WorldContextObjectMutationVariables>;
export const WorldMiniAppDocument = new TypedDocumentString(`
    mutation WorldMiniApp($input: CreateMiniAppInput!) {
  createMiniApp(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<WorldMiniAppMutation, WorldMiniAppMutationVariables>;
export const WorldMcpServerDocument = new TypedDocumentString(`
    mutation WorldMcpServer($input: RegisterMcpServerInput!) {
  registerMcpServer(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<WorldMcpServerMutation, WorldMcpServerMutationVariables>;
export const WorldKeyDocument = new TypedDocumentString(`
    mutation WorldKey($input: CreateApiKeyInput!) {
  createApiKey(input: $input) {
    apiKey
    principal {
      id
      role
    }
  }
}
    `) as unknown as TypedDocumentString<WorldKeyMutation, WorldKeyMutationVariables>;
export const WorldRuleDocument = new TypedDocumentString(`
    mutation WorldRule($input: ToolRuleInput!) {
  setToolRule(input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<WorldRuleMutation, WorldRuleMutationVariables>;
export const WorldConversationDocument = new TypedDocumentString(`
    mutation WorldConversation($input: StartConversationInput!) {
  startConversation(input: $input) {
    id
    userId
    page {
      type
      contextObject
    }
    owningProject {
      id
    }
    parent {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<WorldConversationMutation, WorldConversationMutationVariables>;
export const BeginTurnDocument = new TypedDocumentString(`
    mutation BeginTurn($conversationId: ID!, $provider: ToolProvider) {
  beginTurn(conversationId: $conversationId) {
    id
    index
    startedAt
    toolboxChanged
    diff {
      added
      removed
      changed
      reordered
    }
    invalidation {
      id
      cause
    }
    invalidations {
      invalidation {
        id
        cause
      }
      affected {
        channel {
          key
        }
        page {
          type
          contextObject
        }
        diff {
          changed
          removed
        }
      }
      diff {
        added
        removed
        changed
        reordered
      }
    }
    toolbox {
      id
      fingerprint
      toolCount
      tools {
        name
        contentHash
      }
      ...Renderings
    }
  }
}
    fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered(provider: $provider)
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<BeginTurnMutation, BeginTurnMutationVariables>;
export const BeginTurnAtOnceDocument = new TypedDocumentString(`
    mutation BeginTurnAtOnce($conversationId: ID!) {
  beginTurn(conversationId: $conversationId) {
    index
    toolboxChanged
    mcpInventories {
      server
      status
    }
    toolbox {
      fingerprint
      toolCount
      schemaTokens
      tools {
        name
        position
      }
    }
  }
}
    `) as unknown as TypedDocumentString<BeginTurnAtOnceMutation, BeginTurnAtOnceMutationVariables>;
export const CompleteTurnDocument = new TypedDocumentString(`
    mutation CompleteTurn($turnId: ID!, $usage: TurnUsageInput!) {
  completeTurn(turnId: $turnId, usage: $usage) {
    id
    ...TurnOutcome
    toolbox {
      schemaTokens
    }
  }
}
    fragment TurnOutcome on Turn {
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  cost {
    amountUsd
    credits
    toolDefinitionShare
  }
  providerUsage {
    format
    usage
  }
  providerCacheMissReason
}`) as unknown as TypedDocumentString<CompleteTurnMutation, CompleteTurnMutationVariables>;
export const CompleteTurnWithProviderUsageDocument = new TypedDocumentString(`
    mutation CompleteTurnWithProviderUsage($turnId: ID!, $providerUsage: ProviderUsageInput!) {
  completeTurnWithProviderUsage(turnId: $turnId, providerUsage: $providerUsage) {
    id
    modelCalled
    ...TurnOutcome
    toolbox {
      schemaTokens
    }
  }
}
    fragment TurnOutcome on Turn {
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  cost {
    amountUsd
    credits
    toolDefinitionShare
  }
  providerUsage {
    format
    usage
  }
  providerCacheMissReason
}`) as unknown as TypedDocumentString<CompleteTurnWithProviderUsageMutation, CompleteTurnWithProviderUsageMutationVariables>;
export const TurnRecordDocument = new TypedDocumentString(`
    query TurnRecord($id: ID!, $provider: ToolProvider) {
  turn(id: $id) {
    id
    index
    startedAt
    toolboxChanged
    invalidation {
      id
      cause
    }
    diff {
      added
      removed
      changed
      reordered
    }
    toolbox {
      id
      fingerprint
      toolCount
      schemaTokens
      tools {
        position
        name
        description
        contentHash
        schemaTokens
        toolDefinition {
          id
          description
        }
      }
      dropped {
        name
        reason
        toolDefinition {
          id
        }
        shadowedBy {
          id
        }
        rule {
          id
          subject
          effect
          level
        }
      }
      ...Renderings
    }
    ...TurnOutcome
    modelCalled
    abandonedReason
    toolCalls {
      toolName
      isError
      durationMs
    }
    notListed {
      name
    }
    conversation {
      id
      source
      turnCount
      abandonedTurnCount
    }
  }
}
    fragment TurnOutcome on Turn {
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  cost {
    amountUsd
    credits
    toolDefinitionShare
  }
  providerUsage {
    format
    usage
  }
  providerCacheMissReason
}
fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered(provider: $provider)
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<TurnRecordQuery, TurnRecordQueryVariables>;
export const AbandonTurnDocument = new TypedDocumentString(`
    mutation AbandonTurn($turnId: ID!, $reason: String!) {
  abandonTurn(turnId: $turnId, reason: $reason) {
    id
    abandonedReason
    completedAt
  }
}
    `) as unknown as TypedDocumentString<AbandonTurnMutation, AbandonTurnMutationVariables>;
export const ConversationTurnsPageDocument = new TypedDocumentString(`
    query ConversationTurnsPage($id: ID!, $first: Int, $after: String) {
  conversation(id: $id) {
    id
    turns(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          index
          abandonedReason
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConversationTurnsPageQuery, ConversationTurnsPageQueryVariables>;
export const ConversationTurnOutcomesDocument = new TypedDocumentString(`
    query ConversationTurnOutcomes($id: ID!, $provider: ToolProvider!) {
  conversation(id: $id) {
    id
    turns {
      edges {
        node {
          id
          index
          ...TurnOutcome
          toolbox {
            schemaTokens
            rendered(provider: $provider)
          }
        }
      }
    }
  }
}
    fragment TurnOutcome on Turn {
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  cost {
    amountUsd
    credits
    toolDefinitionShare
  }
  providerUsage {
    format
    usage
  }
  providerCacheMissReason
}`) as unknown as TypedDocumentString<ConversationTurnOutcomesQuery, ConversationTurnOutcomesQueryVariables>;
export const AgentConversationsDocument = new TypedDocumentString(`
    query AgentConversations($agentId: ID!, $first: Int, $after: String) {
  conversations(agentId: $agentId, first: $first, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        userId
        startedAt
        turnCount
        lastActivityAt
        parent {
          id
        }
        channel {
          key
        }
        page {
          type
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentConversationsQuery, AgentConversationsQueryVariables>;
export const SetModelPriceDocument = new TypedDocumentString(`
    mutation SetModelPrice($input: ModelPriceInput!) {
  setModelPrice(input: $input) {
    ...ModelPriceRates
  }
}
    fragment ModelPriceRates on ModelPrice {
  model
  inputUsdPerMTok
  cachedInputUsdPerMTok
  cacheWriteUsdPerMTok
  cacheWrite1hUsdPerMTok
  outputUsdPerMTok
  creditsPerMTok
}`) as unknown as TypedDocumentString<SetModelPriceMutation, SetModelPriceMutationVariables>;
export const ModelPricesDocument = new TypedDocumentString(`
    query ModelPrices {
  modelPrices {
    ...ModelPriceRates
  }
}
    fragment ModelPriceRates on ModelPrice {
  model
  inputUsdPerMTok
  cachedInputUsdPerMTok
  cacheWriteUsdPerMTok
  cacheWrite1hUsdPerMTok
  outputUsdPerMTok
  creditsPerMTok
}`) as unknown as TypedDocumentString<ModelPricesQuery, ModelPricesQueryVariables>;
export const RecordToolCallsDocument = new TypedDocumentString(`
    mutation RecordToolCalls($calls: [ToolCallInput!]!) {
  recordToolCalls(calls: $calls) {
    accepted
    duplicates
  }
}
    `) as unknown as TypedDocumentString<RecordToolCallsMutation, RecordToolCallsMutationVariables>;
export const ToolUsageDocument = new TypedDocumentString(`
    query ToolUsage($projectId: ID, $userId: String) {
  toolUsage(projectId: $projectId, userId: $userId) {
    toolName
    userId
    project {
      id
    }
    calls
    errors
    firstSurfacedAt
    lastSurfacedAt
    lastCalledAt
  }
}
    `) as unknown as TypedDocumentString<ToolUsageQuery, ToolUsageQueryVariables>;
export const ApplyChangeSetDocument = new TypedDocumentString(`
    mutation ApplyChangeSet($changes: [LoadoutChangeInput!]!, $dryRun: Boolean, $expectLoadoutVersion: ExpectedLoadoutVersionInput) {
  applyChangeSet(
    changes: $changes
    dryRun: $dryRun
    expectLoadoutVersion: $expectLoadoutVersion
  ) {
    liveConversations
    rewrittenToolTokens
    invalidations {
      ...InvalidationEvent
    }
  }
}
    fragment InvalidationEvent on ToolboxInvalidation {
  id
  cause
  loadoutVersion
  at
  actor {
    id
    name
  }
  agent {
    id
  }
  affected {
    channel {
      key
    }
    page {
      type
      contextObject
    }
    previousFingerprint
    newFingerprint
    diff {
      added
      removed
      changed
      reordered
    }
  }
}`) as unknown as TypedDocumentString<ApplyChangeSetMutation, ApplyChangeSetMutationVariables>;
export const ToolboxInvalidationsDocument = new TypedDocumentString(`
    query ToolboxInvalidations($agentId: ID, $projectId: ID, $first: Int, $after: String) {
  toolboxInvalidations(
    agentId: $agentId
    projectId: $projectId
    first: $first
    after: $after
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        ...InvalidationEvent
      }
    }
  }
}
    fragment InvalidationEvent on ToolboxInvalidation {
  id
  cause
  loadoutVersion
  at
  actor {
    id
    name
  }
  agent {
    id
  }
  affected {
    channel {
      key
    }
    page {
      type
      contextObject
    }
    previousFingerprint
    newFingerprint
    diff {
      added
      removed
      changed
      reordered
    }
  }
}`) as unknown as TypedDocumentString<ToolboxInvalidationsQuery, ToolboxInvalidationsQueryVariables>;
export const ToolboxInvalidatedDocument = new TypedDocumentString(`
    subscription ToolboxInvalidated($agentId: ID, $projectId: ID) {
  toolboxInvalidated(agentId: $agentId, projectId: $projectId) {
    id
    cause
    at
    loadoutVersion
    agent {
      id
      name
    }
    affected {
      channel {
        key
      }
      page {
        type
      }
      newFingerprint
    }
  }
}
    `) as unknown as TypedDocumentString<ToolboxInvalidatedSubscription, ToolboxInvalidatedSubscriptionVariables>;
export const UpdateAgentDocument = new TypedDocumentString(`
    mutation UpdateAgent($id: ID!, $input: UpdateAgentInput!) {
  updateAgent(id: $id, input: $input) {
    id
    loadoutVersion
    maxSchemaTokens
  }
}
    `) as unknown as TypedDocumentString<UpdateAgentMutation, UpdateAgentMutationVariables>;
export const DeleteAgentDocument = new TypedDocumentString(`
    mutation DeleteAgent($id: ID!) {
  deleteAgent(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteAgentMutation, DeleteAgentMutationVariables>;
export const CreateToolDefinitionDocument = new TypedDocumentString(`
    mutation CreateToolDefinition($input: ToolDefinitionInput!) {
  createToolDefinition(input: $input) {
    id
    sortOrder
    version
    contentHash
    shadows {
      id
    }
    shadowedBy {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<CreateToolDefinitionMutation, CreateToolDefinitionMutationVariables>;
export const UpdateToolDefinitionDocument = new TypedDocumentString(`
    mutation UpdateToolDefinition($id: ID!, $input: UpdateToolDefinitionInput!) {
  updateToolDefinition(id: $id, input: $input) {
    id
    version
    contentHash
  }
}
    `) as unknown as TypedDocumentString<UpdateToolDefinitionMutation, UpdateToolDefinitionMutationVariables>;
export const DeleteToolDefinitionDocument = new TypedDocumentString(`
    mutation DeleteToolDefinition($id: ID!) {
  deleteToolDefinition(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteToolDefinitionMutation, DeleteToolDefinitionMutationVariables>;
export const SetToolRuleMatchingDocument = new TypedDocumentString(`
    mutation SetToolRuleMatching($input: ToolRuleInput!) {
  setToolRule(input: $input) {
    id
    subject
    matchingToolCount
    warning
  }
}
    `) as unknown as TypedDocumentString<SetToolRuleMatchingMutation, SetToolRuleMatchingMutationVariables>;
export const RemoveToolRuleDocument = new TypedDocumentString(`
    mutation RemoveToolRule($id: ID!) {
  removeToolRule(id: $id)
}
    `) as unknown as TypedDocumentString<RemoveToolRuleMutation, RemoveToolRuleMutationVariables>;
export const ProjectPermissionRulesDocument = new TypedDocumentString(`
    query ProjectPermissionRules($id: ID!) {
  project(id: $id) {
    permissionRules {
      id
      subject
      effect
      matchingToolCount
    }
  }
}
    `) as unknown as TypedDocumentString<ProjectPermissionRulesQuery, ProjectPermissionRulesQueryVariables>;
export const ReportMcpInventoryDocument = new TypedDocumentString(`
    mutation ReportMcpInventory($serverId: ID!, $tools: [McpToolInput!]!, $advertisesResources: Boolean! = false) {
  reportMcpInventory(
    serverId: $serverId
    tools: $tools
    advertisesResources: $advertisesResources
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<ReportMcpInventoryMutation, ReportMcpInventoryMutationVariables>;
export const UpdateMcpServerDocument = new TypedDocumentString(`
    mutation UpdateMcpServer($id: ID!, $input: UpdateMcpServerInput!) {
  updateMcpServer(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateMcpServerMutation, UpdateMcpServerMutationVariables>;
export const SetMiniAppEnabledDocument = new TypedDocumentString(`
    mutation SetMiniAppEnabled($id: ID!, $enabled: Boolean!) {
  setMiniAppEnabled(id: $id, enabled: $enabled) {
    id
  }
}
    `) as unknown as TypedDocumentString<SetMiniAppEnabledMutation, SetMiniAppEnabledMutationVariables>;
export const RevokeApiKeyDocument = new TypedDocumentString(`
    mutation RevokeApiKey($principalId: ID!) {
  revokeApiKey(principalId: $principalId)
}
    `) as unknown as TypedDocumentString<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;
export const ToolboxDocument = new TypedDocumentString(`
    query Toolbox($agentId: ID!, $channel: String! = "web", $page: PageInput) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    fingerprint
    loadoutVersion
    toolCount
    schemaTokens
    tools {
      position
      name
      contentHash
      schemaTokens
    }
    dropped {
      tool {
        name
      }
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<ToolboxQuery, ToolboxQueryVariables>;
export const DirectToolboxDocument = new TypedDocumentString(`
    query DirectToolbox($agentId: ID!, $channel: String! = "web", $page: PageInput) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    id
    fingerprint
    toolCount
    tools {
      name
      contentHash
    }
    dropped {
      name
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<DirectToolboxQuery, DirectToolboxQueryVariables>;
export const ToolboxDetailDocument = new TypedDocumentString(`
    query ToolboxDetail($agentId: ID!, $channel: String! = "web", $page: PageInput, $provider: ToolProvider) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    fingerprint
    toolCount
    tools {
      name
      tool {
        id
      }
    }
    ...Renderings
    dropped {
      name
      reason
      tool {
        id
        name
      }
      shadowedBy {
        id
      }
      rule {
        id
        subject
        effect
        project {
          id
        }
        agent {
          id
        }
      }
    }
    lastTurn {
      id
      index
      toolbox {
        fingerprint
      }
    }
  }
}
    fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered(provider: $provider)
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<ToolboxDetailQuery, ToolboxDetailQueryVariables>;
export const LastTurnsBySituationDocument = new TypedDocumentString(`
    query LastTurnsBySituation {
  record: agents {
    toolbox(channel: "web", page: {type: RECORD, contextObject: "account"}) {
      lastTurn {
        id
      }
    }
  }
  home: agents {
    toolbox(channel: "web") {
      lastTurn {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<LastTurnsBySituationQuery, LastTurnsBySituationQueryVariables>;
export const AgentToolboxesDocument = new TypedDocumentString(`
    query AgentToolboxes($channel: String! = "web", $page: PageInput) {
  agents {
    id
    name
    toolbox(channel: $channel, page: $page) {
      id
      fingerprint
      tools {
        name
      }
      dropped {
        tool {
          name
        }
        reason
      }
      lastTurn {
        id
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentToolboxesQuery, AgentToolboxesQueryVariables>;
export const AgentLoadoutDocument = new TypedDocumentString(`
    query AgentLoadout($id: ID!, $first: Int, $after: String) {
  agent(id: $id) {
    name
    maxTools
    toolsMode
    budgetWarnThreshold
    loadoutVersion
    exclusions
    permissionRules {
      id
      subject
      effect
      matchingToolCount
    }
    invalidations(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          loadoutVersion
          cause
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentLoadoutQuery, AgentLoadoutQueryVariables>;
export const ToolDefinitionDocument = new TypedDocumentString(`
    query ToolDefinition($id: ID!) {
  toolDefinition(id: $id) {
    id
    name
    description
    version
    contentHash
    tier
    shadows {
      id
    }
    shadowedBy {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<ToolDefinitionQuery, ToolDefinitionQueryVariables>;
export const ToolDefinitionsDocument = new TypedDocumentString(`
    query ToolDefinitions($source: ToolSource, $projectId: ID) {
  toolDefinitions(source: $source, projectId: $projectId) {
    id
    name
    description
    source
    sortOrder
    version
    inputSchema
    schemaTokens
    schemaRefusals {
      provider
      rule
      pointer
    }
  }
}
    `) as unknown as TypedDocumentString<ToolDefinitionsQuery, ToolDefinitionsQueryVariables>;
export const ToolDefinitionsPageDocument = new TypedDocumentString(`
    query ToolDefinitionsPage($first: Int, $after: String, $source: ToolSource, $projectId: ID) {
  toolDefinitionsPage(
    first: $first
    after: $after
    source: $source
    projectId: $projectId
  ) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ToolDefinitionsPageQuery, ToolDefinitionsPageQueryVariables>;
export const AgentsPageDocument = new TypedDocumentString(`
    query AgentsPage($first: Int, $after: String, $projectId: ID) {
  agentsPage(first: $first, after: $after, projectId: $projectId) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      cursor
      node {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentsPageQuery, AgentsPageQueryVariables>;
export const AgentsAndChannelsDocument = new TypedDocumentString(`
    query AgentsAndChannels {
  agents {
    id
  }
  channels {
    key
  }
}
    `) as unknown as TypedDocumentString<AgentsAndChannelsQuery, AgentsAndChannelsQueryVariables>;
export const ChannelKeysDocument = new TypedDocumentString(`
    query ChannelKeys {
  channels {
    key
  }
}
    `) as unknown as TypedDocumentString<ChannelKeysQuery, ChannelKeysQueryVariables>;
export const McpServerToolListsDocument = new TypedDocumentString(`
    query McpServerToolLists {
  mcpServers {
    id
    name
    enabled
    enabledTools
    disabledTools
  }
}
    `) as unknown as TypedDocumentString<McpServerToolListsQuery, McpServerToolListsQueryVariables>;
export const StoredCatalogueDocument = new TypedDocumentString(`
    query StoredCatalogue {
  agents {
    id
    name
    maxTools
    budgetWarnThreshold
    budgetHotThreshold
    loadoutVersion
    permissionRules {
      subject
      effect
    }
  }
  toolDefinitions {
    id
    name
    description
    inputSchema
    version
    contentHash
    channels {
      key
    }
    contextObjects {
      key
    }
  }
  channels {
    key
  }
  contextObjects {
    key
  }
  projects {
    id
    name
  }
  mcpServers {
    name
    enabled
    enabledTools
    disabledTools
    probed
    tools {
      name
    }
  }
  miniApps {
    name
    enabled
  }
}
    `) as unknown as TypedDocumentString<StoredCatalogueQuery, StoredCatalogueQueryVariables>;
export const ToolBudgetReportDocument = new TypedDocumentString(`
    query ToolBudgetReport($projectId: ID, $agentId: ID, $sessionId: ID, $userId: String, $asOf: DateTime) {
  toolBudget(
    projectId: $projectId
    agentId: $agentId
    sessionId: $sessionId
    userId: $userId
    asOf: $asOf
  ) {
    projectId
    agentId
    sessionId
    asOf
    level
    userId
    estimatedToolCount
    estimatedSchemaTokens
    requestOverheadTokens
    warnThreshold
    hotThreshold
    evidence {
      totalCalls
      firstCallAt
      gateOpen
      requiredCalls
      requiredDays
    }
    bySource {
      source
      count
      schemaTokens
    }
    tools {
      name
      source
      schemaTokens
      hostDependent
    }
    suggestions {
      toolName
      verdict
      calls
      errors
      schemaTokens
      projectedSavingTokens
      firstSurfacedAt
      lastUsedAt
    }
    inventedToolCalls {
      name
      calls
    }
    unprobedMcpServers
    incompatibleTools {
      name
      source
      schemaRefusal {
        provider
        rule
        pointer
        message
      }
    }
    refusedMcpTools {
      server
      index
      name
      field
      reason
    }
    mcpServerNotes {
      server
      status
      lastOkAt
      lastError
    }
    ruleWarnings {
      subject
      level
      warning
    }
  }
}
    `) as unknown as TypedDocumentString<ToolBudgetReportQuery, ToolBudgetReportQueryVariables>;
export const CallerOrganizationDocument = new TypedDocumentString(`
    query CallerOrganization {
  me {
    role
    organization {
      id
      name
      fundingModel
    }
  }
}
    `) as unknown as TypedDocumentString<CallerOrganizationQuery, CallerOrganizationQueryVariables>;
export const CallerIdentityDocument = new TypedDocumentString(`
    query CallerIdentity {
  me {
    id
    role
    organization {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<CallerIdentityQuery, CallerIdentityQueryVariables>;
export const McpServersDocument = new TypedDocumentString(`
    query McpServers {
  mcpServers {
    ...McpServerFields
  }
}
    fragment McpServerFields on McpServer {
  id
  name
  transport
  url
  headerNames
  enabled
  inventoryUpdatedAt
  probe {
    status
    lastProbedAt
    lastOkAt
    lastError
    nextProbeAt
    serverName
    serverVersion
    protocolVersion
  }
  refusedTools {
    index
    name
    field
    reason
  }
  tools {
    id
    name
    mcpToolName
    title
    description
    version
    contentHash
    inputSchema
    outputSchema
    mcpEntry
    annotations {
      title
      readOnlyHint
      destructiveHint
      idempotentHint
      openWorldHint
    }
  }
}`) as unknown as TypedDocumentString<McpServersQuery, McpServersQueryVariables>;
export const RegisterMcpServerDocument = new TypedDocumentString(`
    mutation RegisterMcpServer($input: RegisterMcpServerInput!) {
  registerMcpServer(input: $input) {
    ...McpServerFields
  }
}
    fragment McpServerFields on McpServer {
  id
  name
  transport
  url
  headerNames
  enabled
  inventoryUpdatedAt
  probe {
    status
    lastProbedAt
    lastOkAt
    lastError
    nextProbeAt
    serverName
    serverVersion
    protocolVersion
  }
  refusedTools {
    index
    name
    field
    reason
  }
  tools {
    id
    name
    mcpToolName
    title
    description
    version
    contentHash
    inputSchema
    outputSchema
    mcpEntry
    annotations {
      title
      readOnlyHint
      destructiveHint
      idempotentHint
      openWorldHint
    }
  }
}`) as unknown as TypedDocumentString<RegisterMcpServerMutation, RegisterMcpServerMutationVariables>;
export const ProbeMcpServerDocument = new TypedDocumentString(`
    mutation ProbeMcpServer($id: ID!) {
  probeMcpServer(id: $id) {
    ...McpServerFields
  }
}
    fragment McpServerFields on McpServer {
  id
  name
  transport
  url
  headerNames
  enabled
  inventoryUpdatedAt
  probe {
    status
    lastProbedAt
    lastOkAt
    lastError
    nextProbeAt
    serverName
    serverVersion
    protocolVersion
  }
  refusedTools {
    index
    name
    field
    reason
  }
  tools {
    id
    name
    mcpToolName
    title
    description
    version
    contentHash
    inputSchema
    outputSchema
    mcpEntry
    annotations {
      title
      readOnlyHint
      destructiveHint
      idempotentHint
      openWorldHint
    }
  }
}`) as unknown as TypedDocumentString<ProbeMcpServerMutation, ProbeMcpServerMutationVariables>;
export const ReportMcpToolsDocument = new TypedDocumentString(`
    mutation ReportMcpTools($serverId: ID!, $tools: [McpTool!]!, $advertisesResources: Boolean! = false) {
  reportMcpTools(
    serverId: $serverId
    tools: $tools
    advertisesResources: $advertisesResources
  ) {
    id
    name
    inventoryUpdatedAt
    refusedTools {
      index
      name
      field
      reason
    }
    tools {
      id
      name
      mcpToolName
      title
      description
      version
      contentHash
      inputSchema
      outputSchema
      mcpEntry
      annotations {
        title
        readOnlyHint
        destructiveHint
        idempotentHint
        openWorldHint
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ReportMcpToolsMutation, ReportMcpToolsMutationVariables>;
export const ReportMcpInventoryStoredDocument = new TypedDocumentString(`
    mutation ReportMcpInventoryStored($serverId: ID!, $tools: [McpToolInput!]!, $advertisesResources: Boolean! = false) {
  reportMcpInventory(
    serverId: $serverId
    tools: $tools
    advertisesResources: $advertisesResources
  ) {
    id
    name
    inventoryUpdatedAt
    refusedTools {
      index
      name
      field
      reason
    }
    tools {
      id
      name
      mcpToolName
      title
      description
      version
      contentHash
      inputSchema
      outputSchema
      mcpEntry
      annotations {
        title
        readOnlyHint
        destructiveHint
        idempotentHint
        openWorldHint
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ReportMcpInventoryStoredMutation, ReportMcpInventoryStoredMutationVariables>;
export const McpToolboxDocument = new TypedDocumentString(`
    query McpToolbox($agentId: ID!, $channel: String! = "web") {
  agent(id: $agentId) {
    loadoutVersion
  }
  toolbox(agentId: $agentId, channel: $channel) {
    fingerprint
    toolCount
    schemaTokens
    tools {
      name
      toolName
      mcpToolName
      mcpServerName
      tool {
        id
        mcpToolName
        inputSchema
        mcpServer {
          name
        }
      }
    }
    dropped {
      name
      reason
      tool {
        name
      }
      schemaRefusal {
        provider
        rule
        pointer
        message
      }
    }
    openai: rendered(provider: OPENAI)
    anthropic: rendered(provider: ANTHROPIC)
    google: rendered(provider: GOOGLE)
    responses: rendered(provider: OPENAI_RESPONSES)
    neutral: rendered(provider: NEUTRAL)
  }
}
    `) as unknown as TypedDocumentString<McpToolboxQuery, McpToolboxQueryVariables>;
export const BeginMcpTurnDocument = new TypedDocumentString(`
    mutation BeginMcpTurn($conversationId: ID!) {
  beginTurn(conversationId: $conversationId) {
    id
    toolbox {
      tools {
        name
        inputSchema
      }
    }
    mcpInventories {
      server
      transport
      status
      lastOkAt
    }
  }
}
    `) as unknown as TypedDocumentString<BeginMcpTurnMutation, BeginMcpTurnMutationVariables>;
export const ConversationsWithToolCallsDocument = new TypedDocumentString(`
    query ConversationsWithToolCalls($agentId: ID!) {
  conversations(agentId: $agentId) {
    edges {
      node {
        userId
        source
        turns {
          edges {
            node {
              toolCalls {
                toolName
                isError
                durationMs
              }
              notListed {
                name
                reason
              }
            }
          }
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<ConversationsWithToolCallsQuery, ConversationsWithToolCallsQueryVariables>;