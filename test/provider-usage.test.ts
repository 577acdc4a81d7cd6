import {
  BeginTurnDocument,
  CompleteTurnDocument,
  CompleteTurnWithProviderUsageDocument,
  SetModelPriceDocument,
  TurnRecordDocument,
  type ProviderUsageFormat,
  type TurnRecordQuery,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let key: string;
/** One agent of each provider family, alike but for the model: a usage object is taken on a turn of its own provider's model. */
const conversations: Record<string, string> = {};

/** An included-credits organisation, so credits are compared too, with priced models and agents carrying one tool each. */
beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  key = (await world.organizationOf({ name: 'Provider usage org', fundingModel: 'INCLUDED_CREDITS' })).adminKey;
  for (const model of ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'google/gemini-2.5-flash']) {
    const [agent] = await world.agents(key, [{ name: model, model }]);
    await world.tools(key, [
      {
        name: 'lookup',
        description: 'Looks a record up',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
        agentId: agent.id,
      },
    ]);
    await t.ok(key, SetModelPriceDocument, {
      input: {
        model,
        inputUsdPerMTok: 3,
        cachedInputUsdPerMTok: 0.3,
        cacheWriteUsdPerMTok: 3.75,
        outputUsdPerMTok: 15,
        creditsPerMTok: 50,
      },
    });
    conversations[model.slice(0, model.indexOf('/'))] = await world.startConversation(key, { agentId: agent.id });
  }
});
afterAll(() => t.stop());

type Format = ProviderUsageFormat;

interface Usage {
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  cacheWrite1hTokens: number;
  outputTokens: number;
}

type ReadTurn = NonNullable<TurnRecordQuery['turn']>;

const FAMILY: Record<Format, string> = { OPENAI_CHAT: 'openai', OPENAI_RESPONSES: 'openai', ANTHROPIC: 'anthropic', GEMINI: 'google' };

/** A turn of the agent whose model is of the format's provider. */
const begin = async (format: Format = 'OPENAI_CHAT'): Promise<string> =>
  (await t.ok(key, BeginTurnDocument, { conversationId: conversations[FAMILY[format]] })).beginTurn.id;
const read = async (id: string): Promise<ReadTurn> => (await t.ok(key, TurnRecordDocument, { id })).turn!;

const usage = (inputTokens: number, cachedInputTokens: number, cacheWriteTokens: number, outputTokens: number, cacheWrite1hTokens = 0) => ({
  inputTokens,
  cachedInputTokens,
  cacheWriteTokens,
  cacheWrite1hTokens,
  outputTokens,
});

/** Each provider's usage object in its documented shape, and the explicit usage it stands for. */
const CASES: Array<[Format, Record<string, unknown>, Usage]> = [
  [
    'OPENAI_CHAT',
    {
      prompt_tokens: 2006,
      completion_tokens: 300,
      total_tokens: 2306,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 128, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
    },
    usage(2006, 1920, 0, 300),
  ],
  [
    'OPENAI_CHAT',
    {
      prompt_tokens: 3000,
      completion_tokens: 40,
      total_tokens: 3040,
      prompt_tokens_details: { cached_tokens: 1024, cache_write_tokens: 256, audio_tokens: 0 },
    },
    usage(3000, 1024, 256, 40),
  ],
  [
    'OPENAI_RESPONSES',
    {
      input_tokens: 5000,
      input_tokens_details: { cached_tokens: 4864, cache_write_tokens: 0 },
      output_tokens: 1186,
      output_tokens_details: { reasoning_tokens: 1024 },
    },
    usage(5000, 4864, 0, 1186),
  ],
  [
    'OPENAI_RESPONSES',
    {
      input_tokens: 2000,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 256 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
    },
    usage(2000, 0, 256, 10),
  ],
  [
    'ANTHROPIC',
    {
      input_tokens: 2095,
      cache_creation_input_tokens: 2051,
      cache_read_input_tokens: 2051,
      cache_creation: { ephemeral_5m_input_tokens: 2051, ephemeral_1h_input_tokens: 0 },
      output_tokens: 503,
      server_tool_use: { web_search_requests: 0 },
      service_tier: 'standard',
    },
    usage(2095 + 2051 + 2051, 2051, 2051, 503),
  ],
  [
    'ANTHROPIC',
    {
      input_tokens: 20,
      cache_creation_input_tokens: 1500,
      cache_read_input_tokens: 4000,
      cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 1200 },
      output_tokens: 90,
    },
    usage(20 + 1500 + 4000, 4000, 1500, 90, 1200),
  ],
  [
    'GEMINI',
    { promptTokenCount: 3000, cachedContentTokenCount: 2048, candidatesTokenCount: 251, thoughtsTokenCount: 801, totalTokenCount: 4052 },
    usage(3000, 2048, 0, 1052),
  ],
];

