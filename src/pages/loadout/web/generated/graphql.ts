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

export type LoadoutShellQueryVariables = Exact<{ [key: string]: never; }>;


export type LoadoutShellQuery = { me: { name: string, role: Role, organization: { name: string, toolBudgetWarn: number, toolBudgetHot: number } }, agents: Array<{ id: string, name: string, model: string, maxTools: number, toolsMode: ToolsMode, loadoutVersion: number, project: { id: string, name: string } | null }>, channels: Array<{ key: string, name: string }>, contextObjects: Array<{ key: string, name: string }>, projects: Array<{ id: string, name: string }> };

export type PreviewToolFragment = { id: string, name: string, source: ToolSource, sortOrder: number, mcpToolName: string | null, agent: { id: string } | null, project: { id: string } | null, mcpServer: { id: string } | null };

export type PreviewServerFragment = { id: string, name: string, enabled: boolean, enabledTools: Array<string>, disabledTools: Array<string>, probe: { status: McpProbeStatus, lastOkAt: string | null, lastError: string | null } };

export type LoadoutPreviewQueryVariables = Exact<{
  agentId: string | number;
  channel: string;
  page?: PageInput | null | undefined;
}>;


export type LoadoutPreviewQuery = { mcpServers: Array<{ id: string, name: string, enabled: boolean, enabledTools: Array<string>, disabledTools: Array<string>, probe: { status: McpProbeStatus, lastOkAt: string | null, lastError: string | null } }>, agent: { id: string, name: string, model: string, maxTools: number, maxSchemaTokens: number | null, toolsMode: ToolsMode, loadoutVersion: number, permissionRules: Array<{ id: string, subject: string, effect: RuleEffect }> } | null, toolbox: { id: string, fingerprint: string, loadoutVersion: number, toolCount: number, schemaTokens: number, lastTurn: { id: string, index: number, startedAt: string, conversation: { id: string }, toolbox: { fingerprint: string } } | null, tools: Array<{ position: number, name: string, schemaTokens: number, tool: { id: string, name: string, source: ToolSource, sortOrder: number, mcpToolName: string | null, agent: { id: string } | null, project: { id: string } | null, mcpServer: { id: string } | null } }>, dropped: Array<{ name: string, reason: DropReason, rule: { id: string, subject: string, agent: { id: string } | null } | null, schemaRefusal: { message: string } | null, shadowedBy: { name: string, agent: { id: string } | null, project: { id: string } | null } | null, tool: { id: string, name: string, source: ToolSource, sortOrder: number, mcpToolName: string | null, agent: { id: string } | null, project: { id: string } | null, mcpServer: { id: string } | null } }> } };

export type LoadoutRenderedQueryVariables = Exact<{
  agentId: string | number;
  channel: string;
  page?: PageInput | null | undefined;
  provider?: ToolProvider | null | undefined;
}>;


export type LoadoutRenderedQuery = { toolbox: { id: string, rendered: unknown } };

