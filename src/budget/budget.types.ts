import { Field, ID, Int, ObjectType } from 'type-graphql';
import { BudgetLevelEnum, VerdictEnum } from '../common/enums';
import { ToolSourceEnum } from '../loadout/graphql-enums';
import type { ToolSource } from '../loadout/vocabulary';
import { RefusedMcpToolType, SchemaRefusalType } from '../tools/tool.types';

@ObjectType('BudgetSourceCount', { description: "One source's share of the surface; the sources add up to the report's estimates." })
export class BudgetSourceCountType {
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => Int, { description: 'Tools of this source on the surface.' }) count: number;
  @Field(() => Int, { description: "Sum of those tools' schemaTokens." }) schemaTokens: number;
}

@ObjectType('BudgetTool', { description: 'A tool on the surface, as the report counts it.' })
export class BudgetToolType {
  @Field({ description: "The definition's name." }) name: string;
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => Int, {
    description: "Tokens of the tool's definition as the model's provider takes it, counted with that provider family's tokenizer.",
  })
  schemaTokens: number;
  @Field({ description: 'Whether the host may still remove the tool at run time; counted all the same.' }) hostDependent: boolean;
}

@ObjectType('UsageEvidence', { description: "How much of the scope's usage the report has seen: suggestions need the gate open." })
export class UsageEvidenceType {
  @Field(() => Int, { description: 'Calls recorded in the scope (the user and the project) up to asOf.' }) totalCalls: number;
  @Field(() => Date, { nullable: true, description: 'When the first of them was made; null with none.' }) firstCallAt: Date | null;
  @Field(() => Int, { description: 'Calls the gate needs.' }) requiredCalls: number;
  @Field(() => Int, { description: 'Days between the first call and asOf the gate needs.' }) requiredDays: number;
  @Field({ description: 'Both requirements met: suggestions are given.' }) gateOpen: boolean;
}

@ObjectType('ToolSuggestion', { description: 'A tool on the surface the evidence says could go; advisory only.' })
export class ToolSuggestionType {
  @Field() toolName: string;
  @Field(() => VerdictEnum, { description: 'The first verdict that applies, in the order NEVER_USED, COLD, ALWAYS_FAILS.' })
  verdict: VerdictEnum;
  @Field(() => Int, { description: 'Calls of the tool in the scope (the user and the project) up to asOf.' }) calls: number;
  @Field(() => Int, { description: 'Of those calls, the ones that failed.' }) errors: number;
  @Field(() => Date, { nullable: true, description: 'The last call up to asOf; null if never called.' }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When a turn of the scope (the user and the project) first carried the tool.' })
  firstSurfacedAt: Date | null;
  @Field(() => Int, { description: "The tool's schemaTokens on the surface." }) schemaTokens: number;
  @Field(() => Int, {
    description:
      "schemaTokens times the turns the scope began in the 7 days up to asOf (whole UTC days, from the day 7 days before asOf through asOf's day): what carrying the tool cost recently.",
  })
  projectedSavingTokens: number;
}

@ObjectType('InventedToolCall', { description: 'Calls to a tool name that no toolbox of the scope ever carried.' })
export class InventedToolCallType {
  @Field({ description: 'The name the runtime reported.' }) name: string;
  @Field(() => Int, { description: 'Calls of it up to asOf.' }) calls: number;
}

@ObjectType('BudgetIncompatibleTool', { description: "A definition of the scope the model's provider refuses; not on the surface." })
export class BudgetIncompatibleToolType {
  @Field() name: string;
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => SchemaRefusalType, { description: 'The provider schema rule it breaks.' }) schemaRefusal: SchemaRefusalType;
}

@ObjectType('BudgetRefusedMcpTool')
export class BudgetRefusedMcpToolType extends RefusedMcpToolType {
  @Field({ description: "The MCP server's name." }) server: string;
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
  @Field(() => Int, { description: "estimatedToolCount at which level is WARN: the agent's own with agentId, else the organisation's." })
  warnThreshold: number;
  @Field(() => Int, { description: "estimatedToolCount at which level is HOT: the agent's own with agentId, else the organisation's." })
  hotThreshold: number;
  @Field(() => BudgetLevelEnum, { description: 'estimatedToolCount against the thresholds.' }) level: BudgetLevelEnum;
  @Field(() => UsageEvidenceType, { description: "The usage evidence of the user (userId's, else the caller's) in the project." })
  evidence: UsageEvidenceType;
  @Field(() => [ToolSuggestionType], { description: 'Empty while the evidence gate is closed.' }) suggestions: ToolSuggestionType[];
  @Field(() => [InventedToolCallType], { description: 'Calls to names no toolbox of the scope ever carried, most called first.' })
  inventedToolCalls: InventedToolCallType[];
}
