import { Length } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { DISPLAY_NAME_TEXT, ID_TEXT } from '../common/schema-text';
import { IsCatalogueKey } from '../common/validation';

const CHANNEL_KEY_TEXT =
  'Stable key used by runtimes, e.g. web, api, slack, email: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation.';
const CONTEXT_KEY_TEXT =
  "Stable key of the record's object type, e.g. Account, Case: 1 to 64 letters, digits, `_`, `-` and `.`, unique in the organisation.";

@ObjectType('Channel', {
  simpleResolvers: true,
  description: 'Where a conversation happens (web, slack, ...): part of the situation a toolbox is assembled for (docs/semantics.md §3.1).',
})
export class ChannelType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: CHANNEL_KEY_TEXT }) key: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
}

@ObjectType('ContextObject', {
  description:
    'A kind of record a RECORD page can show (Account, Case, ...): part of the situation a toolbox is assembled for (docs/semantics.md §3.8).',
})
export class ContextObjectType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: CONTEXT_KEY_TEXT }) key: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
}

@InputType('CreateChannelInput', { description: 'A new channel; an organisation has at most 200.' })
export class CreateChannelInput {
  @Field({ description: CHANNEL_KEY_TEXT }) @IsCatalogueKey() key: string;
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
}

@InputType('CreateContextObjectInput', { description: 'A new context object; an organisation has at most 200.' })
export class CreateContextObjectInput {
  @Field({ description: CONTEXT_KEY_TEXT }) @IsCatalogueKey() key: string;
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
}
