import type { ModelVisibleContent } from '../../common/content-hash';
import { isStrictReady } from './strict-ready';
import { renderedToolName } from './tool-names';
import { PROVIDERS, type Provider, type Rendering } from '../vocabulary';

/**
 * The provider half of a `provider/model` id. Anything else (another vendor,
 * or no prefix) is treated as OpenAI, whose function-calling format most
 * other vendors' APIs copy.
 */
export function providerOf(model: string): Provider {
  const slash = model.indexOf('/');
  const prefix = slash < 0 ? '' : model.slice(0, slash).toLowerCase();
  return (PROVIDERS as readonly string[]).includes(prefix) ? (prefix as Provider) : 'openai';
}

/** The model half of a `provider/model` id, lower-cased (the whole id when there is no provider). */
export function modelNameOf(model: string): string {
  return model.slice(model.indexOf('/') + 1).toLowerCase();
}

/**
 * An input schema as sent: a JSON object whose "type" is "object", as every
 * provider requires (provider-schema-rules.ts, object-at-top). Every stored
 * schema is one: storage refuses any other (tools/json-schema.ts).
 */
export type ObjectSchema = { type: 'object'; [keyword: string]: unknown };

export interface OpenAiTool {
  type: 'function';
  function: { name: string; description: string; parameters: ObjectSchema };
}

/** `strict` is true only for a strict-ready schema (see strict-ready.ts): the Responses API defaults it to true. */
export interface OpenAiResponsesTool {
  type: 'function';
  name: string;
  description: string;
  parameters: ObjectSchema;
  strict: boolean;
}

/** Where an MCP tool's call goes: the server's registered name and the name the server itself reported. */
export interface McpRoute {
  server: string;
  toolName: string;
}

/** The route of a tool with both names known; null for any other. */
export const mcpRoute = (server: string | null, toolName: string | null): McpRoute | null =>
  server !== null && toolName !== null ? { server, toolName } : null;

/** A tool to render: what the model is sent and, for an MCP tool, where its calls go. */
export interface ToolToRender extends ModelVisibleContent {
  mcp?: McpRoute | null;
}

/** For frameworks: the name sent, the schema as sent, and for an MCP tool its server and the name `tools/call` takes. */
export interface NeutralTool {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
  mcpServer?: string;
  mcpToolName?: string;
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: ObjectSchema;
}

/**
 * `parametersJsonSchema` takes a full JSON Schema; `parameters` takes only an
 * OpenAPI 3.0 subset and refuses the whole request on one other keyword
 * (`$schema`, `$defs`, `$ref`, `additionalProperties`, ...).
 */
export interface GeminiFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema: unknown;
}

export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

// Every rendering sends the name every provider accepts, whichever snapshot it renders.
function renderOpenAiTool(tool: ModelVisibleContent): OpenAiTool {
  return {
    type: 'function',
    function: { name: renderedToolName(tool.name), description: tool.description, parameters: tool.inputSchema as ObjectSchema },
  };
}

function renderOpenAiResponsesTool(tool: ModelVisibleContent): OpenAiResponsesTool {
  const parameters = tool.inputSchema as ObjectSchema;
  return {
    type: 'function',
    name: renderedToolName(tool.name),
    description: tool.description,
    parameters,
    strict: isStrictReady(parameters),
  };
}

function renderNeutralTool(tool: ToolToRender): NeutralTool {
  const rendered: NeutralTool = {
    name: renderedToolName(tool.name),
    description: tool.description,
    inputSchema: tool.inputSchema as ObjectSchema,
  };
  if (tool.mcp) {
    rendered.mcpServer = tool.mcp.server;
    rendered.mcpToolName = tool.mcp.toolName;
  }
  return rendered;
}

export function renderAnthropicTool(tool: ModelVisibleContent): AnthropicTool {
  return { name: renderedToolName(tool.name), description: tool.description, input_schema: tool.inputSchema as ObjectSchema };
}

export function renderGeminiDeclaration(tool: ModelVisibleContent): GeminiFunctionDeclaration {
  return { name: renderedToolName(tool.name), description: tool.description, parametersJsonSchema: tool.inputSchema };
}

type Rendered = OpenAiTool[] | OpenAiResponsesTool[] | AnthropicTool[] | GeminiTool[] | NeutralTool[];

/** The `tools` request field in the rendering's shape, tools in the given order. */
export function renderTools(rendering: 'openai', tools: readonly ToolToRender[]): OpenAiTool[];
export function renderTools(rendering: 'openai-responses', tools: readonly ToolToRender[]): OpenAiResponsesTool[];
export function renderTools(rendering: 'anthropic', tools: readonly ToolToRender[]): AnthropicTool[];
export function renderTools(rendering: 'google', tools: readonly ToolToRender[]): GeminiTool[];
export function renderTools(rendering: 'neutral', tools: readonly ToolToRender[]): NeutralTool[];
export function renderTools(rendering: Rendering, tools: readonly ToolToRender[]): Rendered;
export function renderTools(rendering: Rendering, tools: readonly ToolToRender[]): Rendered {
  switch (rendering) {
    case 'openai':
      return tools.map(renderOpenAiTool);
    case 'openai-responses':
      return tools.map(renderOpenAiResponsesTool);
    case 'anthropic':
      return tools.map(renderAnthropicTool);
    case 'google':
      // Gemini groups all declarations in one Tool; with no tools there is nothing to declare.
      return tools.length === 0 ? [] : [{ functionDeclarations: tools.map(renderGeminiDeclaration) }];
    case 'neutral':
      return tools.map(renderNeutralTool);
  }
}
