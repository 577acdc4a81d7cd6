import { registerEnumType } from 'type-graphql';

/**
 * The renderings as a GraphQL enum: how a runtime sends tools (providers.ts,
 * Rendering); the provider families' values are the `provider` part of
 * `provider/model`.
 */
export enum ToolProviderEnum {
  OPENAI = 'openai',
  OPENAI_RESPONSES = 'openai-responses',
  ANTHROPIC = 'anthropic',
  GOOGLE = 'google',
  NEUTRAL = 'neutral',
}

registerEnumType(ToolProviderEnum, {
  name: 'ToolProvider',
  description: 'A shape of the tools list a model API takes (docs/renderings.md); also names a provider family.',
  valuesConfig: {
    OPENAI: { description: 'OpenAI Chat Completions `tools`: [{ type: "function", function: { name, description, parameters } }]' },
    OPENAI_RESPONSES: {
      description:
        'OpenAI Responses API `tools`: [{ type: "function", name, description, parameters, strict }], `strict` true only for a strict-ready schema. The openai family, as OPENAI.',
    },
    ANTHROPIC: { description: 'Anthropic Messages `tools`: [{ name, description, input_schema }]' },
    GOOGLE: { description: 'Gemini `tools`: [{ functionDeclarations: [{ name, description, parametersJsonSchema }] }]' },
    NEUTRAL: {
      description:
        "For frameworks that render for the model's provider themselves: [{ name, description, inputSchema }], and for MCP tools `mcpServer` (the server's registered name) and `mcpToolName` (the name `tools/call` takes). No provider family of its own.",
    },
  },
});
