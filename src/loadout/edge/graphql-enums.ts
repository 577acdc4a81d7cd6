import { registerEnumType } from 'type-graphql';
import {
  BUDGET_LEVELS,
  CONVERSATION_SOURCES,
  DROP_REASONS,
  DROP_REASON_TEXT,
  EXECUTION_CONTEXTS,
  NOT_LISTED_REASONS,
  NOT_LISTED_TEXT,
  PAGE_TYPES,
  RENDERINGS,
  RULE_EFFECTS,
  RULE_LEVELS,
  TOOLS_MODES,
  TOOLS_MODE_TEXT,
  TOOL_SOURCES,
  VERDICTS,
  type Rendering,
} from '../vocabulary';
import { InvalidationCauseEnum } from '../change/change-causes';

export { InvalidationCauseEnum };

/** `{ A: 'A', B: 'B' }`: the object type-graphql registers an enum from. */
export function enumOf<V extends string>(values: readonly V[]): { readonly [K in V]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { readonly [K in V]: K };
}

export const described = (text: Partial<Record<string, string>>) =>
  Object.fromEntries(Object.entries(text).map(([value, description]) => [value, { description }]));

export const DropReasonEnum = enumOf(DROP_REASONS);
export const ToolSourceEnum = enumOf(TOOL_SOURCES);
export const PageTypeEnum = enumOf(PAGE_TYPES);
export const ToolsModeEnum = enumOf(TOOLS_MODES);
export const ExecutionContextEnum = enumOf(EXECUTION_CONTEXTS);
export const RuleLevelEnum = enumOf(RULE_LEVELS);
export const RuleEffectEnum = enumOf(RULE_EFFECTS);
export const BudgetLevelEnum = enumOf(BUDGET_LEVELS);
export const VerdictEnum = enumOf(VERDICTS);
export const ConversationSourceEnum = enumOf(CONVERSATION_SOURCES);
export const NotListedReasonEnum = enumOf(NOT_LISTED_REASONS);

registerEnumType(ConversationSourceEnum, {
  name: 'ConversationSource',
  description: "Where a conversation's turns come from.",
  valuesConfig: described({
    RUNTIME: "A runtime's beginTurn, on each of its model requests.",
    MCP_GATEWAY: "An MCP client's lists through the MCP gateway: each tools/list is a turn.",
  }),
});
registerEnumType(NotListedReasonEnum, {
  name: 'NotListedReason',
  description: 'Why the MCP gateway did not list a tool its toolbox carried.',
  valuesConfig: described(NOT_LISTED_TEXT),
});

registerEnumType(DropReasonEnum, {
  name: 'DropReason',
  description: 'Why a toolbox left a definition out: the first filter it failed, in filter order (docs/semantics.md §3.2).',
  valuesConfig: described(DROP_REASON_TEXT),
});
registerEnumType(ToolSourceEnum, {
  name: 'ToolSource',
  description: 'Where a tool definition comes from.',
  valuesConfig: described({
    BUILT_IN: 'A tool the host runtime provides itself (Bash, Read, ...); it may not be scoped to an agent.',
    CUSTOM: "The organisation's own tool: createToolDefinition's default source.",
    MINI_APP: 'Belongs to a mini app; dropped while the mini app is disabled.',
    MCP: "Reported by an MCP server's inventory (reportMcpTools); named mcp__<server>__<tool>.",
  }),
});
registerEnumType(PageTypeEnum, {
  name: 'PageType',
  description: 'The kind of page the end user is on: part of the situation a toolbox is assembled for (docs/semantics.md §3.1).',
  valuesConfig: described({
    HOME: 'A home page; no page at all reads as HOME.',
    LIST: 'A list of records.',
    RECORD: 'One record, optionally naming its context object and record id.',
  }),
});
registerEnumType(ToolsModeEnum, {
  name: 'ToolsMode',
  description: 'On which pages an agent loads tools (filter 1, docs/semantics.md §3.3).',
  valuesConfig: described(TOOLS_MODE_TEXT),
});
registerEnumType(ExecutionContextEnum, {
  name: 'ExecutionContext',
  description: "Whose identity the host runs the agent's tools as. Stored for the host; no filter reads it (docs/semantics.md §3.15).",
  valuesConfig: described({
    RUNNING_USER: 'The end user the agent works for (the default).',
    AGENT_USER: "The agent's own user.",
  }),
});
registerEnumType(RuleLevelEnum, {
  name: 'RuleLevel',
  description: 'Where a permission rule is set.',
  valuesConfig: described({ AGENT: 'On one agent.', PROJECT: 'On a project, for all its agents.' }),
});
registerEnumType(RuleEffectEnum, {
  name: 'RuleEffect',
  description: 'What a permission rule does to the tools it names (docs/semantics.md §3.9).',
  valuesConfig: described({
    ALLOW: "Overrides the project's DENY of the same tool or hint for one agent (on an agent); never adds a tool another filter dropped.",
    DENY: 'Excludes the tools it names (EXCLUDED); an agent DENY always wins.',
  }),
});
registerEnumType(BudgetLevelEnum, {
  name: 'BudgetLevel',
  description: "How the budget report's estimatedToolCount stands against its thresholds (docs/semantics.md §7.3).",
  valuesConfig: described({
    OK: 'Below warnThreshold.',
    WARN: 'At or above warnThreshold, below hotThreshold.',
    HOT: 'At or above hotThreshold.',
  }),
});

/** A rendering's GraphQL name: `openai-responses` is OPENAI_RESPONSES. */
type EnumName<R extends string> = Uppercase<R extends `${infer A}-${infer B}` ? `${A}_${B}` : R>;

/**
 * The renderings (vocabulary.ts) as a GraphQL enum: how a runtime sends
 * tools; the provider families' values are the `provider` part of
 * `provider/model`.
 */
export const ToolProviderEnum = Object.fromEntries(RENDERINGS.map((r) => [r.toUpperCase().replace('-', '_'), r])) as {
  readonly [R in Rendering as EnumName<R>]: R;
};
export type ToolProviderEnum = Rendering;

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
