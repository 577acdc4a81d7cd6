import { Length } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { FundingModelEnum, RoleEnum } from '../common/enums';

@ObjectType('Organization')
export class OrganizationType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field(() => FundingModelEnum) fundingModel: FundingModelEnum;
  @Field({ description: 'provider/model used where an agent names none.' }) defaultModel: string;
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
