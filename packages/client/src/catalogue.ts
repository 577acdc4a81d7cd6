import { CreateToolDefinitionDocument, type CreateToolDefinitionMutation, type ToolDefinitionInput } from '../generated/graphql';
import type { Client } from './client';

/** Adds a custom tool (an EDITOR key); its `inputSchema` is a typed `JsonValue` both ways. */
export async function defineTool(
  client: Client,
  input: ToolDefinitionInput,
): Promise<CreateToolDefinitionMutation['createToolDefinition']> {
  return (await client(CreateToolDefinitionDocument, { input })).createToolDefinition;
}
