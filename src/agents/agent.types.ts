import { IsIn, Length, Max, Min, Matches } from 'class-validator';
import { Field, ID, InputType, Int, InterfaceType, ObjectType } from 'type-graphql';
import { ExecutionContextEnum, RuleEffectEnum, ToolsModeEnum } from '../loadout/edge';
import type { ExecutionContext, RuleEffect, ToolsMode } from '../loadout/vocabulary';
import { Connection } from '../common/pagination';
import { IsRuleTarget } from './rule-target';
import { LOADOUT_DEFAULTS } from '../loadout/vocabulary';
import { DISPLAY_NAME_TEXT, ID_TEXT, KEEP_TEXT } from '../common/schema-text';
import { MODEL_PATTERN } from '../organizations/organization.types';

/** An agent's settings, shared by Agent and its create and update inputs (docs/semantics.md §8.1). */
const SETTING_TEXT = {
  model:
    'provider/model, e.g. openai/gpt-4o or anthropic/claude-sonnet-4-5: decides the renderings, the token counts and the provider schema rules.',
  maxTools: `Max Tools: the most tools a toolbox carries, 1 to 100, default ${LOADOUT_DEFAULTS.maxTools}; survivors past it in Sort Order drop (OVER_MAX_TOOLS, docs/semantics.md §3.12).`,
  maxSchemaTokens:
    'Cap on the summed schema tokens of a toolbox, 1 to 1,000,000; tools past it in Sort Order drop (OVER_TOKEN_BUDGET, docs/semantics.md §3.12).',
  toolsMode: 'On which pages the agent loads tools.',
  executionContext: "Whose identity the host runs the agent's tools as; no filter reads it.",
  budgetWarnThreshold: "The budget report's WARN level for this agent: 1 to 1000, at or below budgetHotThreshold.",
  budgetHotThreshold: "The budget report's HOT level for this agent: 1 to 1000, at or above budgetWarnThreshold.",
};
const RULE_SUBJECT_TEXT =
  "What the rule names: tool:<name>, or hint:<annotation> (hint:!<annotation>) for every MCP tool that hint is (is not) in effect for, by MCP's defaults where its server states none.";

@ObjectType('Agent', {
  simpleResolvers: true,
  description: 'An AI agent whose model requests carry a toolbox: its settings decide which tools it carries (docs/semantics.md §3).',
})
export class AgentType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
  @Field({ description: SETTING_TEXT.model }) model: string;
  @Field(() => Int, { description: SETTING_TEXT.maxTools }) maxTools: number;
  @Field(() => ToolsModeEnum, { description: SETTING_TEXT.toolsMode }) toolsMode: ToolsMode;
  @Field(() => ExecutionContextEnum, { description: SETTING_TEXT.executionContext }) executionContext: ExecutionContext;
  @Field(() => Int, {
    nullable: true,
    description: 'Cap on the summed schema tokens of a toolbox; tools past it in Sort Order drop (OVER_TOKEN_BUDGET). Null: no cap.',
  })
  maxSchemaTokens: number | null;
  @Field(() => Int, {
    description:
      "The budget report's WARN level for this agent (docs/semantics.md §7.3). Default: the organisation's toolBudgetWarn when the agent was created.",
  })
  budgetWarnThreshold: number;
  @Field(() => Int, {
    description:
      "The budget report's HOT level for this agent (docs/semantics.md §7.3). Default: the organisation's toolBudgetHot when the agent was created.",
  })
  budgetHotThreshold: number;
  @Field(() => Int, { description: "Increases by one with every committed change that can affect this agent's toolbox." })
  loadoutVersion: number;
  organizationId: string;
  projectId: string | null;
}

@InterfaceType('AppliedRule', {
  description: 'A DENY rule as a toolbox applied it: the stored `PermissionRule` in the preview, a `SnapshotRule` in a recorded turn.',
})
export abstract class AppliedRuleInterface {
  @Field(() => ID, { description: "The rule's id, a UUID." }) id: string;
  @Field({ description: RULE_SUBJECT_TEXT }) subject: string;
  @Field(() => RuleEffectEnum, { description: 'Always DENY: a toolbox names a rule only where it excluded a tool.' }) effect: RuleEffect;
}

@ObjectType('AgentConnection', { description: 'A page of agents, oldest first.' })
export class AgentConnectionType extends Connection(AgentType) {}

