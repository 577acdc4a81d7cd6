import type { UsageRecord } from './turn-cost';

/**
 * A provider's usage object, as its API returns it, read into our usage
 * record: input tokens including cached and cache-write ones, cached input,
 * cache-write (and of those the 1-hour ones), output; and the server tools'
 * request counts. The format is named by the caller, never guessed from
 * keys: OpenAI's two APIs, for one, spell the same counts differently.
 * docs/usage-and-pricing.md is the table of every key read.
 */
export const PROVIDER_USAGE_FORMATS = ['OPENAI_CHAT', 'OPENAI_RESPONSES', 'ANTHROPIC', 'GEMINI'] as const;
export type ProviderUsageFormat = (typeof PROVIDER_USAGE_FORMATS)[number];

export const PROVIDER_USAGE_FORMAT_TEXT: Record<ProviderUsageFormat, string> = {
  OPENAI_CHAT:
    'OpenAI Chat Completions `usage`: prompt_tokens, prompt_tokens_details.cached_tokens, prompt_tokens_details.cache_write_tokens, completion_tokens.',
  OPENAI_RESPONSES:
    'OpenAI Responses `usage`: input_tokens, input_tokens_details.cached_tokens, input_tokens_details.cache_write_tokens, output_tokens.',
  ANTHROPIC:
    'Anthropic Messages `usage`: input_tokens, cache_creation_input_tokens, cache_creation.ephemeral_5m_input_tokens, cache_creation.ephemeral_1h_input_tokens, cache_read_input_tokens, output_tokens; server_tool_use counts kept, not priced.',
  GEMINI:
    'Gemini `usageMetadata`: promptTokenCount, cachedContentTokenCount, toolUsePromptTokenCount, candidatesTokenCount, thoughtsTokenCount.',
};

/** A usage object is a dozen counts; anything far larger is not one. */
export const PROVIDER_USAGE_MAX_BYTES = 4 * 1024;

/**
 * Far past any context window, and small enough that the sums below (at most
 * four Anthropic counts, two Gemini ones) stay within the stored 32-bit integers.
 */
export const PROVIDER_TOKEN_COUNT_MAX = 500_000_000;

export interface UsageProblem {
  field: string;
  message: string;
}

/** Requests per server tool (Anthropic's `server_tool_use`: `web_search_requests`, ...), as the provider named them. */
export type ServerToolUse = Record<string, number>;

export interface ReadUsage {
  usage: UsageRecord;
  /** Null where the usage object reports none. */
  serverToolUse: ServerToolUse | null;
}

export type NormalisedUsage =
  (ReadUsage & { problem?: undefined }) | { usage?: undefined; serverToolUse?: undefined; problem: UsageProblem };

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

/**
 * OpenAI's two formats: the prompt count includes both the tokens read from
 * the cache and those written to it (`cache_write_tokens`, which older
 * servers leave out), so together they cannot exceed it.
 */
function openAiUsage(u: Fields, path: string, keys: { input: string; details: string; output: string }): ReadUsage {
  const inputTokens = required(u, keys.input, path);
  const detailsPath = `${path}.${keys.details}`;
  const promptDetails = details(u, keys.details, path);
  const cachedInputTokens = cachedWithin(
    optional(promptDetails, 'cached_tokens', detailsPath),
    inputTokens,
    `${detailsPath}.cached_tokens`,
  );
  const cacheWriteTokens = optional(promptDetails, 'cache_write_tokens', detailsPath);
  if (cachedInputTokens + cacheWriteTokens > inputTokens) {
    refuse(`${detailsPath}.cache_write_tokens`, 'cache writes and cached tokens are part of the prompt count and cannot exceed it');
  }
  return {
    usage: { inputTokens, cachedInputTokens, cacheWriteTokens, cacheWrite1hTokens: 0, outputTokens: required(u, keys.output, path) },
    serverToolUse: null,
  };
}

