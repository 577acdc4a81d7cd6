import { badInput } from '../common/errors';
import { isUuid } from '../common/uuid';

const PREFIX = 'conversation:';

/** Opaque to clients; carries the conversation's id, whose stored start time orders the list exactly. */
export const encodeConversationCursor = (id: string): string => Buffer.from(`${PREFIX}${id}`, 'utf8').toString('base64url');

export function decodeConversationCursor(cursor: string, field = 'after'): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith(PREFIX) ? text.slice(PREFIX.length) : '';
  if (!isUuid(id) || encodeConversationCursor(id) !== cursor) throw badInput(field, 'not a cursor of this list');
  return id;
}