describe.each(CASES)('%s usage as the provider returns it', (format, usage, explicit) => {
  it('stores the figures, cost and tool-definition share of the equivalent explicit usage, and keeps the object', async () => {
    const [raw, plain] = [await begin(format), await begin(format)];
    const done = (
      await t.ok(key, CompleteTurnWithProviderUsageDocument, {
        turnId: raw,
        providerUsage: { format, usage, providerCacheMissReason: 'tools_changed' },
      })
    ).completeTurnWithProviderUsage;
    expect(done.usage).toMatchObject(explicit);
    await t.ok(key, CompleteTurnDocument, { turnId: plain, usage: { ...explicit, providerCacheMissReason: 'tools_changed' } });

    const [fromRaw, fromPlain] = [await read(raw), await read(plain)];
    expect({ ...fromRaw.usage, serverToolUse: null }).toEqual(fromPlain.usage);
    expect(fromRaw.cost).toEqual(fromPlain.cost);
    // The model's price: input 3, cached 0.3, cache write 3.75, the 1-hour write left to its default (2 x 3), output 15.
    expect(fromRaw.cost!.amountUsd).toBeCloseTo(
      ((explicit.inputTokens - explicit.cachedInputTokens - explicit.cacheWriteTokens) * 3 +
        explicit.cachedInputTokens * 0.3 +
        (explicit.cacheWriteTokens - explicit.cacheWrite1hTokens) * 3.75 +
        explicit.cacheWrite1hTokens * 6 +
        explicit.outputTokens * 15) /
        1e6,
      12,
    );
    expect(fromRaw.cost!.credits).toBeCloseTo((50 * (explicit.inputTokens + explicit.outputTokens)) / 1e6, 12);
    expect(fromRaw.cost!.toolDefinitionShare).toBeCloseTo(fromRaw.toolbox.schemaTokens / explicit.inputTokens, 12);
    expect(fromRaw.providerCacheMissReason).toBe('tools_changed');
    expect(fromRaw.providerUsage).toEqual({ format, usage });
    expect(fromPlain.providerUsage).toBeNull();
  });
});

describe('cache writes as current SDKs report them', () => {
  const cost = async (format: Format, sent: Record<string, unknown>) => {
    const id = await begin(format);
    const done = (await t.ok(key, CompleteTurnWithProviderUsageDocument, { turnId: id, providerUsage: { format, usage: sent } }))
      .completeTurnWithProviderUsage;
    return { usage: done.usage!, amountUsd: done.cost!.amountUsd };
  };

  it.each<[Format, Record<string, unknown>]>([
    ['OPENAI_CHAT', { prompt_tokens: 1000, completion_tokens: 0, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 256 } }],
    ['OPENAI_RESPONSES', { input_tokens: 1000, output_tokens: 0, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 256 } }],
  ])('%s: 256 cache_write_tokens are 256 cache-write tokens, priced at the cache-write rate', async (format, sent) => {
    const turn = await cost(format, sent);
    expect(turn.usage).toMatchObject({ inputTokens: 1000, cacheWriteTokens: 256, cacheWrite1hTokens: 0 });
    // 744 plain input tokens at 3 and 256 written to the cache at 3.75 per million.
    expect(turn.amountUsd).toBeCloseTo((744 * 3 + 256 * 3.75) / 1e6, 12);
  });

  it('Anthropic: a million tokens written to the 1-hour cache cost 6, to the 5-minute cache 3.75', async () => {
    const written = (ttl: '5m' | '1h') => ({
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 1_000_000,
      cache_creation: { ephemeral_5m_input_tokens: ttl === '5m' ? 1_000_000 : 0, ephemeral_1h_input_tokens: ttl === '1h' ? 1_000_000 : 0 },
    });
    const hour = await cost('ANTHROPIC', written('1h'));
    expect(hour.usage).toMatchObject({ cacheWriteTokens: 1_000_000, cacheWrite1hTokens: 1_000_000 });
    expect(hour.amountUsd).toBeCloseTo(6, 12);
    const minutes = await cost('ANTHROPIC', written('5m'));
    expect(minutes.usage).toMatchObject({ cacheWriteTokens: 1_000_000, cacheWrite1hTokens: 0 });
    expect(minutes.amountUsd).toBeCloseTo(3.75, 12);
  });
});

describe("Anthropic's server tool use", () => {
  it('appears on the turn as its counts, unpriced, and is kept in the usage object', async () => {
    const id = await begin('ANTHROPIC');
    const sent = { input_tokens: 900, output_tokens: 300, server_tool_use: { web_search_requests: 3, web_fetch_requests: 1 } };
    await t.ok(key, CompleteTurnWithProviderUsageDocument, { turnId: id, providerUsage: { format: 'ANTHROPIC', usage: sent } });
    const turn = await read(id);
    expect(turn.usage!.serverToolUse).toEqual({ web_search_requests: 3, web_fetch_requests: 1 });
    expect(turn.cost!.amountUsd).toBeCloseTo((900 * 3 + 300 * 15) / 1e6, 12);
    expect(turn.providerUsage!.usage).toEqual(sent);
  });

  it('is null where the usage object has none, and on explicit usage', async () => {
    const [raw, plain] = [await begin('ANTHROPIC'), await begin('ANTHROPIC')];
    await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: raw,
      providerUsage: { format: 'ANTHROPIC', usage: { input_tokens: 9, output_tokens: 3 } },
    });
    await t.ok(key, CompleteTurnDocument, { turnId: plain, usage: { inputTokens: 9, outputTokens: 3 } });
    expect((await read(raw)).usage!.serverToolUse).toBeNull();
    expect((await read(plain)).usage!.serverToolUse).toBeNull();
  });
});

