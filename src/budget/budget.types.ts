import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BudgetLevelEnum, described, RuleLevelEnum, ToolSourceEnum, VerdictEnum } from '../loadout/edge';
import type { BudgetLevel, RuleLevel, ToolSource, Verdict } from '../loadout/vocabulary';
import { RefusedMcpToolType, SchemaRefusalType } from '../tools/tool.types';
import { McpProbeStatusEnum } from '../tools/mcp-connection.types';
import type { McpProbeStatus } from '../tools/mcp-probe-status';
import { ALWAYS_FAILS_MIN_CALLS, COLD_DAYS, NEVER_USED_DAYS } from './budget-report';

// Registered here, not beside the other enums: its values' texts read the budget's thresholds.
registerEnumType(VerdictEnum, {
  name: 'Verdict',
  description: 'Why the evidence suggests removing a tool: the first that applies, in this order (docs/semantics.md §7.5).',
  valuesConfig: described({
    NEVER_USED: `First surfaced at least ${NEVER_USED_DAYS} days before asOf, and never called.`,
    COLD: `Last called at least ${COLD_DAYS} days before asOf.`,
    ALWAYS_FAILS: `At least ${ALWAYS_FAILS_MIN_CALLS} calls, and every one an error.`,
  }),
});

@ObjectType('BudgetSourceCount', { description: "The surface's share of one source; every source is listed, 0 included." })
export class BudgetSourceCountType {
  @Field(() => ToolSourceEnum, { description: 'The source.' }) source: ToolSource;
  @Field(() => Int, { description: 'Definitions of this source on the surface.' }) count: number;
  @Field(() => Int, { description: 'Their schema tokens, summed.' }) schemaTokens: number;
}

@ObjectType('BudgetTool', { description: 'A definition on the surface (docs/semantics.md §7.1).' })
export class BudgetToolType {
  @Field({ description: "The definition's name." }) name: string;
  @Field(() => ToolSourceEnum, { description: 'Its source.' }) source: ToolSource;
  @Field(() => Int, { description: "Its schema tokens, rendered for the report's model." }) schemaTokens: number;
  @Field({ description: 'The host may still remove it at run time; counted all the same.' }) hostDependent: boolean;
}

@ObjectType('UsageEvidence', { description: "How far the scope's recorded calls are from the evidence gate (docs/semantics.md §7.4)." })
export class UsageEvidenceType {
  @Field(() => Int, { description: 'Calls recorded in the scope up to asOf.' }) totalCalls: number;
  @Field(() => Date, { nullable: true, description: "The scope's first recorded call up to asOf; null: none." }) firstCallAt: Date | null;
  @Field(() => Int, { description: 'Calls the gate needs.' }) requiredCalls: number;
  @Field(() => Int, { description: 'Days the first call must lie before asOf.' }) requiredDays: number;
  @Field({ description: 'Whether both are met, so suggestions are given.' }) gateOpen: boolean;
}

