/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { JsonValue } from '../src/json';
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
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
  usage: JsonValue;
};

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
  inputSchema: JsonValue;
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

type ToolboxParts_Toolbox_Fragment = { id: string, fingerprint: string, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number }>, dropped: Array<{ name: string, reason: DropReason, rule: { subject: string, effect: RuleEffect } | null, shadowedBy: { id: string, name: string } | null }> };

type ToolboxParts_ToolboxSnapshot_Fragment = { id: string, fingerprint: string, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number }>, dropped: Array<{ name: string, reason: DropReason, rule: { subject: string, effect: RuleEffect } | null, shadowedBy: { id: string, name: string } | null }> };

export type ToolboxPartsFragment =
  | ToolboxParts_Toolbox_Fragment
  | ToolboxParts_ToolboxSnapshot_Fragment
;

export type AgentsQueryVariables = Exact<{
  after?: string | null | undefined;
}>;


export type AgentsQuery = { agentsPage: { edges: Array<{ node: { id: string, name: string, model: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type PreviewToolboxQueryVariables = Exact<{
  agentId: string | number;
  channel: string;
}>;


export type PreviewToolboxQuery = { toolbox: { id: string, fingerprint: string, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number }>, dropped: Array<{ name: string, reason: DropReason, rule: { subject: string, effect: RuleEffect } | null, shadowedBy: { id: string, name: string } | null }> } };

export type StartConversationMutationVariables = Exact<{
  input: StartConversationInput;
}>;


export type StartConversationMutation = { startConversation: { id: string, startedAt: string } };

export type CreateToolDefinitionMutationVariables = Exact<{
  input: ToolDefinitionInput;
}>;


export type CreateToolDefinitionMutation = { createToolDefinition: { id: string, name: string, inputSchema: JsonValue, updatedAt: string } };

export type BeginRuntimeTurnMutationVariables = Exact<{
  conversationId: string | number;
  provider: ToolProvider;
}>;


export type BeginRuntimeTurnMutation = { beginTurn: { id: string, index: number, toolboxChanged: boolean, toolbox: { id: string, fingerprint: string, toolCount: number, schemaTokens: number, rendered: JsonValue, tools: Array<{ position: number, name: string, contentHash: string, schemaTokens: number, toolName: string, mcpToolName: string | null, mcpServerName: string | null }> } } };

export type CompletedTurnPartsFragment = { id: string, index: number, completedAt: string | null, modelCalled: string | null, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: JsonValue | null } | null, cost: { amountUsd: number | null, toolDefinitionShare: number } | null };

export type CompleteTurnWithProviderUsageMutationVariables = Exact<{
  turnId: string | number;
  providerUsage: ProviderUsageInput;
}>;


export type CompleteTurnWithProviderUsageMutation = { completeTurnWithProviderUsage: { id: string, index: number, completedAt: string | null, modelCalled: string | null, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: JsonValue | null } | null, cost: { amountUsd: number | null, toolDefinitionShare: number } | null } };

export type CompletedTurnQueryVariables = Exact<{
  id: string | number;
}>;


export type CompletedTurnQuery = { turn: { id: string, index: number, completedAt: string | null, modelCalled: string | null, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: JsonValue | null } | null, cost: { amountUsd: number | null, toolDefinitionShare: number } | null } | null };

export type AbandonTurnMutationVariables = Exact<{
  turnId: string | number;
  reason: string;
}>;


export type AbandonTurnMutation = { abandonTurn: { id: string, abandonedReason: string | null } };

export type RecordToolCallsMutationVariables = Exact<{
  calls: Array<ToolCallInput> | ToolCallInput;
}>;


export type RecordToolCallsMutation = { recordToolCalls: { accepted: number, duplicates: number } };

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
export const ToolboxPartsFragmentDoc = new TypedDocumentString(`
    fragment ToolboxParts on ToolboxContent {
  id
  fingerprint
  toolCount
  schemaTokens
  tools {
    position
    name
    contentHash
    schemaTokens
  }
  dropped {
    name
    reason
    rule {
      subject
      effect
    }
    shadowedBy {
      id
      name
    }
  }
}
    `, {"fragmentName":"ToolboxParts"}) as unknown as TypedDocumentString<ToolboxPartsFragment, unknown>;