@ObjectType('PermissionRule', {
  implements: AppliedRuleInterface,
  description: 'An ALLOW or DENY of a tool or hint, set on an agent or on a project for all its agents (docs/semantics.md §3.9).',
})
export class PermissionRuleType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: RULE_SUBJECT_TEXT }) subject: string;
  @Field(() => RuleEffectEnum, { description: 'What the rule does to the tools it names.' }) effect: RuleEffect;
  organizationId: string;
  agentId: string | null;
  projectId: string | null;
  toolName: string;
}

const ModelField = () => Matches(MODEL_PATTERN, { message: '$property must be provider/model, e.g. openai/gpt-4o' });

@InputType('CreateAgentInput', { description: 'A new agent; a setting left out takes the default it states.' })
export class CreateAgentInput {
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
  @Field(() => ID, {
    nullable: true,
    description: "The agent's project; absent: none, and the agent carries only organisation-wide tools.",
  })
  projectId?: string;
  @Field({ nullable: true, description: `${SETTING_TEXT.model} Default: the organisation's defaultModel.` }) @ModelField() model?: string;
  @Field(() => Int, { nullable: true, description: SETTING_TEXT.maxTools }) @Min(1) @Max(100) maxTools?: number;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.maxSchemaTokens} Absent: no cap.` })
  @Min(1)
  @Max(1_000_000)
  maxSchemaTokens?: number;
  @Field(() => ToolsModeEnum, { nullable: true, description: `${SETTING_TEXT.toolsMode} Default ALL_PAGES.` }) toolsMode?: ToolsMode;
  @Field(() => ExecutionContextEnum, { nullable: true, description: `${SETTING_TEXT.executionContext} Default RUNNING_USER.` })
  executionContext?: ExecutionContext;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.budgetWarnThreshold} Default: the organisation's toolBudgetWarn.` })
  @Min(1)
  @Max(1000)
  budgetWarnThreshold?: number;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.budgetHotThreshold} Default: the organisation's toolBudgetHot.` })
  @Min(1)
  @Max(1000)
  budgetHotThreshold?: number;
}

@InputType('UpdateAgentInput', {
  description: `Settings to change; one left out or null stays as it is. A change to model, maxTools, maxSchemaTokens or toolsMode is a loadout change (docs/semantics.md §5.1).`,
})
export class UpdateAgentInput {
  @Field({ nullable: true, description: `${DISPLAY_NAME_TEXT} ${KEEP_TEXT}` }) @Length(1, 200) name?: string;
  @Field({ nullable: true, description: `${SETTING_TEXT.model} ${KEEP_TEXT}` }) @ModelField() model?: string;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.maxTools} ${KEEP_TEXT}` }) @Min(1) @Max(100) maxTools?: number;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.maxSchemaTokens} ${KEEP_TEXT} (clearMaxSchemaTokens removes it).` })
  @Min(1)
  @Max(1_000_000)
  maxSchemaTokens?: number;
  @Field({ nullable: true, description: 'True: removes the schema token cap.' }) clearMaxSchemaTokens?: boolean;
  @Field(() => ToolsModeEnum, { nullable: true, description: `${SETTING_TEXT.toolsMode} ${KEEP_TEXT}` }) toolsMode?: ToolsMode;
  @Field(() => ExecutionContextEnum, { nullable: true, description: `${SETTING_TEXT.executionContext} ${KEEP_TEXT}` })
  executionContext?: ExecutionContext;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.budgetWarnThreshold} ${KEEP_TEXT}` })
  @Min(1)
  @Max(1000)
  budgetWarnThreshold?: number;
  @Field(() => Int, { nullable: true, description: `${SETTING_TEXT.budgetHotThreshold} ${KEEP_TEXT}` })
  @Min(1)
  @Max(1000)
  budgetHotThreshold?: number;
}

@InputType('ToolRuleInput', {
  description: 'A permission rule to set: it replaces the effect of the rule already naming the same subject on the same agent or project.',
})
export class ToolRuleInput {
  @Field(() => ID, { nullable: true, description: 'The agent the rule is set on. Exactly one of agentId and projectId.' }) agentId?: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The project the rule is set on, for all its agents. Exactly one of agentId and projectId.',
  })
  projectId?: string;
  @Field({
    description:
      'A tool, by its name or as tool:<name>; or every MCP tool a hint is in effect for, as hint:<annotation>, or is not, as hint:!<annotation> (docs/semantics.md §3.9).',
  })
  @IsRuleTarget()
  toolName: string;
  @Field(() => RuleEffectEnum, { description: 'What the rule does to the tools it names.' }) @IsIn(['ALLOW', 'DENY']) effect: RuleEffect;
}
