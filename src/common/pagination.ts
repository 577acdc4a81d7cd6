import { Field, ObjectType } from 'type-graphql';

@ObjectType('PageInfo')
export class PageInfo {
  @Field() hasNextPage: boolean;
  @Field(() => String, { nullable: true }) endCursor: string | null;
}
