/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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

/** A header Loadout sends to the server. Write-only: its value is never returned. */
export type McpHeaderInput = {
  /** An HTTP header name (Authorization, X-Api-Key); not one the transport sets itself. */
  name: string;
  /** Kept encrypted; never returned, logged or quoted in an error. */
  value: string;
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

export type WorldOrganizationMutationVariables = Exact<{
  name: string;
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


export type WorldKeyMutation = { createApiKey: { apiKey: string, principal: { id: string } } };

export type WorldRuleMutationVariables = Exact<{
  input: ToolRuleInput;
}>;


export type WorldRuleMutation = { setToolRule: { id: string } };

export type WorldConversationMutationVariables = Exact<{
  input: StartConversationInput;
}>;


export type WorldConversationMutation = { startConversation: { id: string } };

export type ToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
  page?: PageInput | null | undefined;
}>;


export type ToolboxQuery = { toolbox: { fingerprint: string, loadoutVersion: number, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number }>, dropped: Array<{ reason: DropReason, tool: { name: string } }> } };

export type StoredCatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type StoredCatalogueQuery = { agents: Array<{ id: string, name: string, maxTools: number, budgetWarnThreshold: number, budgetHotThreshold: number, loadoutVersion: number, permissionRules: Array<{ subject: string, effect: RuleEffect }> }>, toolDefinitions: Array<{ id: string, name: string, description: string, inputSchema: unknown, version: number, contentHash: string, channels: Array<{ key: string }>, contextObjects: Array<{ key: string }> }>, channels: Array<{ key: string }>, contextObjects: Array<{ key: string }>, projects: Array<{ id: string }>, mcpServers: Array<{ name: string, enabled: boolean, enabledTools: Array<string>, disabledTools: Array<string>, probed: boolean, tools: Array<{ name: string }> }>, miniApps: Array<{ name: string }> };

export type AgentPermissionRulesQueryVariables = Exact<{
  id: string | number;
}>;


export type AgentPermissionRulesQuery = { agent: { permissionRules: Array<{ subject: string, effect: RuleEffect }> } | null };

export type ChannelKeyListQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelKeyListQuery = { channels: Array<{ key: string }> };

export type UpdateAgentSettingsMutationVariables = Exact<{
  id: string | number;
  input: UpdateAgentInput;
}>;


export type UpdateAgentSettingsMutation = { updateAgent: { id: string, loadoutVersion: number } };

export type BeginTurnIndexMutationVariables = Exact<{
  conversationId: string | number;
}>;


export type BeginTurnIndexMutation = { beginTurn: { id: string, index: number } };

export type RenderedToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
  provider?: ToolProvider | null | undefined;
}>;


export type RenderedToolboxQuery = { toolbox: { toolCount: number, rendered: unknown, tools: Array<{ name: string }> } };

type Renderings_Toolbox_Fragment = { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> };

type Renderings_ToolboxSnapshot_Fragment = { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> };

export type RenderingsFragment =
  | Renderings_Toolbox_Fragment
  | Renderings_ToolboxSnapshot_Fragment
;

export type PreviewRenderingsQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
}>;


export type PreviewRenderingsQuery = { toolbox: { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> } };

export type BeginTurnRenderingsMutationVariables = Exact<{
  conversationId: string | number;
}>;


export type BeginTurnRenderingsMutation = { beginTurn: { id: string, toolbox: { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> } } };

export type TurnRenderingsQueryVariables = Exact<{
  id: string | number;
}>;


