import { LoadoutError } from './errors';
import { cursorCodec, pageOf, pageSize } from './pagination';
import { isUuid } from './uuid';

const fieldOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (e) {
    return e instanceof LoadoutError && e.code === 'BAD_USER_INPUT' ? e.field : 'wrong error';
  }
  return undefined;
};

// Two lists as the services declare theirs: one keyed by an index, one by an id.
const turns = cursorCodec('turn', (text) => (/^\d{1,9}$/.test(text) ? Number(text) : null));
const conversations = cursorCodec('conversation', (text) => (isUuid(text) ? text : null));
const ID = '2f1c1a52-8a0e-4a57-9a3e-0c3c1b8f5d11';
const base64 = (text: string) => Buffer.from(text).toString('base64url');

describe('cursors', () => {
  it('read back the key they carry', () => {
    expect(turns.decode(turns.encode(42, 'org'), 'org')).toBe(42);
    expect(conversations.decode(conversations.encode(ID, 'org'), 'org')).toBe(ID);
  });

  it('are opaque', () => {
    expect(turns.encode(42, 'org')).not.toContain('42');
  });

  it('refuse a cursor cut short, altered, or handed out in another scope (organisation or parent), naming after', () => {
    const cursor = turns.encode(1234, 'org');
    for (let cut = 1; cut <= 8; cut++) expect(fieldOf(() => turns.decode(cursor.slice(0, -cut), 'org'))).toBe('after');
    expect(fieldOf(() => turns.decode(cursor, 'other-org'))).toBe('after');
    expect(fieldOf(() => turns.decode(base64('turn:1234'), 'org'))).toBe('after');
    const forged = Buffer.from(Buffer.from(cursor, 'base64url').toString().replace('1234', '1235')).toString('base64url');
    expect(fieldOf(() => turns.decode(forged, 'org'))).toBe('after');
  });

  it.each([
    ['the empty string', turns, ''],
    ['garbage', conversations, 'not-a-cursor'],
    ["another list's cursor", conversations, base64('turn:3')],
    ['a key the list does not have', conversations, base64('conversation:42')],
    ['a negative index', turns, base64('turn:-1')],
    ['another spelling of a key', turns, base64('turn:007')],
    ['padding', conversations, `${conversations.encode(ID, 'org')}=`],
  ] as const)('refuse %s naming after', (_what, codec, cursor) => {
    expect(fieldOf(() => codec.decode(cursor, 'org'))).toBe('after');
  });
});

describe('page size', () => {
  it('defaults to 20 and takes 0 to 100', () => {
    expect(pageSize(undefined)).toBe(20);
    expect(pageSize(null)).toBe(20);
    expect(pageSize(0)).toBe(0);
    expect(pageSize(100)).toBe(100);
  });

  it.each([101, -1, 2.5])('refuses %p naming first', (first) => {
    expect(fieldOf(() => pageSize(first))).toBe('first');
  });
});

describe('a page', () => {
  const cursorOf = (n: number) => turns.encode(n, 'org');

  it('tells a next page from the extra row read, and ends on its last edge', () => {
    expect(pageOf([1, 2, 3], 2, cursorOf, 7)).toEqual({
      edges: [
        { cursor: cursorOf(1), node: 1 },
        { cursor: cursorOf(2), node: 2 },
      ],
      pageInfo: { hasNextPage: true, endCursor: cursorOf(2) },
      totalCount: 7,
    });
    expect(pageOf([1], 2, cursorOf, 1).pageInfo).toEqual({ hasNextPage: false, endCursor: cursorOf(1) });
    expect(pageOf([], 2, cursorOf, 0).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });
});
