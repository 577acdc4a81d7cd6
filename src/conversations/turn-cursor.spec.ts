import { LoadoutError } from '../common/errors';
import { decodeTurnCursor, encodeTurnCursor, pageSize } from './turn-cursor';

const fieldOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof LoadoutError && e.code === 'BAD_USER_INPUT' ? e.field : 'wrong error';
  }
  return undefined;
};

describe('turn cursors', () => {
  it('round-trips an index', () => {
    expect(decodeTurnCursor(encodeTurnCursor(42))).toBe(42);
  });

  it.each(['', 'nonsense', Buffer.from('turn:-1').toString('base64url'), Buffer.from('inv:3').toString('base64url')])(
    'refuses %j naming after',
    (cursor) => {
      expect(fieldOf(() => decodeTurnCursor(cursor))).toBe('after');
    },
  );

  it('defaults and bounds the page size', () => {
    expect(pageSize(undefined)).toBe(20);
    expect(pageSize(100)).toBe(100);
    expect(pageSize(0)).toBe(0);
    expect(fieldOf(() => pageSize(101))).toBe('first');
    expect(fieldOf(() => pageSize(-1))).toBe('first');
  });
});
