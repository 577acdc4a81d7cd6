const loaded: string[] = [];

jest.mock('gpt-tokenizer/encoding/cl100k_base', () => {
  loaded.push('cl100k_base');
  return jest.requireActual('gpt-tokenizer/encoding/cl100k_base');
});
jest.mock('gpt-tokenizer/encoding/o200k_base', () => {
  loaded.push('o200k_base');
  return jest.requireActual('gpt-tokenizer/encoding/o200k_base');
});

it('loads a vocabulary only when a count first needs it', async () => {
  const { tokenCounter } = await import('./tokenizers');
  const cl100k = tokenCounter('cl100k_base');
  const o200k = tokenCounter('o200k_base');
  expect(loaded).toEqual([]);
  expect(o200k('hello world')).toBe(2);
  expect(loaded).toEqual(['o200k_base']);
  expect(cl100k('hello world')).toBe(2);
  expect(o200k('a literal <|endoftext|> counts as text')).toBeGreaterThan(5);
  expect(loaded).toEqual(['o200k_base', 'cl100k_base']);
});
