import { Length, Matches, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RoleEnum } from '../common/enums';
import { DISPLAY_NAME_TEXT, ID_TEXT } from '../common/schema-text';

/** A model id, `provider/model`: what an agent's model and an organisation's default model take. */
export const MODEL_PATTERN = /^[a-z0-9][a-z0-9-]*\/[A-Za-z0-9._:-]+$/;

export enum FundingModelEnum {
  INCLUDED_CREDITS = 'INCLUDED_CREDITS',
  BRING_YOUR_OWN = 'BRING_YOUR_OWN',
}
registerEnumType(FundingModelEnum, {
  name: 'FundingModel',
  description: "Who pays for an organisation's model usage: whether a priced turn also costs credits (docs/semantics.md §4.3).",
  valuesConfig: {
    INCLUDED_CREDITS: { description: "AI included: usage is paid in the platform's credits." },
    BRING_YOUR_OWN: { description: 'Bring your own AI: usage is billed by the provider to the organisation.' },
  },
});

@ObjectType('Organization', {
  description: 'A tenant: its principals, projects, agents and tools are seen only by its own keys (docs/semantics.md §2.2).',
})
export class OrganizationType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
  @Field(() => FundingModelEnum, {
    description: 'Who pays for model usage now; a turn keeps the funding model it was completed under (docs/semantics.md §4.3).',
  })
  fundingModel: FundingModelEnum;
  @Field({ description: 'provider/model used where an agent names none.' }) defaultModel: string;
  @Field(() => Int, { description: 'Budget WARN threshold of reports without an agent (toolBudgetWarn); default 48.' })
  toolBudgetWarn: number;
  @Field(() => Int, { description: 'Budget HOT threshold of reports without an agent; default 96.' }) toolBudgetHot: number;
}

@ObjectType('Principal', { description: 'Who an API key acts as: one key, one role, in one organisation (docs/semantics.md §2.1).' })
export class PrincipalType {
  @Field(() => ID, {
    description: 'Its id, a UUID: what revokeApiKey takes, and the default userId of its own usage (docs/semantics.md §6.2).',
  })
  id: string;
  @Field({ description: 'The name the key was created with.' }) name: string;
  @Field(() => RoleEnum, { description: 'What the key may do; each role includes the ones below it.' }) role: RoleEnum;
  organizationId: string;
}

@ObjectType('Project', {
  description:
    'A group of agents within an organisation: its tools, rules, mini apps and MCP servers reach only its own agents, beside the organisation-wide ones.',
})
export class ProjectType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
  organizationId: string;
}

@ObjectType('CreatedOrganization', { description: 'A new organisation and the first ADMIN key that can manage it.' })
export class CreatedOrganization {
  @Field(() => OrganizationType, { description: 'The organisation created.' }) organization: OrganizationType;
  @Field({ description: 'An ADMIN key for the new organisation, shown once.' }) apiKey: string;
}

@ObjectType('CreatedApiKey', { description: 'A new API key and the principal it acts as.' })
export class CreatedApiKey {
  @Field(() => PrincipalType, { description: 'The principal the key acts as.' }) principal: PrincipalType;
  @Field({ description: 'The key to send as `Authorization: Bearer <key>`. Shown once: only its hash is stored.' }) apiKey: string;
}

@InputType('CreateOrganizationInput', { description: 'A new organisation.' })
export class CreateOrganizationInput {
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
  @Field(() => FundingModelEnum, { nullable: true, description: 'Who pays for model usage; default BRING_YOUR_OWN.' })
  fundingModel?: FundingModelEnum;
  @Field({ nullable: true, description: 'provider/model; default openai/gpt-4o.' }) @Length(3, 200) defaultModel?: string;
}

@InputType('CreateApiKeyInput', { description: "A new API key of the caller's organisation; at most 100 keys are active at once." })
export class CreateApiKeyInput {
  @Field({ description: "The principal's name, 1 to 200 characters: who or what uses the key." }) @Length(1, 200) name: string;
  @Field(() => RoleEnum, { description: 'What the key may do.' }) role: RoleEnum;
}

@InputType('CreateProjectInput', { description: "A new project of the caller's organisation." })
export class CreateProjectInput {
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
}

@InputType('UpdateOrganizationInput', { description: 'Settings left out (or null) stay as they are.' })
export class UpdateOrganizationInput {
  @Field({ nullable: true, description: DISPLAY_NAME_TEXT }) @Length(1, 200) name?: string;
  @Field(() => FundingModelEnum, { nullable: true, description: 'Applies to turns completed from now on; recorded turns keep theirs.' })
  fundingModel?: FundingModelEnum;
  @Field({ nullable: true, description: 'provider/model, e.g. openai/gpt-4o.' })
  @Matches(MODEL_PATTERN, { message: '$property must be provider/model, e.g. openai/gpt-4o' })
  defaultModel?: string;
  @Field(() => Int, { nullable: true, description: '1 to 1000, at or below toolBudgetHot.' }) @Min(1) @Max(1000) toolBudgetWarn?: number;
  @Field(() => Int, { nullable: true, description: '1 to 1000, at or above toolBudgetWarn.' }) @Min(1) @Max(1000) toolBudgetHot?: number;
}
