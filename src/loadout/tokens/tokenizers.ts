import type { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export type Encoding = 'o200k_base' | 'cl100k_base';

export type TokenCounter = (text: string) => number;

type EncodingModule = { countTokens: typeof countTokens };

// Tool text is user-supplied: a literal "<|endoftext|>" in a description must
// count as ordinary text (as tiktoken's disallowed_special=() does), not throw.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Each vocabulary is loaded the first time a count needs it (that count
 * takes a few hundred milliseconds longer, once): one is tens of megabytes
 * of resident memory for as long as the process lives, and only
 * organisations with older OpenAI models ever need cl100k_base. The server
 * loads o200k_base at start (`preloadEncoding`): every other provider and
 * model counts with it, and the first toolbox after a restart would
 * otherwise wait for it.
 */
const LOADERS: Record<Encoding, () => EncodingModule> = {
  o200k_base: () => require('gpt-tokenizer/encoding/o200k_base') as EncodingModule,
  cl100k_base: () => require('gpt-tokenizer/encoding/cl100k_base') as EncodingModule,
};

function lazyCounter(encoding: Encoding): TokenCounter {
  let loaded: EncodingModule | undefined;
  return (text) => (loaded ??= LOADERS[encoding]()).countTokens(text, AS_TEXT);
}

const COUNTERS: Record<Encoding, TokenCounter> = {
  o200k_base: lazyCounter('o200k_base'),
  cl100k_base: lazyCounter('cl100k_base'),
};

export function tokenCounter(encoding: Encoding): TokenCounter {
  return COUNTERS[encoding];
}

/** Loads the vocabulary now, so that no request waits for it later. */
export function preloadEncoding(encoding: Encoding): void {
  COUNTERS[encoding]('');
}