export const CompletedTurnPartsFragmentDoc = new TypedDocumentString(`
    fragment CompletedTurnParts on Turn {
  id
  index
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  modelCalled
  cost {
    amountUsd
    toolDefinitionShare
  }
}
    `, {"fragmentName":"CompletedTurnParts"}) as unknown as TypedDocumentString<CompletedTurnPartsFragment, unknown>;
export const AgentsDocument = new TypedDocumentString(`
    query Agents($after: String) {
  agentsPage(first: 100, after: $after) {
    edges {
      node {
        id
        name
        model
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AgentsQuery, AgentsQueryVariables>;
export const PreviewToolboxDocument = new TypedDocumentString(`
    query PreviewToolbox($agentId: ID!, $channel: String!) {
  toolbox(agentId: $agentId, channel: $channel) {
    ...ToolboxParts
  }
}
    fragment ToolboxParts on ToolboxContent {
  id
  fingerprint
  toolCount
  schemaTokens
  tools {
    position
    name
    contentHash
    schemaTokens
  }
  dropped {
    name
    reason
    rule {
      subject
      effect
    }
    shadowedBy {
      id
      name
    }
  }
}`) as unknown as TypedDocumentString<PreviewToolboxQuery, PreviewToolboxQueryVariables>;
export const StartConversationDocument = new TypedDocumentString(`
    mutation StartConversation($input: StartConversationInput!) {
  startConversation(input: $input) {
    id
    startedAt
  }
}
    `) as unknown as TypedDocumentString<StartConversationMutation, StartConversationMutationVariables>;
export const CreateToolDefinitionDocument = new TypedDocumentString(`
    mutation CreateToolDefinition($input: ToolDefinitionInput!) {
  createToolDefinition(input: $input) {
    id
    name
    inputSchema
    updatedAt
  }
}
    `) as unknown as TypedDocumentString<CreateToolDefinitionMutation, CreateToolDefinitionMutationVariables>;
export const BeginRuntimeTurnDocument = new TypedDocumentString(`
    mutation BeginRuntimeTurn($conversationId: ID!, $provider: ToolProvider!) {
  beginTurn(conversationId: $conversationId) {
    id
    index
    toolboxChanged
    toolbox {
      id
      fingerprint
      toolCount
      schemaTokens
      tools {
        position
        name
        contentHash
        schemaTokens
        toolName
        mcpToolName
        mcpServerName
      }
      rendered(provider: $provider)
    }
  }
}
    `) as unknown as TypedDocumentString<BeginRuntimeTurnMutation, BeginRuntimeTurnMutationVariables>;
export const CompleteTurnWithProviderUsageDocument = new TypedDocumentString(`
    mutation CompleteTurnWithProviderUsage($turnId: ID!, $providerUsage: ProviderUsageInput!) {
  completeTurnWithProviderUsage(turnId: $turnId, providerUsage: $providerUsage) {
    ...CompletedTurnParts
  }
}
    fragment CompletedTurnParts on Turn {
  id
  index
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  modelCalled
  cost {
    amountUsd
    toolDefinitionShare
  }
}`) as unknown as TypedDocumentString<CompleteTurnWithProviderUsageMutation, CompleteTurnWithProviderUsageMutationVariables>;
export const CompletedTurnDocument = new TypedDocumentString(`
    query CompletedTurn($id: ID!) {
  turn(id: $id) {
    ...CompletedTurnParts
  }
}
    fragment CompletedTurnParts on Turn {
  id
  index
  completedAt
  usage {
    inputTokens
    cachedInputTokens
    cacheWriteTokens
    cacheWrite1hTokens
    outputTokens
    serverToolUse
  }
  modelCalled
  cost {
    amountUsd
    toolDefinitionShare
  }
}`) as unknown as TypedDocumentString<CompletedTurnQuery, CompletedTurnQueryVariables>;
export const AbandonTurnDocument = new TypedDocumentString(`
    mutation AbandonTurn($turnId: ID!, $reason: String!) {
  abandonTurn(turnId: $turnId, reason: $reason) {
    id
    abandonedReason
  }
}
    `) as unknown as TypedDocumentString<AbandonTurnMutation, AbandonTurnMutationVariables>;
export const RecordToolCallsDocument = new TypedDocumentString(`
    mutation RecordToolCalls($calls: [ToolCallInput!]!) {
  recordToolCalls(calls: $calls) {
    accepted
    duplicates
  }
}
    `) as unknown as TypedDocumentString<RecordToolCallsMutation, RecordToolCallsMutationVariables>;