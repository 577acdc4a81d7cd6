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

/** A new channel; an organisation has at most 200. */
export type CreateChannelInput = {
  /** Stable key used by runtimes, e.g. web, api, slack, email: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation. */
  key: string;
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** A new project of the caller's organisation. */
export type CreateProjectInput = {
  /** Display name, 1 to 200 characters. */
  name: string;
};

/** Whose identity the host runs the agent's tools as. Stored for the host; no filter reads it (docs/semantics.md §3.15). */
export type ExecutionContext =
  /** The agent's own user. */
  | 'AGENT_USER'
  /** The end user the agent works for (the default). */
  | 'RUNNING_USER';

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