/**
 * Anthropic's cache writes: `cache_creation_input_tokens` is all of them and
 * `cache_creation` splits them by TTL. Where only the split is sent, its sum
 * is the total; where the total exceeds the split, the rest were written for
 * the default 5 minutes. The 1-hour writes, and the split, fit in the total.
 */
function anthropicCacheWrites(u: Fields, path: string): { total: number; oneHour: number } {
  const splitPath = `${path}.cache_creation`;
  const split = details(u, 'cache_creation', path);
  const fiveMinutes = optional(split, 'ephemeral_5m_input_tokens', splitPath);
  const oneHour = optional(split, 'ephemeral_1h_input_tokens', splitPath);
  const sent = u.cache_creation_input_tokens;
  const total = sent === undefined || sent === null ? fiveMinutes + oneHour : optional(u, 'cache_creation_input_tokens', path);
  if (oneHour > total) {
    refuse(`${splitPath}.ephemeral_1h_input_tokens`, 'is part of cache_creation_input_tokens and cannot exceed it');
  }
  if (fiveMinutes + oneHour > total) {
    refuse(
      `${splitPath}.ephemeral_5m_input_tokens`,
      'with ephemeral_1h_input_tokens, is part of cache_creation_input_tokens and cannot exceed it',
    );
  }
  return { total, oneHour };
}

/** Anthropic's `server_tool_use`: requests per server tool, each a count; tools it adds later are kept as they come. */
function serverToolUse(u: Fields, path: string): ServerToolUse | null {
  if (u.server_tool_use === undefined || u.server_tool_use === null) return null;
  const used = details(u, 'server_tool_use', path);
  const usePath = `${path}.server_tool_use`;
  return Object.fromEntries(Object.keys(used).map((tool) => [tool, optional(used, tool, usePath)]));
}

const READERS: Record<ProviderUsageFormat, (u: Fields, path: string) => ReadUsage> = {
  // Chat Completions: prompt_tokens counts every prompt token, the cached ones
  // (prompt_tokens_details.cached_tokens) and the ones written to the cache
  // (prompt_tokens_details.cache_write_tokens) included; completion_tokens
  // includes reasoning tokens.
  OPENAI_CHAT: (u, path) => openAiUsage(u, path, { input: 'prompt_tokens', details: 'prompt_tokens_details', output: 'completion_tokens' }),
  // Responses: input_tokens includes input_tokens_details.cached_tokens and
  // .cache_write_tokens; output_tokens includes output_tokens_details.reasoning_tokens.
  OPENAI_RESPONSES: (u, path) => openAiUsage(u, path, { input: 'input_tokens', details: 'input_tokens_details', output: 'output_tokens' }),
  // Messages: input_tokens counts only the tokens neither read from nor written
  // to the cache (those after the last cache breakpoint); the request's whole
  // input is input_tokens + the cache writes + cache_read_input_tokens.
  // The cache counts are null or absent where caching was not used.
  ANTHROPIC: (u, path) => {
    const uncached = required(u, 'input_tokens', path);
    const writes = anthropicCacheWrites(u, path);
    const cachedInputTokens = optional(u, 'cache_read_input_tokens', path);
    return {
      usage: {
        inputTokens: uncached + writes.total + cachedInputTokens,
        cachedInputTokens,
        cacheWriteTokens: writes.total,
        cacheWrite1hTokens: writes.oneHour,
        outputTokens: required(u, 'output_tokens', path),
      },
      serverToolUse: serverToolUse(u, path),
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
      usage: {
        inputTokens: prompt + optional(u, 'toolUsePromptTokenCount', path),
        cachedInputTokens: cached,
        cacheWriteTokens: 0,
        cacheWrite1hTokens: 0,
        outputTokens: optional(u, 'candidatesTokenCount', path) + optional(u, 'thoughtsTokenCount', path),
      },
      serverToolUse: null,
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
    return READERS[format](usage, path);
  } catch (error) {
    if (error instanceof Refused) return { problem: error.problem };
    throw error;
  }
}
