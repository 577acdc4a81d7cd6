import { Field, ID, Int, ObjectType } from 'type-graphql';
import { BudgetLevelEnum, ToolSourceEnum, VerdictEnum } from '../loadout/graphql-enums';
import type { BudgetLevel, ToolSource, Verdict } from '../loadout/vocabulary';
import { RefusedMcpToolType, SchemaRefusalType } from '../tools/tool.types';

@ObjectType('BudgetSourceCount')
export class BudgetSourceCountType {
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => Int) count: number;
  @Field(() => Int) schemaTokens: number;
}

@ObjectType('BudgetTool')
export class BudgetToolType {
  @Field() name: string;
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => Int) schemaTokens: number;
  @Field() hostDependent: boolean;
}

@ObjectType('UsageEvidence')
export class UsageEvidenceType {
  @Field(() => Int) totalCalls: number;
  @Field(() => Date, { nullable: true }) firstCallAt: Date | null;
  @Field(() => Int) requiredCalls: number;
  @Field(() => Int) requiredDays: number;
  @Field() gateOpen: boolean;
}

@ObjectType('ToolSuggestion')
export class ToolSuggestionType {
  @Field() toolName: string;
  @Field(() => VerdictEnum) verdict: Verdict;
  @Field(() => Int) calls: number;
  @Field(() => Int) errors: number;
  @Field(() => Date, { nullable: true }) lastUsedAt: Date | null;
  @Field(() => Date, { nullable: true }) firstSurfacedAt: Date | null;
  @Field(() => Int) schemaTokens: number;
  @Field(() => Int, {
    description:
      "schemaTokens times the turns the scope began in the 7 days up to asOf (whole UTC days, from the day 7 days before asOf through asOf's day): what carrying the tool cost recently.",
  })
  projectedSavingTokens: number;
}

@ObjectType('InventedToolCall', { description: 'Calls to a tool name that no toolbox of the scope ever carried.' })
export class InventedToolCallType {
  @Field() name: string;
  @Field(() => Int) calls: number;
}

@ObjectType('BudgetIncompatibleTool')
export class BudgetIncompatibleToolType {
  @Field() name: string;
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field(() => SchemaRefusalType) schemaRefusal: SchemaRefusalType;
}

@ObjectType('BudgetRefusedMcpTool')
export class BudgetRefusedMcpToolType extends RefusedMcpToolType {
  @Field({ description: "The MCP server's name." }) server: string;
}

@ObjectType('ToolBudgetReport')
export class ToolBudgetReportType {
  @Field(() => ID, { nullable: true }) projectId: string | null;
  @Field(() => ID, { nullable: true }) agentId: string | null;
  @Field(() => ID, { nullable: true, description: 'Accepted and echoed; it does not change the estimate.' }) sessionId: string | null;
  @Field({ description: 'The end user whose usage evidence the report reads (the caller when none was given).' }) userId: string;
  @Field() asOf: Date;
  @Field(() => Int) estimatedToolCount: number;
  @Field(() => Int, { description: "Sum of the surfaced tools' schemaTokens for the model." }) estimatedSchemaTokens: number;
  @Field(() => Int, {
    description:
      "The provider's fixed cost of carrying tools, paid once per request with at least one tool (not in estimatedSchemaTokens).",
  })
  requestOverheadTokens: number;
  @Field(() => [BudgetSourceCountType]) bySource: BudgetSourceCountType[];
  @Field(() => [BudgetToolType]) tools: BudgetToolType[];
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
  @Field(() => Int) warnThreshold: number;
  @Field(() => Int) hotThreshold: number;
  @Field(() => BudgetLevelEnum) level: BudgetLevel;
  @Field(() => UsageEvidenceType) evidence: UsageEvidenceType;
  @Field(() => [ToolSuggestionType], { description: 'Empty while the evidence gate is closed.' }) suggestions: ToolSuggestionType[];
  @Field(() => [InventedToolCallType], { description: 'Calls to names no toolbox of the scope ever carried, most called first.' })
  inventedToolCalls: InventedToolCallType[];
}
