import { diffLines } from './text-diff';

const show = (before: string, after: string) =>
  diffLines(before, after).map((l) => `${{ same: ' ', added: '+', removed: '-' }[l.kind]}${l.text}`);

it.each([
  ['identical', 'a\nb', 'a\nb', [' a', ' b']],
  ['one line replaced', 'a\nb\nc', 'a\nx\nc', [' a', '-b', '+x', ' c']],
  ['a line added at the end', 'a', 'a\nb', [' a', '+b']],
  ['a line removed at the start', 'a\nb', 'b', ['-a', ' b']],
  ['everything different', 'a', 'b', ['-a', '+b']],
  [
    'a renamed property of a schema',
    JSON.stringify({ type: 'object', properties: { query: { type: 'string' } } }, null, 2),
    JSON.stringify({ type: 'object', properties: { question: { type: 'string' } } }, null, 2),
    [
      ' {',
      '   "type": "object",',
      '   "properties": {',
      '-    "query": {',
      '+    "question": {',
      '       "type": "string"',
      '     }',
      '   }',
      ' }',
    ],
  ],
])('%s', (_label, before, after, expected) => {
  expect(show(before, after)).toEqual(expected);
});
