import { registerEnumType } from 'type-graphql';

/** GraphQL enums of the contract, each with its descriptions. */
export enum RoleEnum {
  ADMIN = 'ADMIN',
  EDITOR = 'EDITOR',
  RUNTIME = 'RUNTIME',
  VIEWER = 'VIEWER',
}
export enum FundingModelEnum {
  INCLUDED_CREDITS = 'INCLUDED_CREDITS',
  BRING_YOUR_OWN = 'BRING_YOUR_OWN',
}
export enum InvalidationCauseEnum {
  TOOL_CREATED = 'TOOL_CREATED',
  TOOL_UPDATED = 'TOOL_UPDATED',
  TOOL_DELETED = 'TOOL_DELETED',
  RULE_CHANGED = 'RULE_CHANGED',
  AGENT_UPDATED = 'AGENT_UPDATED',
  MINI_APP_CHANGED = 'MINI_APP_CHANGED',
  MCP_SERVER_CHANGED = 'MCP_SERVER_CHANGED',
  MCP_INVENTORY_CHANGED = 'MCP_INVENTORY_CHANGED',
  CHANGE_SET = 'CHANGE_SET',
}
/**
 * How a runtime sends tools (tokens/providers.ts, Rendering): the provider
 * families' values are the `provider` part of `provider/model`.
 */
export enum ToolProviderEnum {
  OPENAI = 'openai',
  OPENAI_RESPONSES = 'openai-responses',
  ANTHROPIC = 'anthropic',
  GOOGLE = 'google',
  NEUTRAL = 'neutral',
}

registerEnumType(RoleEnum, {
  name: 'Role',
  description: 'What an API key may do; each role includes the ones below it (docs/semantics.md §2.1).',
  valuesConfig: {
    ADMIN: { description: 'Manages API keys and everything below.' },
    EDITOR: { description: 'Changes tools, agents, rules, mini apps, MCP servers, prices.' },
    RUNTIME: { description: 'Starts conversations, begins and completes turns, records tool calls.' },
    VIEWER: { description: 'Reads only.' },
  },
});
registerEnumType(FundingModelEnum, {
  name: 'FundingModel',
  description: "Who pays for an organisation's model usage: whether a priced turn also costs credits (docs/semantics.md §4.3).",
  valuesConfig: {
    INCLUDED_CREDITS: { description: "AI included: usage is paid in the platform's credits." },
    BRING_YOUR_OWN: { description: 'Bring your own AI: usage is billed by the provider to the organisation.' },
  },
});
registerEnumType(InvalidationCauseEnum, {
  name: 'InvalidationCause',
  description: 'The kind of change that altered a toolbox (docs/semantics.md §5.1).',
  valuesConfig: {
    TOOL_CREATED: { description: 'createToolDefinition.' },
    TOOL_UPDATED: { description: 'updateToolDefinition.' },
    TOOL_DELETED: { description: 'deleteToolDefinition.' },
    RULE_CHANGED: { description: 'setToolRule or removeToolRule.' },
    AGENT_UPDATED: { description: "updateAgent changed the agent's model, maxTools, maxSchemaTokens or toolsMode." },
    MINI_APP_CHANGED: { description: 'setMiniAppEnabled.' },
    MCP_SERVER_CHANGED: { description: 'registerMcpServer or updateMcpServer.' },
    MCP_INVENTORY_CHANGED: { description: "An inventory report (reportMcpTools, reportMcpInventory) changed the server's tools." },
    CHANGE_SET: { description: 'applyChangeSet: one event per agent for the whole set.' },
  },
});
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
