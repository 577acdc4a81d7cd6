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
import { OPERATOR_TOKEN, type TestServer } from './harness';
import {
  WorldAgentDocument,
  WorldChannelDocument,
  WorldOrganizationDocument,
  WorldProjectDocument,
  WorldToolDocument,
  type CreateAgentInput,
  type CreateChannelInput,
  type CreateProjectInput,
  type ToolDefinitionInput,
  type WorldAgentMutation,
  type WorldChannelMutation,
  type WorldOrganizationMutation,
  type WorldProjectMutation,
  type WorldToolMutation,
} from './generated/graphql';

/** A bulk create sends as many rows to a request as a request may carry mutations. */
const ROWS_PER_REQUEST = QUERY_LIMITS.maxRootMutations;

/** A generated mutation of one field and one variable: its text, and the type of what the field answers. */
type OneFieldMutation<Row> = DocumentTypeDecoration<Record<string, Row>, never>;

/**
 * The organisations, projects, channels, agents and tools a test stands on,
 * made through the API in bulk: each generated mutation of
 * test/support/operations.graphql repeated under aliases, so a hundred rows
 * cost twenty requests, not a hundred. Rows are made in the order given.
 */
export class TestWorld {
  constructor(private readonly t: TestServer) {}

  /** New organisations, each with its ADMIN key. */
  async organizations(names: string[]): Promise<Array<{ id: string; adminKey: string }>> {
    const created = await this.bulk<string, WorldOrganizationMutation['createOrganization']>(
      OPERATOR_TOKEN,
      WorldOrganizationDocument,
      names,
    );
    return created.map((row) => ({ id: row.organization.id, adminKey: row.apiKey }));
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
