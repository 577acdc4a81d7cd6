import { badInput } from '../common/errors';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const PREFIX = 'turn:';

/** Opaque to clients; carries the turn index, which is unique within a conversation. */
export const encodeTurnCursor = (index: number): string => Buffer.from(`${PREFIX}${index}`, 'utf8').toString('base64url');

export function decodeTurnCursor(cursor: string, field = 'after'): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^turn:(\d{1,9})$/.exec(text);
  if (!match || encodeTurnCursor(Number(match[1])) !== cursor) throw badInput(field, 'not a cursor of this list');
  return Number(match[1]);
}

export function pageSize(first: number | null | undefined, field = 'first'): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) throw badInput(field, `must be 0 to ${MAX_PAGE_SIZE}`);
  return first;
}
