import { normaliseProviderUsage, PROVIDER_TOKEN_COUNT_MAX, type ProviderUsageFormat } from './provider-usage';
import type { UsageRecord } from './turn-cost';

const record = (inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, outputTokens: number): UsageRecord => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
  outputTokens,
});

type Row = [label: string, usage: unknown, expected: UsageRecord];

/** Usage objects in the shape of each provider's documented responses, with the record each stands for. */
const TABLES: Record<ProviderUsageFormat, Row[]> = {
  OPENAI_CHAT: [
    [
      'a plain completion',
      {
        prompt_tokens: 19,
        completion_tokens: 10,
        total_tokens: 29,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      record(19, 0, 0, 10),
    ],
    [
      'a prompt-cache hit: cached tokens are part of prompt_tokens',
      { prompt_tokens: 2006, completion_tokens: 300, total_tokens: 2306, prompt_tokens_details: { cached_tokens: 1920 } },
      record(2006, 1920, 0, 300),
    ],
    [
      'reasoning tokens are part of completion_tokens',
      { prompt_tokens: 75, completion_tokens: 1186, total_tokens: 1261, completion_tokens_details: { reasoning_tokens: 1024 } },
      record(75, 0, 0, 1186),
    ],
    [
      'details null, as compatible servers send',
      { prompt_tokens: 5, completion_tokens: 1, prompt_tokens_details: null },
      record(5, 0, 0, 1),
    ],
  ],
  OPENAI_RESPONSES: [
    [
      'a plain response',
      { input_tokens: 36, input_tokens_details: { cached_tokens: 0 }, output_tokens: 87, output_tokens_details: { reasoning_tokens: 0 } },
      record(36, 0, 0, 87),
    ],
    [
      'a prompt-cache hit with reasoning',
      {
        input_tokens: 5000,
        input_tokens_details: { cached_tokens: 4864 },
        output_tokens: 1186,
        output_tokens_details: { reasoning_tokens: 1024 },
        total_tokens: 6186,
      },
      record(5000, 4864, 0, 1186),
    ],
  ],
  ANTHROPIC: [
    ['no caching', { input_tokens: 2095, output_tokens: 503 }, record(2095, 0, 0, 503)],
    [
      'cache write and read beside input_tokens, which excludes both',
      {
        cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 2051 },
        cache_creation_input_tokens: 2051,
        cache_read_input_tokens: 2051,
        input_tokens: 2095,
        output_tokens: 503,
        server_tool_use: { web_search_requests: 0 },
        service_tier: 'standard',
      },
      record(2095 + 2051 + 2051, 2051, 2051, 503),
    ],
    [
      'a cache read of nearly the whole prompt',
      { input_tokens: 3, cache_creation_input_tokens: 0, cache_read_input_tokens: 18000, output_tokens: 120 },
      record(18003, 18000, 0, 120),
    ],
    [
      'cache counts null where caching was not used',
      { input_tokens: 12, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens: 6 },
      record(12, 0, 0, 6),
    ],
  ],
  GEMINI: [
    ['a plain response', { promptTokenCount: 8, candidatesTokenCount: 120, totalTokenCount: 128 }, record(8, 0, 0, 120)],
    [
      'cached content is part of promptTokenCount',
      { promptTokenCount: 323383, cachedContentTokenCount: 323373, candidatesTokenCount: 1, totalTokenCount: 323384 },
      record(323383, 323373, 0, 1),
    ],
    [
      'thoughts count as output',
      { promptTokenCount: 12, candidatesTokenCount: 251, thoughtsTokenCount: 801, totalTokenCount: 1064 },
      record(12, 0, 0, 1052),
    ],
    [
      'tool-use prompts count as input; zero counts left out',
      { promptTokenCount: 40, toolUsePromptTokenCount: 900, candidatesTokenCount: 60, totalTokenCount: 1000 },
      record(940, 0, 0, 60),
    ],
  ],
};

describe.each(Object.entries(TABLES) as Array<[ProviderUsageFormat, Row[]]>)('%s', (format, rows) => {
  it.each(rows)('%s', (_label, usage, expected) => {
    expect(normaliseProviderUsage(format, usage, 'u')).toEqual({ usage: expected });
  });
});

describe('refusals name the key at fault', () => {
  it.each<[ProviderUsageFormat, unknown, string]>([
    ['ANTHROPIC', [1, 2], 'u'],
    ['ANTHROPIC', 'input_tokens: 3', 'u'],
    ['ANTHROPIC', { output_tokens: 1 }, 'u.input_tokens'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: '12' }, 'u.cache_read_input_tokens'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1.5 }, 'u.output_tokens'],
    ['ANTHROPIC', { input_tokens: -1, output_tokens: 1 }, 'u.input_tokens'],
    ['ANTHROPIC', { input_tokens: PROVIDER_TOKEN_COUNT_MAX + 1, output_tokens: 1 }, 'u.input_tokens'],
    ['OPENAI_CHAT', { input_tokens: 10, output_tokens: 2 }, 'u.prompt_tokens'],
    ['OPENAI_CHAT', { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: 4 }, 'u.prompt_tokens_details'],
    [
      'OPENAI_CHAT',
      { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 11 } },
      'u.prompt_tokens_details.cached_tokens',
    ],
    ['OPENAI_RESPONSES', { prompt_tokens: 10, completion_tokens: 2 }, 'u.input_tokens'],
    ['GEMINI', { candidatesTokenCount: 3 }, 'u.promptTokenCount'],
    ['GEMINI', { promptTokenCount: 10, cachedContentTokenCount: 20 }, 'u.cachedContentTokenCount'],
    ['GEMINI', { promptTokenCount: 10, thoughtsTokenCount: '5' }, 'u.thoughtsTokenCount'],
    ['GEMINI', { promptTokenCount: 10, note: 'x'.repeat(5000) }, 'u'],
  ])('%s %j: %s', (format, usage, field) => {
    expect(normaliseProviderUsage(format, usage, 'u').problem?.field).toBe(field);
  });

  it('leaves keys the format does not read alone: providers add counts', () => {
    const usage = { input_tokens: 10, output_tokens: 2, input_tokens_details: { cached_tokens: null, x: 1 }, output_tokens_details: 'n/a' };
    expect(normaliseProviderUsage('OPENAI_RESPONSES', usage, 'u')).toEqual({ usage: record(10, 0, 0, 2) });
  });
});
