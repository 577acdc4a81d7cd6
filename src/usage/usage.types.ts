import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ProjectType } from '../organizations/organization.types';

@ObjectType('ToolUsage')
export class ToolUsageType {
  @Field() toolName: string;
  @Field() userId: string;
  @Field(() => ProjectType, { nullable: true }) project: ProjectType | null;
  @Field(() => Int) calls: number;
  @Field(() => Int) errors: number;
  @Field(() => Date, { nullable: true, description: 'Set when the tool was first surfaced to a run in this scope (the roster row).' })
  firstSurfacedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastSurfacedAt: Date | null;
  @Field(() => Date, { nullable: true }) lastCalledAt: Date | null;
  projectId: string | null;
}

@InputType('ToolCallInput')
export class ToolCallInput {
  @Field(() => ID, {
    nullable: true,
    description: 'Preferred: the scope is derived from the conversation (child sessions credit the owning project).',
  })
  conversationId?: string;
  @Field(() => ID, { nullable: true, description: 'Used when conversationId is absent.' }) projectId?: string;
  @Field({ nullable: true }) userId?: string;
  @Field() toolName: string;
  @Field() isError: boolean;
  @Field({ nullable: true }) at?: Date;
  @Field({ nullable: true, description: 'Retries with the same key are counted once.' }) idempotencyKey?: string;
}

@ObjectType('RecordToolCallsResult')
export class RecordToolCallsResultType {
  @Field(() => Int) accepted: number;
  @Field(() => Int) duplicates: number;
}
