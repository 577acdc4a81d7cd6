import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import {
  Kind,
  parse,
  print,
  visit,
  type FieldNode,
  type NameNode,
  type OperationDefinitionNode,
  type VariableDefinitionNode,
} from 'graphql';
import { QUERY_LIMITS } from '../../src/server/query-limits';
import type { GraphQLClient } from './harness';
import {
  ToolboxDocument,
  WorldAgentDocument,
  WorldChannelDocument,
  WorldContextObjectDocument,
  WorldConversationDocument,
  WorldKeyDocument,
  WorldMcpServerDocument,
  WorldMiniAppDocument,
  WorldOrganizationDocument,
  WorldProjectDocument,
  WorldRuleDocument,
  WorldToolDocument,
  type CreateAgentInput,
  type CreateApiKeyInput,
  type CreateChannelInput,
  type CreateContextObjectInput,
  type CreateMiniAppInput,
  type CreateOrganizationInput,
  type CreateProjectInput,
  type RegisterMcpServerInput,
  type Role,
  type StartConversationInput,
  type ToolboxQuery,
  type ToolboxQueryVariables,
  type ToolDefinitionInput,
  type ToolRuleInput,
  type WorldAgentMutation,
  type WorldChannelMutation,
  type WorldContextObjectMutation,
  type WorldConversationMutation,
  type WorldKeyMutation,
  type WorldMcpServerMutation,
  type WorldMiniAppMutation,
  type WorldOrganizationMutation,
  type WorldProjectMutation,
  type WorldRuleMutation,
  type WorldToolMutation,
} from './generated/graphql';

/** The operator's token every test server accepts (`adminToken`), which alone creates organisations. */
export const OPERATOR_TOKEN = 'test-operator-token';

/** A bulk create sends as many rows to a request as a request may carry mutations. */
const ROWS_PER_REQUEST = QUERY_LIMITS.maxRootMutations;

/** A generated mutation of one field and one variable: its text, and the type of what the field answers. */
type OneFieldMutation<Row> = DocumentTypeDecoration<Record<string, Row>, never>;

/** The channel most tests preview and run their toolboxes on. */
const WEB: CreateChannelInput = { key: 'web', name: 'Web' };

/** What an organisation starts with in `organization`: rows made in this order, each list optional. */
export interface WorldContents {
  /** Default: the `web` channel alone. */
  channels?: CreateChannelInput[];
  contextObjects?: CreateContextObjectInput[];
  tools?: ToolDefinitionInput[];
  agents?: CreateAgentInput[];
}

/**
 * The organisations, projects, channels, agents and tools a test stands on,
 * made through the API in bulk: each generated mutation of
 * test/support/operations.graphql repeated under aliases, so a hundred rows
 * cost twenty requests, not a hundred. Rows are made in the order given.
 * Its read (`toolbox`) sends the `Toolbox` document of test/support/reads.graphql;
 * tests send the documents of turns.graphql, edits.graphql and reads.graphql themselves.
 */
export class TestWorld {
  /** `t`: a TestServer, or `graphqlAt` a server the harness did not start. */
  constructor(private readonly t: GraphQLClient) {}

  /** New organisations, each with its ADMIN key. */
  async organizations(names: string[]): Promise<Array<{ id: string; adminKey: string }>> {
    const created = await this.bulk<CreateOrganizationInput, WorldOrganizationMutation['createOrganization']>(
      OPERATOR_TOKEN,
      WorldOrganizationDocument,
      names.map((name) => ({ name })),
    );
    return created.map((row) => ({ id: row.organization.id, adminKey: row.apiKey }));
  }

  /** One new organisation with its ADMIN key and `contents` (by default just the `web` channel). */
  organization(name: string, contents: WorldContents = {}) {
    return this.organizationOf({ name }, contents);
  }

  /** New keys of the organisation whose ADMIN key `adminKey` is: each its secret and its principal. */
  keys(adminKey: string, inputs: CreateApiKeyInput[]): Promise<Array<WorldKeyMutation['createApiKey']>> {
    return this.bulk(adminKey, WorldKeyDocument, inputs);
  }

  /** One new key of `role`: its secret. */
  async key(adminKey: string, role: Role): Promise<string> {
    const [created] = await this.keys(adminKey, [{ name: role.toLowerCase(), role }]);
    return created.apiKey;
  }

  projects(key: string, inputs: CreateProjectInput[]): Promise<Array<WorldProjectMutation['createProject']>> {
    return this.bulk(key, WorldProjectDocument, inputs);
  }

  channels(key: string, inputs: CreateChannelInput[]): Promise<Array<WorldChannelMutation['createChannel']>> {
    return this.bulk(key, WorldChannelDocument, inputs);
  }

