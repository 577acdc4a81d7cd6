import { cursorCodec, pageSize } from '../common/pagination';

/** Carries the turn's index, which is unique within a conversation. */
export const turnCursors = cursorCodec('turn', (index) => (/^\d{1,9}$/.test(index) ? Number(index) : null));

/** A page of one conversation's turns: `size` of them after the turn of index `afterIndex` (0: from the first). */
export interface TurnPageRequest {
  conversationId: string;
  size: number;
  afterIndex: number;
}

/** The page `first` and `after` ask for; BAD_USER_INPUT naming either. */
export function turnPageRequest(
  organizationId: string,
  conversationId: string,
  first?: number | null,
  after?: string | null,
): TurnPageRequest {
  const afterIndex = after === null || after === undefined ? 0 : turnCursors.decode(after, `${organizationId}/${conversationId}`);
  return { conversationId, size: pageSize(first), afterIndex };
}