it('refuses explicit 1-hour cache writes beyond the cache writes, naming them', async () => {
  const id = await begin();
  const result = await t.gql(key, CompleteTurnDocument, {
    turnId: id,
    usage: { inputTokens: 1000, cacheWriteTokens: 100, cacheWrite1hTokens: 101, outputTokens: 1 },
  });
  expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'usage.cacheWrite1hTokens' });
  expect((await read(id)).completedAt).toBeNull();
});

it("refuses Anthropic's input_tokens passed through as explicit inputTokens: they exclude the cache counts", async () => {
  const id = await begin();
  const result = await t.gql(key, CompleteTurnDocument, {
    turnId: id,
    usage: { inputTokens: 2095, cachedInputTokens: 2051, cacheWriteTokens: 2051, outputTokens: 503 },
  });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect((await read(id)).usage).toBeNull();
});

describe('a usage object of the wrong shape is refused naming the key, and nothing is stored', () => {
  const MALFORMED: Array<[Format, unknown, string]> = [
    ['OPENAI_CHAT', { input_tokens: 10, output_tokens: 2 }, 'providerUsage.usage.prompt_tokens'],
    [
      'OPENAI_CHAT',
      { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 11 } },
      'providerUsage.usage.prompt_tokens_details.cached_tokens',
    ],
    ['OPENAI_RESPONSES', { input_tokens: 10, output_tokens: '2' }, 'providerUsage.usage.output_tokens'],
    ['OPENAI_RESPONSES', { input_tokens: 10, output_tokens: 2, input_tokens_details: [1] }, 'providerUsage.usage.input_tokens_details'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: '12' }, 'providerUsage.usage.cache_read_input_tokens'],
    ['ANTHROPIC', { input_tokens: -3, output_tokens: 1 }, 'providerUsage.usage.input_tokens'],
    [
      'OPENAI_CHAT',
      { prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 6, cache_write_tokens: 5 } },
      'providerUsage.usage.prompt_tokens_details.cache_write_tokens',
    ],
    [
      'OPENAI_RESPONSES',
      { input_tokens: 10, output_tokens: 2, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 11 } },
      'providerUsage.usage.input_tokens_details.cache_write_tokens',
    ],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 10, cache_creation: { ephemeral_1h_input_tokens: 11 } },
      'providerUsage.usage.cache_creation.ephemeral_1h_input_tokens',
    ],
    [
      'ANTHROPIC',
      { input_tokens: 1, output_tokens: 1, server_tool_use: { web_search_requests: '3' } },
      'providerUsage.usage.server_tool_use.web_search_requests',
    ],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, server_tool_use: [1] }, 'providerUsage.usage.server_tool_use'],
    ['GEMINI', { candidatesTokenCount: 3, totalTokenCount: 3 }, 'providerUsage.usage.promptTokenCount'],
    ['GEMINI', { promptTokenCount: 10, thoughtsTokenCount: 1.5 }, 'providerUsage.usage.thoughtsTokenCount'],
    ['GEMINI', 'promptTokenCount: 10', 'providerUsage.usage'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, note: 'x'.repeat(5000) }, 'providerUsage.usage'],
    ['ANTHROPIC', { input_tokens: 1, output_tokens: 1, ['a\u0000b']: 1 }, 'providerUsage.usage'],
  ];

  it.each(MALFORMED)('%s %j', async (format, usage, field) => {
    const id = await begin();
    const result = await t.gql(key, CompleteTurnWithProviderUsageDocument, { turnId: id, providerUsage: { format, usage } });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe(field);
    const after = await read(id);
    expect([after.completedAt, after.usage, after.providerUsage]).toEqual([null, null, null]);
  });

  it('refuses a long cache-miss reason under providerUsage', async () => {
    const id = await begin();
    const providerUsage = {
      format: 'ANTHROPIC',
      usage: { input_tokens: 1, output_tokens: 1 },
      providerCacheMissReason: 'x'.repeat(201),
    } as const;
    const result = await t.gql(key, CompleteTurnWithProviderUsageDocument, { turnId: id, providerUsage });
    expect(result.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'providerUsage.providerCacheMissReason' });
    expect((await read(id)).completedAt).toBeNull();
  });

  it('refuses completing a turn twice, whichever way it was completed', async () => {
    const id = await begin();
    await t.ok(key, CompleteTurnDocument, { turnId: id, usage: { inputTokens: 10, outputTokens: 1 } });
    const result = await t.gql(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'GEMINI', usage: { promptTokenCount: 99 } },
    });
    expect(codeOf(result)).toBe('CONFLICT');
    expect(await read(id)).toMatchObject({ usage: { inputTokens: 10 }, providerUsage: null });
  });
});