  agents(key: string, inputs: CreateAgentInput[]): Promise<Array<WorldAgentMutation['createAgent']>> {
    return this.bulk(key, WorldAgentDocument, inputs);
  }

  tools(key: string, inputs: ToolDefinitionInput[]): Promise<Array<WorldToolMutation['createToolDefinition']>> {
    return this.bulk(key, WorldToolDocument, inputs);
  }

  contextObjects(key: string, inputs: CreateContextObjectInput[]): Promise<Array<WorldContextObjectMutation['createContextObject']>> {
    return this.bulk(key, WorldContextObjectDocument, inputs);
  }

  miniApps(key: string, inputs: CreateMiniAppInput[]): Promise<Array<WorldMiniAppMutation['createMiniApp']>> {
    return this.bulk(key, WorldMiniAppDocument, inputs);
  }

  mcpServers(key: string, inputs: RegisterMcpServerInput[]): Promise<Array<WorldMcpServerMutation['registerMcpServer']>> {
    return this.bulk(key, WorldMcpServerDocument, inputs);
  }

  rules(key: string, inputs: ToolRuleInput[]): Promise<Array<WorldRuleMutation['setToolRule']>> {
    return this.bulk(key, WorldRuleDocument, inputs);
  }

  conversations(key: string, inputs: StartConversationInput[]): Promise<Array<WorldConversationMutation['startConversation']>> {
    return this.bulk(key, WorldConversationDocument, inputs);
  }

  /** One new conversation of the agent, on the `web` channel unless `input` says otherwise: its id. */
  async startConversation(key: string, input: Omit<StartConversationInput, 'channel'> & { channel?: string }): Promise<string> {
    const [conversation] = await this.conversations(key, [{ channel: WEB.key, ...input }]);
    return conversation.id;
  }

  /** The agent's toolbox preview (the `Toolbox` document), on the `web` channel unless `variables` say otherwise. */
  async toolbox(key: string, variables: ToolboxQueryVariables): Promise<ToolboxQuery['toolbox']> {
    return (await this.t.ok(key, ToolboxDocument, variables)).toolbox;
  }

  private async bulk<Input, Row>(key: string, document: OneFieldMutation<Row>, inputs: Input[]): Promise<Row[]> {
    const rows: Row[] = [];
    for (let start = 0; start < inputs.length; start += ROWS_PER_REQUEST) {
      const chunk = inputs.slice(start, start + ROWS_PER_REQUEST);
      const variables = Object.fromEntries(chunk.map((input, i) => [`input${i}`, input]));
      const data = await this.t.ok<Record<string, Row>>(key, repeated(`${document}`, chunk.length), variables);
      rows.push(...chunk.map((_, i) => data[`row${i}`]));
    }
    return rows;
  }

  /** One new organisation made from `input` (its name, and any of its funding model and default model), with its ADMIN key and `contents` (by default just the `web` channel). */
  async organizationOf(input: CreateOrganizationInput, contents: WorldContents = {}) {
    const [created] = await this.bulk<CreateOrganizationInput, WorldOrganizationMutation['createOrganization']>(
      OPERATOR_TOKEN,
      WorldOrganizationDocument,
      [input],
    );
    const adminKey = created.apiKey;
    const channels = await this.channels(adminKey, contents.channels ?? [WEB]);
    const contextObjects = await this.contextObjects(adminKey, contents.contextObjects ?? []);
    const tools = await this.tools(adminKey, contents.tools ?? []);
    const agents = await this.agents(adminKey, contents.agents ?? []);
    return { id: created.organization.id, adminKey, channels, contextObjects, tools, agents };
  }
}

/** The mutation `text` of one field and one variable `count` times, as `row0`, `row1`, … taking `$input0`, `$input1`, …. */
function repeated(text: string, count: number): string {
  const operation = parse(text).definitions[0] as OperationDefinitionNode;
  const field = operation.selectionSet.selections[0] as FieldNode;
  const variable = operation.variableDefinitions![0];
  const nth = (i: number): NameNode => ({ kind: Kind.NAME, value: `input${i}` });
  const variableDefinitions: VariableDefinitionNode[] = Array.from({ length: count }, (_, i) => ({
    ...variable,
    variable: { ...variable.variable, name: nth(i) },
  }));
  const selections: FieldNode[] = Array.from({ length: count }, (_, i) => ({
    ...visit(field, { Variable: (node) => ({ ...node, name: nth(i) }) }),
    alias: { kind: Kind.NAME, value: `row${i}` },
  }));
  return print({ ...operation, variableDefinitions, selectionSet: { ...operation.selectionSet, selections } });
}
