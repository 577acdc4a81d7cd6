import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';

export type Encoding = 'o200k_base' | 'cl100k_base';

export type TokenCounter = (text: string) => number;

// Tool text is user-supplied: a literal "<|endoftext|>" in a description must
// count as ordinary text (as tiktoken's disallowed_special=() does), not throw.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const COUNTERS: Record<Encoding, TokenCounter> = {
  o200k_base: (text) => countO200k(text, AS_TEXT),
  cl100k_base: (text) => countCl100k(text, AS_TEXT),
};

export function tokenCounter(encoding: Encoding): TokenCounter {
  return COUNTERS[encoding];
}