export type ChangeImpactFragment = { liveConversations: number, rewrittenToolTokens: number, invalidations: Array<{ loadoutVersion: number, agent: { id: string, name: string }, affected: Array<{ previousFingerprint: string, newFingerprint: string, channel: { key: string, name: string }, page: { type: PageType, contextObject: string | null }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> }> };

export type LoadoutApplyMutationVariables = Exact<{
  changes: Array<LoadoutChangeInput> | LoadoutChangeInput;
  dryRun: boolean;
  expect?: ExpectedLoadoutVersionInput | null | undefined;
}>;


export type LoadoutApplyMutation = { applyChangeSet: { liveConversations: number, rewrittenToolTokens: number, invalidations: Array<{ loadoutVersion: number, agent: { id: string, name: string }, affected: Array<{ previousFingerprint: string, newFingerprint: string, channel: { key: string, name: string }, page: { type: PageType, contextObject: string | null }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> }> } };

export type LoadoutBudgetQueryVariables = Exact<{
  projectId?: string | number | null | undefined;
  agentId?: string | number | null | undefined;
  userId?: string | null | undefined;
}>;


export type LoadoutBudgetQuery = { toolBudget: { userId: string, level: BudgetLevel, estimatedToolCount: number, estimatedSchemaTokens: number, warnThreshold: number, hotThreshold: number, unprobedMcpServers: Array<string>, bySource: Array<{ source: ToolSource, count: number, schemaTokens: number }>, mcpServerNotes: Array<{ server: string, status: McpProbeStatus, lastOkAt: string | null, lastError: string | null }>, evidence: { totalCalls: number, requiredCalls: number, requiredDays: number, firstCallAt: string | null, gateOpen: boolean }, suggestions: Array<{ toolName: string, verdict: Verdict, calls: number, errors: number, lastUsedAt: string | null, schemaTokens: number, projectedSavingTokens: number }>, tools: Array<{ name: string, source: ToolSource, schemaTokens: number }> } };

export type LoadoutInvalidatedSubscriptionVariables = Exact<{
  agentId?: string | number | null | undefined;
}>;


export type LoadoutInvalidatedSubscription = { toolboxInvalidated: { id: string, at: string, cause: InvalidationCause, loadoutVersion: number, actor: { name: string, role: Role } | null, agent: { id: string }, affected: Array<{ diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }> } };

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
export const PreviewToolFragmentDoc = new TypedDocumentString(`
    fragment PreviewTool on ToolDefinition {
  id
  name
  source
  sortOrder
  agent {
    id
  }
  project {
    id
  }
  mcpToolName
  mcpServer {
    id
  }
}
    `, {"fragmentName":"PreviewTool"}) as unknown as TypedDocumentString<PreviewToolFragment, unknown>;
export const PreviewServerFragmentDoc = new TypedDocumentString(`
    fragment PreviewServer on McpServer {
  id
  name
  enabled
  enabledTools
  disabledTools
  probe {
    status
    lastOkAt
    lastError
  }
}
    `, {"fragmentName":"PreviewServer"}) as unknown as TypedDocumentString<PreviewServerFragment, unknown>;
export const ChangeImpactFragmentDoc = new TypedDocumentString(`
    fragment ChangeImpact on ChangeSetResult {
  liveConversations
  rewrittenToolTokens
  invalidations {
    loadoutVersion
    agent {
      id
      name
    }
    affected {
      channel {
        key
        name
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
}
    `, {"fragmentName":"ChangeImpact"}) as unknown as TypedDocumentString<ChangeImpactFragment, unknown>;
export const LoadoutShellDocument = new TypedDocumentString(`
    query LoadoutShell {
  me {
    name
    role
    organization {
      name
      toolBudgetWarn
      toolBudgetHot
    }
  }
  agents {
    id
    name
    model
    maxTools
    toolsMode
    loadoutVersion
    project {
      id
      name
    }
  }
  channels {
    key
    name
  }
  contextObjects {
    key
    name
  }
  projects {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<LoadoutShellQuery, LoadoutShellQueryVariables>;
export const LoadoutPreviewDocument = new TypedDocumentString(`
    query LoadoutPreview($agentId: ID!, $channel: String!, $page: PageInput) {
  mcpServers {
    ...PreviewServer
  }
  agent(id: $agentId) {
    id
    name
    model
    maxTools
    maxSchemaTokens
    toolsMode
    loadoutVersion
    permissionRules {
      id
      subject
      effect
    }
  }
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    id
    fingerprint
    loadoutVersion
    toolCount
    schemaTokens
    lastTurn {
      id
      index
      startedAt
      conversation {
        id
      }
      toolbox {
        fingerprint
      }
    }
    tools {
      position
      name
      schemaTokens
      tool {
        ...PreviewTool
      }
    }
    dropped {
      name
      reason
      rule {
        id
        subject
        agent {
          id
        }
      }
      schemaRefusal {
        message
      }
      shadowedBy {
        name
        agent {
          id
        }
        project {
          id
        }
      }
      tool {
        ...PreviewTool
      }
    }
  }
}
    fragment PreviewTool on ToolDefinition {
  id
  name
  source
  sortOrder
  agent {
    id
  }
  project {
    id
  }
  mcpToolName
  mcpServer {
    id
  }
}
fragment PreviewServer on McpServer {
  id
  name
  enabled
  enabledTools
  disabledTools
  probe {
    status
    lastOkAt
    lastError
  }
}`) as unknown as TypedDocumentString<LoadoutPreviewQuery, LoadoutPreviewQueryVariables>;
export const LoadoutRenderedDocument = new TypedDocumentString(`
    query LoadoutRendered($agentId: ID!, $channel: String!, $page: PageInput, $provider: ToolProvider) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    id
    rendered(provider: $provider)
  }
}
    `) as unknown as TypedDocumentString<LoadoutRenderedQuery, LoadoutRenderedQueryVariables>;
export const LoadoutApplyDocument = new TypedDocumentString(`
    mutation LoadoutApply($changes: [LoadoutChangeInput!]!, $dryRun: Boolean!, $expect: ExpectedLoadoutVersionInput) {
  applyChangeSet(
    changes: $changes
    dryRun: $dryRun
    expectLoadoutVersion: $expect
  ) {
    ...ChangeImpact
  }
}
    fragment ChangeImpact on ChangeSetResult {
  liveConversations
  rewrittenToolTokens
  invalidations {
    loadoutVersion
    agent {
      id
      name
    }
    affected {
      channel {
        key
        name
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
}`) as unknown as TypedDocumentString<LoadoutApplyMutation, LoadoutApplyMutationVariables>;
export const LoadoutBudgetDocument = new TypedDocumentString(`
    query LoadoutBudget($projectId: ID, $agentId: ID, $userId: String) {
  toolBudget(projectId: $projectId, agentId: $agentId, userId: $userId) {
    userId
    level
    estimatedToolCount
    estimatedSchemaTokens
    warnThreshold
    hotThreshold
    bySource {
      source
      count
      schemaTokens
    }
    unprobedMcpServers
    mcpServerNotes {
      server
      status
      lastOkAt
      lastError
    }
    evidence {
      totalCalls
      requiredCalls
      requiredDays
      firstCallAt
      gateOpen
    }
    suggestions {
      toolName
      verdict
      calls
      errors
      lastUsedAt
      schemaTokens
      projectedSavingTokens
    }
    tools {
      name
      source
      schemaTokens
    }
  }
}
    `) as unknown as TypedDocumentString<LoadoutBudgetQuery, LoadoutBudgetQueryVariables>;
export const LoadoutInvalidatedDocument = new TypedDocumentString(`
    subscription LoadoutInvalidated($agentId: ID) {
  toolboxInvalidated(agentId: $agentId) {
    id
    at
    cause
    loadoutVersion
    actor {
      name
      role
    }
    agent {
      id
    }
    affected {
      diff {
        added
        removed
        changed
        reordered
      }
    }
  }
}
    `) as unknown as TypedDocumentString<LoadoutInvalidatedSubscription, LoadoutInvalidatedSubscriptionVariables>;