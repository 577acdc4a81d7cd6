import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor';

const ID = '2f1c1a52-8a0e-4a57-9a3e-0c3c1b8f5d11';

it('reads back the id it wrote', () => {
  expect(decodeConversationCursor(encodeConversationCursor(ID))).toBe(ID);
});

it.each([
  ['garbage', 'not-a-cursor'],
  ["another list's cursor", Buffer.from('turn:3').toString('base64url')],
  ['a cursor without a uuid', Buffer.from('conversation:42').toString('base64url')],
  ['padding or other spellings', `${encodeConversationCursor(ID)}=`],
])('refuses %s naming the field', (_what, cursor) => {
  expect(() => decodeConversationCursor(cursor)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'after' }));
});