export type TurnRenderingsQuery = { turn: { toolbox: { rendered: unknown, responses: unknown, neutral: unknown, tools: Array<{ name: string, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> } } | null };

export type EditToolDefinitionMutationVariables = Exact<{
  id: string | number;
  input: UpdateToolDefinitionInput;
}>;


export type EditToolDefinitionMutation = { updateToolDefinition: { id: string, version: number } };

export type RemoveToolDefinitionMutationVariables = Exact<{
  id: string | number;
}>;


export type RemoveToolDefinitionMutation = { deleteToolDefinition: boolean };

export type McpInventoryReportMutationVariables = Exact<{
  serverId: string | number;
  tools: Array<McpToolInput> | McpToolInput;
  advertisesResources?: boolean;
}>;


export type McpInventoryReportMutation = { reportMcpInventory: { id: string } };

export type PriceModelMutationVariables = Exact<{
  input: ModelPriceInput;
}>;


export type PriceModelMutation = { setModelPrice: { model: string } };

export type CompleteTurnUsageMutationVariables = Exact<{
  turnId: string | number;
  usage: TurnUsageInput;
}>;


export type CompleteTurnUsageMutation = { completeTurn: { id: string } };

export type TurnCostAndTimingQueryVariables = Exact<{
  id: string | number;
}>;


export type TurnCostAndTimingQuery = { turn: { startedAt: string, completedAt: string | null, conversation: { id: string }, cost: { amountUsd: number | null, credits: number | null } | null, toolbox: { toolCount: number, schemaTokens: number, fingerprint: string } } | null };

export type RecordToolCallCountsMutationVariables = Exact<{
  calls: Array<ToolCallInput> | ToolCallInput;
}>;


export type RecordToolCallCountsMutation = { recordToolCalls: { accepted: number, duplicates: number } };

export type WhoAmIQueryVariables = Exact<{ [key: string]: never; }>;


export type WhoAmIQuery = { me: { role: Role, organization: { name: string } } };

export type ToolUsageCountsQueryVariables = Exact<{
  userId?: string | null | undefined;
}>;


export type ToolUsageCountsQuery = { toolUsage: Array<{ toolName: string, calls: number }> };

export type ToolboxLastTurnQueryVariables = Exact<{
  agentId: string | number;
  channel?: string;
}>;


export type ToolboxLastTurnQuery = { toolbox: { lastTurn: { id: string, index: number } | null } };

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
export const RenderingsFragmentDoc = new TypedDocumentString(`
    fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}
    `, {"fragmentName":"Renderings"}) as unknown as TypedDocumentString<RenderingsFragment, unknown>;
export const WorldOrganizationDocument = new TypedDocumentString(`
    mutation WorldOrganization($name: String!) {
  createOrganization(input: {name: $name}) {
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
  }
}
    `) as unknown as TypedDocumentString<WorldConversationMutation, WorldConversationMutationVariables>;
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
  }
}
    `) as unknown as TypedDocumentString<StoredCatalogueQuery, StoredCatalogueQueryVariables>;
export const AgentPermissionRulesDocument = new TypedDocumentString(`
    query AgentPermissionRules($id: ID!) {
  agent(id: $id) {
    permissionRules {
      subject
      effect
    }
  }
}
    `) as unknown as TypedDocumentString<AgentPermissionRulesQuery, AgentPermissionRulesQueryVariables>;
export const ChannelKeyListDocument = new TypedDocumentString(`
    query ChannelKeyList {
  channels {
    key
  }
}
    `) as unknown as TypedDocumentString<ChannelKeyListQuery, ChannelKeyListQueryVariables>;
export const UpdateAgentSettingsDocument = new TypedDocumentString(`
    mutation UpdateAgentSettings($id: ID!, $input: UpdateAgentInput!) {
  updateAgent(id: $id, input: $input) {
    id
    loadoutVersion
  }
}
    `) as unknown as TypedDocumentString<UpdateAgentSettingsMutation, UpdateAgentSettingsMutationVariables>;
export const BeginTurnIndexDocument = new TypedDocumentString(`
    mutation BeginTurnIndex($conversationId: ID!) {
  beginTurn(conversationId: $conversationId) {
    id
    index
  }
}
    `) as unknown as TypedDocumentString<BeginTurnIndexMutation, BeginTurnIndexMutationVariables>;
export const RenderedToolboxDocument = new TypedDocumentString(`
    query RenderedToolbox($agentId: ID!, $channel: String! = "web", $provider: ToolProvider) {
  toolbox(agentId: $agentId, channel: $channel) {
    toolCount
    tools {
      name
    }
    rendered(provider: $provider)
  }
}
    `) as unknown as TypedDocumentString<RenderedToolboxQuery, RenderedToolboxQueryVariables>;
export const PreviewRenderingsDocument = new TypedDocumentString(`
    query PreviewRenderings($agentId: ID!, $channel: String! = "web") {
  toolbox(agentId: $agentId, channel: $channel) {
    ...Renderings
  }
}
    fragment Renderings on ToolboxContent {
  tools {
    name
    toolName
    mcpToolName
    mcpServerName
  }
  rendered
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<PreviewRenderingsQuery, PreviewRenderingsQueryVariables>;
export const BeginTurnRenderingsDocument = new TypedDocumentString(`
    mutation BeginTurnRenderings($conversationId: ID!) {
  beginTurn(conversationId: $conversationId) {
    id
    toolbox {
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
  rendered
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<BeginTurnRenderingsMutation, BeginTurnRenderingsMutationVariables>;
export const TurnRenderingsDocument = new TypedDocumentString(`
    query TurnRenderings($id: ID!) {
  turn(id: $id) {
    toolbox {
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
  rendered
  responses: rendered(provider: OPENAI_RESPONSES)
  neutral: rendered(provider: NEUTRAL)
}`) as unknown as TypedDocumentString<TurnRenderingsQuery, TurnRenderingsQueryVariables>;
export const EditToolDefinitionDocument = new TypedDocumentString(`
    mutation EditToolDefinition($id: ID!, $input: UpdateToolDefinitionInput!) {
  updateToolDefinition(id: $id, input: $input) {
    id
    version
  }
}
    `) as unknown as TypedDocumentString<EditToolDefinitionMutation, EditToolDefinitionMutationVariables>;
export const RemoveToolDefinitionDocument = new TypedDocumentString(`
    mutation RemoveToolDefinition($id: ID!) {
  deleteToolDefinition(id: $id)
}
    `) as unknown as TypedDocumentString<RemoveToolDefinitionMutation, RemoveToolDefinitionMutationVariables>;
export const McpInventoryReportDocument = new TypedDocumentString(`
    mutation McpInventoryReport($serverId: ID!, $tools: [McpToolInput!]!, $advertisesResources: Boolean! = false) {
  reportMcpInventory(
    serverId: $serverId
    tools: $tools
    advertisesResources: $advertisesResources
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<McpInventoryReportMutation, McpInventoryReportMutationVariables>;
export const PriceModelDocument = new TypedDocumentString(`
    mutation PriceModel($input: ModelPriceInput!) {
  setModelPrice(input: $input) {
    model
  }
}
    `) as unknown as TypedDocumentString<PriceModelMutation, PriceModelMutationVariables>;
export const CompleteTurnUsageDocument = new TypedDocumentString(`
    mutation CompleteTurnUsage($turnId: ID!, $usage: TurnUsageInput!) {
  completeTurn(turnId: $turnId, usage: $usage) {
    id
  }
}
    `) as unknown as TypedDocumentString<CompleteTurnUsageMutation, CompleteTurnUsageMutationVariables>;
export const TurnCostAndTimingDocument = new TypedDocumentString(`
    query TurnCostAndTiming($id: ID!) {
  turn(id: $id) {
    startedAt
    completedAt
    conversation {
      id
    }
    cost {
      amountUsd
      credits
    }
    toolbox {
      toolCount
      schemaTokens
      fingerprint
    }
  }
}
    `) as unknown as TypedDocumentString<TurnCostAndTimingQuery, TurnCostAndTimingQueryVariables>;
export const RecordToolCallCountsDocument = new TypedDocumentString(`
    mutation RecordToolCallCounts($calls: [ToolCallInput!]!) {
  recordToolCalls(calls: $calls) {
    accepted
    duplicates
  }
}
    `) as unknown as TypedDocumentString<RecordToolCallCountsMutation, RecordToolCallCountsMutationVariables>;
export const WhoAmIDocument = new TypedDocumentString(`
    query WhoAmI {
  me {
    role
    organization {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<WhoAmIQuery, WhoAmIQueryVariables>;
export const ToolUsageCountsDocument = new TypedDocumentString(`
    query ToolUsageCounts($userId: String) {
  toolUsage(userId: $userId) {
    toolName
    calls
  }
}
    `) as unknown as TypedDocumentString<ToolUsageCountsQuery, ToolUsageCountsQueryVariables>;
export const ToolboxLastTurnDocument = new TypedDocumentString(`
    query ToolboxLastTurn($agentId: ID!, $channel: String! = "web") {
  toolbox(agentId: $agentId, channel: $channel) {
    lastTurn {
      id
      index
    }
  }
}
    `) as unknown as TypedDocumentString<ToolboxLastTurnQuery, ToolboxLastTurnQueryVariables>;