import type { UsageRecord } from './turn-cost';

/**
 * A provider's usage object, as its API returns it, read into our usage
 * record: input tokens including cached and cache-write ones, cached input,
 * cache-write, output. The format is named by the caller, never guessed from
 * keys: OpenAI's two APIs, for one, spell the same counts differently.
 */
export const PROVIDER_USAGE_FORMATS = ['OPENAI_CHAT', 'OPENAI_RESPONSES', 'ANTHROPIC', 'GEMINI'] as const;
export type ProviderUsageFormat = (typeof PROVIDER_USAGE_FORMATS)[number];

export const PROVIDER_USAGE_FORMAT_TEXT: Record<ProviderUsageFormat, string> = {
  OPENAI_CHAT: 'OpenAI Chat Completions `usage`: prompt_tokens, prompt_tokens_details.cached_tokens, completion_tokens.',
  OPENAI_RESPONSES: 'OpenAI Responses `usage`: input_tokens, input_tokens_details.cached_tokens, output_tokens.',
  ANTHROPIC: 'Anthropic Messages `usage`: input_tokens, cache_creation_input_tokens, cache_read_input_tokens, output_tokens.',
  GEMINI:
    'Gemini `usageMetadata`: promptTokenCount, cachedContentTokenCount, toolUsePromptTokenCount, candidatesTokenCount, thoughtsTokenCount.',
};

/** A usage object is a dozen counts; anything far larger is not one. */
export const PROVIDER_USAGE_MAX_BYTES = 4 * 1024;

/**
 * Far past any context window, and small enough that the sums below (three
 * Anthropic counts, two Gemini ones) stay within the stored 32-bit integers.
 */
export const PROVIDER_TOKEN_COUNT_MAX = 500_000_000;

export interface UsageProblem {
  field: string;
  message: string;
}

export type NormalisedUsage = { usage: UsageRecord; problem?: undefined } | { usage?: undefined; problem: UsageProblem };

type Fields = Record<string, unknown>;

/** Thrown inside the readers only, and turned into a result before normaliseProviderUsage returns. */
class Refused extends Error {
  constructor(readonly problem: UsageProblem) {
    super(problem.message);
  }
}

const refuse = (field: string, message: string): never => {
  throw new Refused({ field, message });
};

const isObject = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A count the format documents as always present. */
function required(fields: Fields, key: string, path: string): number {
  if (fields[key] === undefined || fields[key] === null) return refuse(`${path}.${key}`, 'is missing');
  return optional(fields, key, path);
}

/** A count the provider may leave out or send as null (Gemini omits zeros; OpenAI-compatible servers omit details): 0 then. */
function optional(fields: Fields, key: string, path: string): number {
  const value = fields[key];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > PROVIDER_TOKEN_COUNT_MAX) {
    return refuse(`${path}.${key}`, `must be a whole number from 0 to ${PROVIDER_TOKEN_COUNT_MAX}`);
  }
  return value;
}

/** A nested details object, or an empty one where the provider left it out. */
function details(fields: Fields, key: string, path: string): Fields {
  const value = fields[key];
  if (value === undefined || value === null) return {};
  return isObject(value) ? value : refuse(`${path}.${key}`, 'must be an object');
}

/** A cached count is part of the prompt count it details; more would make the uncached remainder negative. */
function cachedWithin(cached: number, prompt: number, field: string): number {
  return cached > prompt ? refuse(field, 'cached tokens are part of the prompt count and cannot exceed it') : cached;
}

const READERS: Record<ProviderUsageFormat, (u: Fields, path: string) => UsageRecord> = {
  // Chat Completions: prompt_tokens counts every prompt token, the cached ones
  // (prompt_tokens_details.cached_tokens) included; completion_tokens includes
  // reasoning tokens. OpenAI caches automatically and reports no cache writes.
  OPENAI_CHAT: (u, path) => {
    const inputTokens = required(u, 'prompt_tokens', path);
    const cachedPath = `${path}.prompt_tokens_details`;
    const cached = optional(details(u, 'prompt_tokens_details', path), 'cached_tokens', cachedPath);
    return {
      inputTokens,
      cachedInputTokens: cachedWithin(cached, inputTokens, `${cachedPath}.cached_tokens`),
      cacheWriteTokens: 0,
      outputTokens: required(u, 'completion_tokens', path),
    };
  },
  // Responses: input_tokens includes input_tokens_details.cached_tokens;
  // output_tokens includes output_tokens_details.reasoning_tokens.
  OPENAI_RESPONSES: (u, path) => {
    const inputTokens = required(u, 'input_tokens', path);
    const cachedPath = `${path}.input_tokens_details`;
    const cached = optional(details(u, 'input_tokens_details', path), 'cached_tokens', cachedPath);
    return {
      inputTokens,
      cachedInputTokens: cachedWithin(cached, inputTokens, `${cachedPath}.cached_tokens`),
      cacheWriteTokens: 0,
      outputTokens: required(u, 'output_tokens', path),
    };
  },
  // Messages: input_tokens counts only the tokens neither read from nor written
  // to the cache (those after the last cache breakpoint); the request's whole
  // input is input_tokens + cache_creation_input_tokens + cache_read_input_tokens.
  // The cache counts are null or absent where caching was not used.
  ANTHROPIC: (u, path) => {
    const uncached = required(u, 'input_tokens', path);
    const cacheWriteTokens = optional(u, 'cache_creation_input_tokens', path);
    const cachedInputTokens = optional(u, 'cache_read_input_tokens', path);
    return {
      inputTokens: uncached + cacheWriteTokens + cachedInputTokens,
      cachedInputTokens,
      cacheWriteTokens,
      outputTokens: required(u, 'output_tokens', path),
    };
  },
  // usageMetadata: promptTokenCount includes cachedContentTokenCount (the
  // cached content's tokens); toolUsePromptTokenCount (tool-use prompts, e.g.
  // search results fed back) is input outside promptTokenCount. Output is
  // candidatesTokenCount plus thoughtsTokenCount: thinking is billed as output
  // and is not part of candidatesTokenCount. Gemini leaves zero counts out, so
  // only promptTokenCount, never zero, is required. Caches are written by a
  // separate API, so a response reports no cache writes.
  GEMINI: (u, path) => {
    const prompt = required(u, 'promptTokenCount', path);
    const cached = cachedWithin(optional(u, 'cachedContentTokenCount', path), prompt, `${path}.cachedContentTokenCount`);
    return {
      inputTokens: prompt + optional(u, 'toolUsePromptTokenCount', path),
      cachedInputTokens: cached,
      cacheWriteTokens: 0,
      outputTokens: optional(u, 'candidatesTokenCount', path) + optional(u, 'thoughtsTokenCount', path),
    };
  },
};

/**
 * The usage record a provider's usage object stands for, or the problem with
 * it, naming the key at fault as a path from `path` (the object itself).
 * Keys the format does not read are left alone: providers add counts.
 */
export function normaliseProviderUsage(format: ProviderUsageFormat, usage: unknown, path: string): NormalisedUsage {
  if (!isObject(usage)) return { problem: { field: path, message: 'must be an object' } };
  if (Buffer.byteLength(JSON.stringify(usage), 'utf8') > PROVIDER_USAGE_MAX_BYTES) {
    return { problem: { field: path, message: `must be at most ${PROVIDER_USAGE_MAX_BYTES} bytes as JSON` } };
  }
  try {
    return { usage: READERS[format](usage, path) };
  } catch (error) {
    if (error instanceof Refused) return { problem: error.problem };
    throw error;
  }
}