@ObjectType('ToolSuggestion', { description: 'A tool on the surface the evidence says could go (docs/semantics.md §7.5, §7.6).' })
export class ToolSuggestionType {
  @Field({ description: "The definition's name." }) toolName: string;
  @Field(() => VerdictEnum, { description: 'Why.' }) verdict: Verdict;
  @Field(() => Int, { description: 'Its calls in the scope up to asOf.' }) calls: number;
  @Field(() => Int, { description: 'Of those, the errors.' }) errors: number;
  @Field(() => Date, { nullable: true, description: 'Its last call up to asOf; null: never called.' }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When a turn of the scope first carried it.' }) firstSurfacedAt: Date | null;
  @Field(() => Int, { description: "Its schema tokens, rendered for the report's model." }) schemaTokens: number;
  @Field(() => Int, {
    description:
      "schemaTokens times the turns the scope began in the 7 days up to asOf (whole UTC days, from the day 7 days before asOf through asOf's day): what carrying the tool cost recently.",
  })
  projectedSavingTokens: number;
}

@ObjectType('InventedToolCall', { description: 'Calls to a tool name that no toolbox of the scope ever carried.' })
export class InventedToolCallType {
  @Field({ description: 'The name called.' }) name: string;
  @Field(() => Int, { description: 'Its calls in the scope up to asOf.' }) calls: number;
}

@ObjectType('BudgetIncompatibleTool', {
  description: "A definition left off the surface only because the model's provider refuses its schema.",
})
export class BudgetIncompatibleToolType {
  @Field({ description: "The definition's name." }) name: string;
  @Field(() => ToolSourceEnum, { description: 'Its source.' }) source: ToolSource;
  @Field(() => SchemaRefusalType, { description: 'The rule it breaks, and where.' }) schemaRefusal: SchemaRefusalType;
}

@ObjectType('BudgetRefusedMcpTool', { description: "An entry of an MCP server's last inventory that could not be stored at all." })
export class BudgetRefusedMcpToolType extends RefusedMcpToolType {
  @Field({ description: "The MCP server's name." }) server: string;
}

@ObjectType('BudgetMcpServerNote', {
  description: 'An MCP server in scope whose inventory is counted but not fresh (docs/mcp-connections.md, "Statuses").',
})
export class BudgetMcpServerNoteType {
  @Field({ description: "The MCP server's name." }) server: string;
  @Field(() => McpProbeStatusEnum, { description: 'STALE or FAILING.' }) status: McpProbeStatus;
  @Field(() => Date, { nullable: true, description: 'When its inventory was last known true; null if never.' }) lastOkAt: Date | null;
  @Field(() => String, { nullable: true, description: 'Why its probes fail; null for a server that is only stale.' })
  lastError: string | null;
}

@ObjectType('BudgetRuleWarning', {
  description: 'A permission rule of the scope that names no tool, and why it may be wrong (docs/semantics.md §3.9).',
})
export class BudgetRuleWarningType {
  @Field({ description: 'What the rule names, as PermissionRule.subject shows it.' }) subject: string;
  @Field(() => RuleLevelEnum, { description: "Whether it is the agent's rule or its project's." }) level: RuleLevel;
  @Field({ description: 'Why it may be wrong, and the name to use.' }) warning: string;
}

@ObjectType('ToolBudgetReport', {
  description:
    "What a scope's tools cost and which the evidence says could go (docs/semantics.md §7). It counts the surface: every tool any turn of the scope could carry, on any channel or page, before Max Tools and the token cap cut a turn's toolbox.",
})
export class ToolBudgetReportType {
  @Field(() => ID, {
    nullable: true,
    description: "The project of the scope: the one given, else the agent's; null: the no-project scope.",
  })
  projectId: string | null;
  @Field(() => ID, { nullable: true, description: "The agent whose scope and rules apply; null: the project's defaults." })
  agentId: string | null;
  @Field(() => ID, { nullable: true, description: 'Accepted and echoed; it does not change the estimate.' }) sessionId: string | null;
  @Field({ description: 'The end user whose usage evidence the report reads (the caller when none was given).' }) userId: string;
  @Field({ description: 'The instant the report is evaluated at: the one given, else now.' }) asOf: Date;
  @Field(() => Int, {
    description:
      "The tools on the surface (docs/semantics.md §7.1): what any turn could carry, before Max Tools and the token cap cut a turn's toolbox, so it can exceed the agent's maxTools and a lower maxTools does not lower it. The level compares it with the thresholds.",
  })
  estimatedToolCount: number;
  @Field(() => Int, {
    description:
      "Sum of the surface's schemaTokens, each tool rendered for the model's provider (the agent's model, else the organisation's default) and counted with its tokenizer; before the cut, like estimatedToolCount.",
  })
  estimatedSchemaTokens: number;
  @Field(() => Int, {
    description:
      "The provider's fixed cost of carrying tools, paid once per request with at least one tool (not in estimatedSchemaTokens).",
  })
  requestOverheadTokens: number;
  @Field(() => [BudgetSourceCountType], {
    description: 'The surface per source: counts add up to estimatedToolCount, tokens to estimatedSchemaTokens.',
  })
  bySource: BudgetSourceCountType[];
  @Field(() => [BudgetToolType], { description: 'The tools on the surface, in Sort Order.' }) tools: BudgetToolType[];
  @Field(() => [String], { description: 'Named, not counted.' }) unprobedMcpServers: string[];
  @Field(() => [BudgetIncompatibleToolType], {
    description:
      "Definitions of the scope left out because the provider of the model (the agent's, else the organisation's default) refuses their schema; not counted.",
  })
  incompatibleTools: BudgetIncompatibleToolType[];
  @Field(() => [BudgetRefusedMcpToolType], {
    description: "Entries of the scope's MCP servers' last inventories that could not be stored at all, by server name; not counted.",
  })
  refusedMcpTools: BudgetRefusedMcpToolType[];
  @Field(() => [BudgetMcpServerNoteType], {
    description: 'MCP servers in scope whose inventory counts but is stale or whose probes fail, by name, each with why.',
  })
  mcpServerNotes: BudgetMcpServerNoteType[];
  @Field(() => [BudgetRuleWarningType], {
    description: "The scope's rules with a warning (PermissionRule.warning): the agent's, then its project's.",
  })
  ruleWarnings: BudgetRuleWarningType[];
  @Field(() => Int, { description: "estimatedToolCount at which level is WARN: the agent's own with agentId, else the organisation's." })
  warnThreshold: number;
  @Field(() => Int, { description: "estimatedToolCount at which level is HOT: the agent's own with agentId, else the organisation's." })
  hotThreshold: number;
  @Field(() => BudgetLevelEnum, { description: 'estimatedToolCount against the thresholds.' }) level: BudgetLevel;
  @Field(() => UsageEvidenceType, { description: "The usage evidence of the user (userId's, else the caller's) in the project." })
  evidence: UsageEvidenceType;
  @Field(() => [ToolSuggestionType], { description: 'Empty while the evidence gate is closed.' }) suggestions: ToolSuggestionType[];
  @Field(() => [InventedToolCallType], { description: 'Calls to names no toolbox of the scope ever carried, most called first.' })
  inventedToolCalls: InventedToolCallType[];
}
