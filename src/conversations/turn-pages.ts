import { cursorCodec } from '../common/pagination';
import type { ChildList } from '../db/child-pages';
import { TurnEntity } from './turn.entity';

/** A conversation's turns, first to last. */
export const TURN_LIST: ChildList<TurnEntity, number> = {
  entity: TurnEntity,
  table: 'turns',
  parentColumn: 'conversation_id',
  keyColumn: 'index',
  keyType: 'int',
  order: 'ASC',
  parentOf: (turn) => turn.conversationId,
  keyOf: (turn) => turn.index,
  // Carries the turn's index, which is unique within a conversation.
  cursors: cursorCodec('turn', (index) => (/^\d{1,9}$/.test(index) ? Number(index) : null)),
};
