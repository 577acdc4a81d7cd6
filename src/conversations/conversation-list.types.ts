import { Field, Int, ObjectType } from 'type-graphql';
import { PageInfo } from '../common/pagination';
import { ConversationType } from './conversation.types';

@ObjectType('ConversationEdge')
export class ConversationEdgeType {
  @Field() cursor: string;
  @Field(() => ConversationType) node: ConversationType;
}

@ObjectType('ConversationConnection')
export class ConversationConnectionType {
  @Field(() => [ConversationEdgeType]) edges: ConversationEdgeType[];
  @Field(() => PageInfo) pageInfo: PageInfo;
  @Field(() => Int) totalCount: number;
}
