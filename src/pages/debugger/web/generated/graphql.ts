/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
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

/** Why the MCP gateway did not list a tool its toolbox carried. */
export type NotListedReason =
  /** Its MCP server is reported by a runtime: Loadout does not reach it */
  | 'REPORTED_SERVER'
  /** The host runs it (a built-in, custom or mini-app tool): Loadout cannot call it */
  | 'RUN_BY_HOST';

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

export type DebuggerAgentsQueryVariables = Exact<{ [key: string]: never; }>;


export type DebuggerAgentsQuery = { me: { organization: { name: string, fundingModel: FundingModel } }, agents: Array<{ id: string, name: string, model: string }> };

export type DebuggerConversationsQueryVariables = Exact<{
  agentId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type DebuggerConversationsQuery = { conversations: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, userId: string, startedAt: string, turnCount: number, lastActivityAt: string, channel: { key: string, name: string }, page: { type: PageType, contextObject: string | null, recordId: string | null } } }> } };

export type DebuggerConversationQueryVariables = Exact<{
  id: string | number;
  after?: string | null | undefined;
}>;


export type DebuggerConversationQuery = { conversation: { id: string, userId: string, startedAt: string, agent: { id: string, name: string, model: string, permissionRules: Array<{ id: string, subject: string, effect: RuleEffect, matchingToolCount: number }>, project: { name: string, permissionRules: Array<{ id: string, subject: string, effect: RuleEffect, matchingToolCount: number }> } | null }, channel: { key: string, name: string }, page: { type: PageType, contextObject: string | null, recordId: string | null }, turns: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ node: { id: string, index: number, startedAt: string, completedAt: string | null, abandonedReason: string | null, modelCalled: string | null, toolboxChanged: boolean, toolCalls: Array<{ toolName: string, isError: boolean, durationMs: number | null }>, notListed: Array<{ name: string, reason: NotListedReason }> | null, mcpInventories: Array<{ server: string, transport: McpTransport, status: McpProbeStatus, lastOkAt: string | null, lastError: string | null }> | null, toolbox: { fingerprint: string, toolCount: number, schemaTokens: number, tools: Array<{ position: number, name: string, toolName: string, description: string, inputSchema: unknown, schemaTokens: number, mcpEntry: unknown }>, dropped: Array<{ name: string, reason: DropReason, rule: { subject: string, level: RuleLevel } | null, schemaRefusal: { message: string } | null, shadowedBy: { id: string, name: string } | null }> }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } | null, invalidation: { id: string, cause: InvalidationCause, at: string, loadoutVersion: number, actor: { name: string, role: Role } | null } | null, usage: { inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, cacheWrite1hTokens: number, outputTokens: number, serverToolUse: unknown } | null, providerUsage: { format: ProviderUsageFormat, usage: unknown } | null, invalidations: Array<{ invalidation: { id: string, cause: InvalidationCause, at: string, loadoutVersion: number }, diff: { added: Array<string>, removed: Array<string>, changed: Array<string>, reordered: boolean } }>, cost: { amountUsd: number | null, credits: number | null, toolDefinitionShare: number } | null } }> } } | null };

export type DebuggerShadowWinnerQueryVariables = Exact<{
  id: string | number;
}>;


export type DebuggerShadowWinnerQuery = { toolDefinition: { id: string, agent: { id: string } | null, project: { id: string } | null } | null };

export type DebuggerRuleFragment = { id: string, subject: string, effect: RuleEffect, matchingToolCount: number };

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
export const DebuggerRuleFragmentDoc = new TypedDocumentString(`
    fragment DebuggerRule on PermissionRule {
  id
  subject
  effect
  matchingToolCount
}
    `, {"fragmentName":"DebuggerRule"}) as unknown as TypedDocumentString<DebuggerRuleFragment, unknown>;
export const DebuggerAgentsDocument = new TypedDocumentString(`
    query DebuggerAgents {
  me {
    organization {
      name
      fundingModel
    }
  }
  agents {
    id
    name
    model
  }
}
    `) as unknown as TypedDocumentString<DebuggerAgentsQuery, DebuggerAgentsQueryVariables>;
export const DebuggerConversationsDocument = new TypedDocumentString(`
    query DebuggerConversations($agentId: ID!, $first: Int, $after: String) {
  conversations(agentId: $agentId, first: $first, after: $after) {
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
    edges {
      node {
        id
        userId
        startedAt
        turnCount
        lastActivityAt
        channel {
          key
          name
        }
        page {
          type
          contextObject
          recordId
        }
      }
    }
  }
}
    `) as unknown as TypedDocumentString<DebuggerConversationsQuery, DebuggerConversationsQueryVariables>;
export const DebuggerConversationDocument = new TypedDocumentString(`
    query DebuggerConversation($id: ID!, $after: String) {
  conversation(id: $id) {
    id
    userId
    startedAt
    agent {
      id
      name
      model
      permissionRules {
        ...DebuggerRule
      }
      project {
        name
        permissionRules {
          ...DebuggerRule
        }
      }
    }
    channel {
      key
      name
    }
    page {
      type
      contextObject
      recordId
    }
    turns(first: 50, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          index
          startedAt
          completedAt
          abandonedReason
          modelCalled
          toolCalls {
            toolName
            isError
            durationMs
          }
          notListed {
            name
            reason
          }
          toolboxChanged
          mcpInventories {
            server
            transport
            status
            lastOkAt
            lastError
          }
          toolbox {
            fingerprint
            toolCount
            schemaTokens
            tools {
              position
              name
              toolName
              description
              inputSchema
              schemaTokens
              mcpEntry
            }
            dropped {
              name
              reason
              rule {
                subject
                level
              }
              schemaRefusal {
                message
              }
              shadowedBy {
                id
                name
              }
            }
          }
          diff {
            added
            removed
            changed
            reordered
          }
          invalidation {
            id
            cause
            at
            loadoutVersion
            actor {
              name
              role
            }
          }
          usage {
            inputTokens
            cachedInputTokens
            cacheWriteTokens
            cacheWrite1hTokens
            outputTokens
            serverToolUse
          }
          providerUsage {
            format
            usage
          }
          invalidations {
            invalidation {
              id
              cause
              at
              loadoutVersion
            }
            diff {
              added
              removed
              changed
              reordered
            }
          }
          cost {
            amountUsd
            credits
            toolDefinitionShare
          }
        }
      }
    }
  }
}
    fragment DebuggerRule on PermissionRule {
  id
  subject
  effect
  matchingToolCount
}`) as unknown as TypedDocumentString<DebuggerConversationQuery, DebuggerConversationQueryVariables>;
export const DebuggerShadowWinnerDocument = new TypedDocumentString(`
    query DebuggerShadowWinner($id: ID!) {
  toolDefinition(id: $id) {
    id
    agent {
      id
    }
    project {
      id
    }
  }
}
    `) as unknown as TypedDocumentString<DebuggerShadowWinnerQuery, DebuggerShadowWinnerQueryVariables>;