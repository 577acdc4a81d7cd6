import { IsIn, Length, Max, Min, Matches } from 'class-validator';
import { Field, ID, InputType, Int, InterfaceType, ObjectType } from 'type-graphql';
import { ExecutionContextEnum, RuleEffectEnum, ToolsModeEnum } from '../loadout/graphql-enums';
import type { ExecutionContext, RuleEffect, ToolsMode } from '../loadout/vocabulary';
import { Connection } from '../common/pagination';
import { IsRuleTarget } from './rule-target';
import { LOADOUT_DEFAULTS } from '../loadout/vocabulary';

export const MODEL_PATTERN = /^[a-z0-9][a-z0-9-]*\/[A-Za-z0-9._:-]+$/;

@ObjectType('Agent', { simpleResolvers: true })
export class AgentType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field({ description: 'provider/model, e.g. openai/gpt-4o or anthropic/claude-sonnet-4-5.' }) model: string;
  @Field(() => Int, { description: `1 to 100, default ${LOADOUT_DEFAULTS.maxTools}.` }) maxTools: number;
  @Field(() => ToolsModeEnum) toolsMode: ToolsMode;
  @Field(() => ExecutionContextEnum) executionContext: ExecutionContext;
  @Field(() => Int, {
    nullable: true,
    description: 'Cap on the summed schema tokens of a toolbox; tools past it in Sort Order drop (OVER_TOKEN_BUDGET). Null: no cap.',
  })
  maxSchemaTokens: number | null;
  @Field(() => Int, { description: "Default: the organisation's toolBudgetWarn when the agent was created." }) budgetWarnThreshold: number;
  @Field(() => Int, { description: "Default: the organisation's toolBudgetHot when the agent was created." }) budgetHotThreshold: number;
  @Field(() => Int, { description: "Increases by one with every committed change that can affect this agent's toolbox." })
  loadoutVersion: number;
  organizationId: string;
  projectId: string | null;
}

@InterfaceType('AppliedRule', {
  description: 'A DENY rule as a toolbox applied it: the stored `PermissionRule` in the preview, a `SnapshotRule` in a recorded turn.',
})
export abstract class AppliedRuleInterface {
  @Field(() => ID) id: string;
  @Field({ description: 'tool:<name>' }) subject: string;
  @Field(() => RuleEffectEnum) effect: RuleEffect;
}

@ObjectType('AgentConnection')
export class AgentConnectionType extends Connection(AgentType) {}

@ObjectType('PermissionRule', { implements: AppliedRuleInterface })
export class PermissionRuleType {
  @Field(() => ID) id: string;
  @Field({ description: 'tool:<name>' }) subject: string;
  @Field(() => RuleEffectEnum) effect: RuleEffect;
  organizationId: string;
  agentId: string | null;
  projectId: string | null;
  toolName: string;
}

const ModelField = () => Matches(MODEL_PATTERN, { message: '$property must be provider/model, e.g. openai/gpt-4o' });

@InputType('CreateAgentInput')
export class CreateAgentInput {
  @Field() @Length(1, 200) name: string;
  @Field(() => ID, { nullable: true }) projectId?: string;
  @Field({ nullable: true }) @ModelField() model?: string;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(100) maxTools?: number;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1_000_000) maxSchemaTokens?: number;
  @Field(() => ToolsModeEnum, { nullable: true }) toolsMode?: ToolsMode;
  @Field(() => ExecutionContextEnum, { nullable: true }) executionContext?: ExecutionContext;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1000) budgetWarnThreshold?: number;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1000) budgetHotThreshold?: number;
}

@InputType('UpdateAgentInput')
export class UpdateAgentInput {
  @Field({ nullable: true }) @Length(1, 200) name?: string;
  @Field({ nullable: true }) @ModelField() model?: string;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(100) maxTools?: number;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1_000_000) maxSchemaTokens?: number;
  @Field({ nullable: true, description: 'Removes the schema token cap.' }) clearMaxSchemaTokens?: boolean;
  @Field(() => ToolsModeEnum, { nullable: true }) toolsMode?: ToolsMode;
  @Field(() => ExecutionContextEnum, { nullable: true }) executionContext?: ExecutionContext;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1000) budgetWarnThreshold?: number;
  @Field(() => Int, { nullable: true }) @Min(1) @Max(1000) budgetHotThreshold?: number;
}

@InputType('ToolRuleInput')
export class ToolRuleInput {
  @Field(() => ID, { nullable: true, description: 'Exactly one of agentId and projectId.' }) agentId?: string;
  @Field(() => ID, { nullable: true }) projectId?: string;
  @Field({ description: 'A tool, by its name or as tool:<name>; or every MCP tool whose server sets a hint, as hint:<annotation>.' })
  @IsRuleTarget()
  toolName: string;
  @Field(() => RuleEffectEnum) @IsIn(['ALLOW', 'DENY']) effect: RuleEffect;
}
