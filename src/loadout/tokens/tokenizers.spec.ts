import { tokenCounter } from './tokenizers';

const mockLoaded: string[] = [];

jest.mock('gpt-tokenizer/encoding/cl100k_base', () => {
  mockLoaded.push('cl100k_base');
  return jest.requireActual('gpt-tokenizer/encoding/cl100k_base');
});
jest.mock('gpt-tokenizer/encoding/o200k_base', () => {
  mockLoaded.push('o200k_base');
  return jest.requireActual('gpt-tokenizer/encoding/o200k_base');
});

it('loads a vocabulary only when a count first needs it', () => {
  const cl100k = tokenCounter('cl100k_base');
  const o200k = tokenCounter('o200k_base');
  expect(mockLoaded).toEqual([]);
  expect(o200k('hello world')).toBe(2);
  expect(mockLoaded).toEqual(['o200k_base']);
  expect(cl100k('hello world')).toBe(2);
  expect(o200k('a literal <|endoftext|> counts as text')).toBeGreaterThan(5);
  expect(mockLoaded).toEqual(['o200k_base', 'cl100k_base']);
});
