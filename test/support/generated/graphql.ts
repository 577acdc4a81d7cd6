/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type CreateAgentInput = {
  budgetHotThreshold?: number | null | undefined;
  budgetWarnThreshold?: number | null | undefined;
  executionContext?: ExecutionContext | null | undefined;
  maxSchemaTokens?: number | null | undefined;
  maxTools?: number | null | undefined;
  model?: string | null | undefined;
  name: string;
  projectId?: string | number | null | undefined;
  toolsMode?: ToolsMode | null | undefined;
};

export type CreateChannelInput = {
  key: string;
  name: string;
};

export type CreateProjectInput = {
  name: string;
};

export type ExecutionContext =
  | 'AGENT_USER'
  | 'RUNNING_USER';

export type ToolDefinitionInput = {
  active?: boolean | null | undefined;
  agentId?: string | number | null | undefined;
  /** Channel keys. */
  channels?: Array<string> | null | undefined;
  /** Context object keys. */
  contextObjects?: Array<string> | null | undefined;
  description: string;
  hostDependent?: boolean | null | undefined;
  inputSchema: unknown;
  miniAppId?: string | number | null | undefined;
  name: string;
  projectId?: string | number | null | undefined;
  requiresMcpServer?: boolean | null | undefined;
  sortOrder?: number | null | undefined;
  /** Default CUSTOM. MCP tools come from reportMcpInventory. */
  source?: ToolSource | null | undefined;
  /** @deprecated Ignored by the runtime. */
  tier?: number | null | undefined;
};

export type ToolSource =
  | 'BUILT_IN'
  | 'CUSTOM'
  | 'MCP'
  | 'MINI_APP';

export type ToolsMode =
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