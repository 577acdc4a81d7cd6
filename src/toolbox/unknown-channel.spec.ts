import { unknownChannelMessage } from './unknown-channel';

describe('an unknown channel key', () => {
  it.each([
    ['webb', ['web', 'api'], "no channel with key 'webb'; known channels: api, web"],
    ['web', [], "no channel with key 'web'; this organisation has no channels yet (createChannel)"],
    ['x'.repeat(65), ['web'], 'no channel with that key; known channels: web'],
  ])('%s among %j', (key, known, message) => {
    expect(unknownChannelMessage(key, known)).toBe(message);
  });

  it('lists the first 20 known keys and counts the rest', () => {
    const known = Array.from({ length: 25 }, (_, i) => `c${String(i).padStart(2, '0')}`);
    const message = unknownChannelMessage('nope', known);
    expect(message).toContain('c00, c01');
    expect(message).toContain('c19 and 5 more');
    expect(message).not.toContain('c20');
  });
});
