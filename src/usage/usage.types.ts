import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ProjectType } from '../organizations/organization.types';

/** A call's end user, in ToolCallInput and ToolUsage. */
const USER_TEXT = 'The end user the agent worked for: the scope is per user (docs/semantics.md §6).';

@ObjectType('ToolUsage', {
  description:
    "One tool's usage in one scope (end user, project or none): when turns carried it and how often it was called (docs/semantics.md §6).",
})
export class ToolUsageType {
  @Field({ description: "The definition's own name (a call under its short form counts here)." }) toolName: string;
  @Field({ description: USER_TEXT }) userId: string;
  @Field(() => ProjectType, { nullable: true, description: 'The owning project of the scope; null: the no-project scope.' })
  project: ProjectType | null;
  @Field(() => Int, { description: 'Calls recorded in this scope, ever; a repeated idempotency key counts once.' }) calls: number;
  @Field(() => Int, { description: 'Of `calls`, those recorded with isError true.' }) errors: number;
  @Field(() => Date, { nullable: true, description: 'Set when the tool was first surfaced to a run in this scope (the roster row).' })
  firstSurfacedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'When a turn of this scope last carried the tool; null: never.' })
  lastSurfacedAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'The latest `at` of a call recorded for it; null: never called.' })
  lastCalledAt: Date | null;
  projectId: string | null;
}

@InputType('ToolCallInput', { description: 'One call a model made to a tool, counted in its usage scope (docs/semantics.md §6.2).' })
export class ToolCallInput {
  @Field(() => ID, {
    nullable: true,
    description: 'Preferred: the scope is derived from the conversation (child sessions credit the owning project).',
  })
  conversationId?: string;
  @Field(() => ID, {
    nullable: true,
    description:
      "The turn whose response made the call, of `conversationId`: the call is listed under it too (`Turn.toolCalls`). Another conversation's turn is BAD_USER_INPUT.",
  })
  turnId?: string;
  @Field(() => ID, { nullable: true, description: 'Used when conversationId is absent.' }) projectId?: string;
  @Field({ nullable: true, description: 'Used when conversationId is absent: the end user; default the caller (its principal id).' })
  userId?: string;
  @Field({ description: "The tool's name as the model called it: its own name or the short form it was sent under." }) toolName: string;
  @Field({ description: 'Whether the call failed; counted in `errors`.' }) isError: boolean;
  @Field({
    nullable: true,
    description: "When the call happened; default now. More than 5 minutes past the server's clock is BAD_USER_INPUT.",
  })
  at?: Date;
  @Field({ nullable: true, description: 'Retries with the same key are counted once.' }) idempotencyKey?: string;
  @Field(() => Int, {
    nullable: true,
    description: 'How long the call took, in milliseconds (0 to 86,400,000); kept with the call on its turn (`Turn.toolCalls`).',
  })
  durationMs?: number;
}

@ObjectType('RecordToolCallsResult', { description: 'What a batch of tool calls counted; the batch is written whole or not at all.' })
export class RecordToolCallsResultType {
  @Field(() => Int, { description: 'Calls counted by this batch.' }) accepted: number;
  @Field(() => Int, { description: 'Calls not counted: their idempotency key was seen before, in this batch or an earlier one.' })
  duplicates: number;
}
