import { ObjectType } from 'type-graphql';
import { Connection } from '../common/pagination';
import { ConversationType } from './conversation.types';

@ObjectType('ConversationConnection', { description: 'A page of conversations, newest first.' })
export class ConversationConnectionType extends Connection(ConversationType) {}
