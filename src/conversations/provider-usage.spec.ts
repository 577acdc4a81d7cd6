import { normaliseProviderUsage, PROVIDER_TOKEN_COUNT_MAX, type ProviderUsageFormat } from './provider-usage';
import { TURN_TOKENS_MAX, type UsageRecord } from './turn-cost';

const record = (
  inputTokens: number,
  cachedInputTokens: number,
  cacheWriteTokens: number,
  outputTokens: number,
  cacheWrite1hTokens = 0,
): UsageRecord => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
  cacheWrite1hTokens,
  outputTokens,
});

type Row = [label: string, usage: unknown, expected: UsageRecord, serverToolUse?: Record<string, number>];

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
    [
      'cache writes are part of prompt_tokens, beside the cached tokens',
      {
        prompt_tokens: 3000,
        completion_tokens: 40,
        prompt_tokens_details: { cached_tokens: 1024, cache_write_tokens: 256, audio_tokens: 0 },
      },
      record(3000, 1024, 256, 40),
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
    [
      'a cache write',
      {
        input_tokens: 2000,
        input_tokens_details: { cached_tokens: 0, cache_write_tokens: 256 },
        output_tokens: 10,
        output_tokens_details: { reasoning_tokens: 0 },
      },
      record(2000, 0, 256, 10),
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
      { web_search_requests: 0 },
    ],
    [
      'cache writes split by TTL: the 1-hour ones are part of cache_creation_input_tokens',
      {
        cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 1200 },
        cache_creation_input_tokens: 1500,
        cache_read_input_tokens: 4000,
        input_tokens: 20,
        output_tokens: 90,
      },
      record(20 + 1500 + 4000, 4000, 1500, 90, 1200),
    ],
    [
      'cache_creation without cache_creation_input_tokens: the writes are its sum',
      { cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 50 }, input_tokens: 10, output_tokens: 5 },
      record(160, 0, 150, 5, 50),
    ],
    [
      'cache_creation_input_tokens above the split: the rest are 5-minute writes',
      { cache_creation: { ephemeral_1h_input_tokens: 50 }, cache_creation_input_tokens: 400, input_tokens: 10, output_tokens: 5 },
      record(410, 0, 400, 5, 50),
    ],
    [
      'cache_creation null, as before the split was reported',
      { cache_creation: null, cache_creation_input_tokens: 700, input_tokens: 10, output_tokens: 5 },
      record(710, 0, 700, 5),
    ],
    [
      'server tool use kept as its counts, unknown ones included',
      {
        input_tokens: 900,
        output_tokens: 300,
        server_tool_use: { web_search_requests: 3, web_fetch_requests: 1, code_execution_requests: 2 },
      },
      record(900, 0, 0, 300),
      { web_search_requests: 3, web_fetch_requests: 1, code_execution_requests: 2 },
    ],
    ['server_tool_use null', { input_tokens: 9, output_tokens: 3, server_tool_use: null }, record(9, 0, 0, 3)],
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
  it.each(rows.map(([label, usage, expected, serverToolUse]) => ({ label, usage, expected, serverToolUse: serverToolUse ?? null })))(
    '$label',
    ({ usage, expected, serverToolUse }) => {
      expect(normaliseProviderUsage(format, usage, 'u')).toEqual({ usage: expected, serverToolUse });
    },
  );
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
    [
      'OPENAI_CHAT',
      { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 6, cache_write_tokens: 5 } },
      'u.prompt_tokens_details.cache_write_tokens',
    ],
    [
      'OPENAI_CHAT',
      { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cache_write_tokens: 2.5 } },
      'u.prompt_tokens_details.cache_write_tokens',
    ],
    ['OPENAI_RESPONSES', { prompt_tokens: 10, completion_tokens: 2 }, 'u.input_tokens'],
    [
      'OPENAI_RESPONSES',
      { input_tokens: 10, output_tokens: 2, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 11 } },
      'u.input_tokens_details.cache_write_tokens',
    ],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, cache_creation: 7 }, 'u.cache_creation'],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 10, cache_creation: { ephemeral_1h_input_tokens: 11 } },
      'u.cache_creation.ephemeral_1h_input_tokens',
    ],
    [
      'ANTHROPIC',
      {
        input_tokens: 1,
        output_tokens: 1,
        cache_creation_input_tokens: 10,
        cache_creation: { ephemeral_5m_input_tokens: 6, ephemeral_1h_input_tokens: 5 },
      },
      'u.cache_creation.ephemeral_5m_input_tokens',
    ],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, cache_creation: { ephemeral_5m_input_tokens: -1 } },
      'u.cache_creation.ephemeral_5m_input_tokens',
    ],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, server_tool_use: [3] }, 'u.server_tool_use'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, server_tool_use: 3 }, 'u.server_tool_use'],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, server_tool_use: { web_search_requests: '3' } },
      'u.server_tool_use.web_search_requests',
    ],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, server_tool_use: { web_fetch_requests: 1.5 } },
      'u.server_tool_use.web_fetch_requests',
    ],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, server_tool_use: { web_search_requests: { n: 1 } } },
      'u.server_tool_use.web_search_requests',
    ],
    ['GEMINI', { candidatesTokenCount: 3 }, 'u.promptTokenCount'],
    ['GEMINI', { promptTokenCount: 10, cachedContentTokenCount: 20 }, 'u.cachedContentTokenCount'],
    ['GEMINI', { promptTokenCount: 10, thoughtsTokenCount: '5' }, 'u.thoughtsTokenCount'],
    ['GEMINI', { promptTokenCount: 10, note: 'x'.repeat(5000) }, 'u'],
  ])('%s %j: %s', (format, usage, field) => {
    expect(normaliseProviderUsage(format, usage, 'u').problem?.field).toBe(field);
  });

  it('reads the most every Anthropic count may be into a record a turn can store', () => {
    const most = PROVIDER_TOKEN_COUNT_MAX;
    const usage = {
      input_tokens: most,
      cache_read_input_tokens: most,
      cache_creation: { ephemeral_5m_input_tokens: most, ephemeral_1h_input_tokens: most },
      output_tokens: most,
    };
    const read = normaliseProviderUsage('ANTHROPIC', usage, 'u').usage!;
    expect(read).toEqual(record(4 * most, most, 2 * most, most, most));
    expect(read.inputTokens).toBeLessThanOrEqual(TURN_TOKENS_MAX);
  });

  it('leaves keys the format does not read alone: providers add counts', () => {
    const usage = { input_tokens: 10, output_tokens: 2, input_tokens_details: { cached_tokens: null, x: 1 }, output_tokens_details: 'n/a' };
    expect(normaliseProviderUsage('OPENAI_RESPONSES', usage, 'u')).toEqual({ usage: record(10, 0, 0, 2), serverToolUse: null });
  });
});
