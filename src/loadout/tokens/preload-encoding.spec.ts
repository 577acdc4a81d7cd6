import { preloadEncoding } from './tokenizers';

const mockLoaded: string[] = [];

jest.mock('gpt-tokenizer/encoding/o200k_base', () => {
  mockLoaded.push('o200k_base');
  return jest.requireActual('gpt-tokenizer/encoding/o200k_base');
});

it('loads a vocabulary at once when asked to, before any count needs it', () => {
  expect(mockLoaded).toEqual([]);
  preloadEncoding('o200k_base');
  expect(mockLoaded).toEqual(['o200k_base']);
});
