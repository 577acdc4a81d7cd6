import { Length } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { IsCatalogueKey } from '../common/validation';

@ObjectType('Channel', { simpleResolvers: true })
export class ChannelType {
  @Field(() => ID) id: string;
  @Field({ description: 'Stable key used by runtimes, e.g. web, api, slack, email.' }) key: string;
  @Field() name: string;
}

@ObjectType('ContextObject')
export class ContextObjectType {
  @Field(() => ID) id: string;
  @Field({ description: "Stable key of the record's object type, e.g. Account, Case." }) key: string;
  @Field() name: string;
}

@InputType('CreateChannelInput')
export class CreateChannelInput {
  @Field() @IsCatalogueKey() key: string;
  @Field() @Length(1, 200) name: string;
}

@InputType('CreateContextObjectInput')
export class CreateContextObjectInput {
  @Field() @IsCatalogueKey() key: string;
  @Field() @Length(1, 200) name: string;
}
