import type { ModelVisibleContent } from '../common/content-hash';
import { renderedToolName } from './tool-names';

export type Provider = 'openai' | 'anthropic' | 'google';

const KNOWN_PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'google'];

/**
 * The provider half of a `provider/model` id. Anything else (another vendor,
 * or no prefix) is treated as OpenAI, whose function-calling format most
 * other vendors' APIs copy.
 */
export function providerOf(model: string): Provider {
  const slash = model.indexOf('/');
  const prefix = slash < 0 ? '' : model.slice(0, slash).toLowerCase();
  return (KNOWN_PROVIDERS as readonly string[]).includes(prefix) ? (prefix as Provider) : 'openai';
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

// Every rendering sends the name every provider accepts: a snapshot recorded before the rule renders safely too.
function renderOpenAiTool(tool: ModelVisibleContent): OpenAiTool {
  return {
    type: 'function',
    function: { name: renderedToolName(tool.name), description: tool.description, parameters: tool.inputSchema as ObjectSchema },
  };
}

export function renderAnthropicTool(tool: ModelVisibleContent): AnthropicTool {
  return { name: renderedToolName(tool.name), description: tool.description, input_schema: tool.inputSchema as ObjectSchema };
}

export function renderGeminiDeclaration(tool: ModelVisibleContent): GeminiFunctionDeclaration {
  return { name: renderedToolName(tool.name), description: tool.description, parametersJsonSchema: tool.inputSchema };
}

/** The `tools` request field in the provider's own shape, tools in the given order. */
export function renderTools(provider: 'openai', tools: readonly ModelVisibleContent[]): OpenAiTool[];
export function renderTools(provider: 'anthropic', tools: readonly ModelVisibleContent[]): AnthropicTool[];
export function renderTools(provider: 'google', tools: readonly ModelVisibleContent[]): GeminiTool[];
export function renderTools(provider: Provider, tools: readonly ModelVisibleContent[]): OpenAiTool[] | AnthropicTool[] | GeminiTool[];
export function renderTools(provider: Provider, tools: readonly ModelVisibleContent[]): OpenAiTool[] | AnthropicTool[] | GeminiTool[] {
  switch (provider) {
    case 'openai':
      return tools.map(renderOpenAiTool);
    case 'anthropic':
      return tools.map(renderAnthropicTool);
    case 'google':
      // Gemini groups all declarations in one Tool; with no tools there is nothing to declare.
      return tools.length === 0 ? [] : [{ functionDeclarations: tools.map(renderGeminiDeclaration) }];
  }
}
