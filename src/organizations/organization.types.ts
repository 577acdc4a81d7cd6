import { Length, Matches, Max, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MODEL_PATTERN } from '../agents/agent.types';
import { FundingModelEnum, RoleEnum } from '../common/enums';

@ObjectType('Organization')
export class OrganizationType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => FundingModelEnum) fundingModel: FundingModelEnum;
  @Field({ description: 'provider/model used where an agent names none.' }) defaultModel: string;
  @Field(() => Int, { description: 'Budget WARN threshold of reports without an agent (toolBudgetWarn); default 48.' })
  toolBudgetWarn: number;
  @Field(() => Int, { description: 'Budget HOT threshold of reports without an agent; default 96.' }) toolBudgetHot: number;
}

@ObjectType('Principal')
export class PrincipalType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => RoleEnum) role: RoleEnum;
  organizationId: string;
}

@ObjectType('Project')
export class ProjectType {
  @Field(() => ID) id: string;
  @Field() name: string;
  organizationId: string;
}

@ObjectType('CreatedOrganization')
export class CreatedOrganization {
  @Field(() => OrganizationType) organization: OrganizationType;
  @Field({ description: 'An ADMIN key for the new organisation, shown once.' }) apiKey: string;
}

@ObjectType('CreatedApiKey')
export class CreatedApiKey {
  @Field(() => PrincipalType) principal: PrincipalType;
  @Field({ description: 'Shown once.' }) apiKey: string;
}

@InputType('CreateOrganizationInput')
export class CreateOrganizationInput {
  @Field() @Length(1, 200) name: string;
  @Field(() => FundingModelEnum, { nullable: true }) fundingModel?: FundingModelEnum;
  @Field({ nullable: true, description: 'provider/model; default openai/gpt-4o.' }) @Length(3, 200) defaultModel?: string;
}

@InputType('CreateApiKeyInput')
export class CreateApiKeyInput {
  @Field() @Length(1, 200) name: string;
  @Field(() => RoleEnum) role: RoleEnum;
}

@InputType('CreateProjectInput')
export class CreateProjectInput {
  @Field() @Length(1, 200) name: string;
}

@InputType('UpdateOrganizationInput', { description: 'Settings left out (or null) stay as they are.' })
export class UpdateOrganizationInput {
  @Field({ nullable: true }) @Length(1, 200) name?: string;
  @Field(() => FundingModelEnum, { nullable: true, description: 'Applies to turns completed from now on; recorded turns keep theirs.' })
  fundingModel?: FundingModelEnum;
  @Field({ nullable: true, description: 'provider/model, e.g. openai/gpt-4o.' })
  @Matches(MODEL_PATTERN, { message: '$property must be provider/model, e.g. openai/gpt-4o' })
  defaultModel?: string;
  @Field(() => Int, { nullable: true, description: '1 to 1000, at or below toolBudgetHot.' }) @Min(1) @Max(1000) toolBudgetWarn?: number;
  @Field(() => Int, { nullable: true, description: '1 to 1000, at or above toolBudgetWarn.' }) @Min(1) @Max(1000) toolBudgetHot?: number;
}
