import { ObjectType } from 'type-graphql';
import { Connection } from '../common/pagination';
import { ConversationType } from './conversation.types';

@ObjectType('ConversationConnection')
export class ConversationConnectionType extends Connection(ConversationType) {}
