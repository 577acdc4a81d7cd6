import {
  AbandonTurnDocument,
  BeginTurnDocument,
  CompleteTurnWithProviderUsageDocument,
  RecordToolCallsDocument,
  SetModelPriceDocument,
  TurnRecordDocument,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
let geminiAgentId: string;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  [{ adminKey: key }] = await world.organizations(['Turn outcomes org']);
  await world.channels(key, [{ key: 'web', name: 'Web' }]);
  await world.tools(key, [
    {
      name: 'search_orders',
      description: 'Finds orders by customer, status and date range.',
      inputSchema: {
        type: 'object',
        properties: { customer: { type: 'string' }, status: { type: 'string', enum: ['open', 'shipped', 'returned'] } },
        required: ['customer'],
      },
    },
    {
      name: 'refund_order',
      description: 'Refunds an order in full.',
      inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
    },
  ]);
  [{ id: agentId }, { id: geminiAgentId }] = await world.agents(key, [
    { name: 'Sonnet agent', model: 'anthropic/claude-sonnet-4-5' },
    { name: 'Gemini twin', model: 'google/gemini-2.5-flash' },
  ]);
  for (const [model, input, output] of [
    ['anthropic/claude-sonnet-4-5', 3, 15],
    ['google/gemini-2.5-flash', 0.3, 2.5],
  ] as const)
    await t.ok(key, SetModelPriceDocument, {
      input: { model, inputUsdPerMTok: input, cachedInputUsdPerMTok: 0, outputUsdPerMTok: output },
    });
});
afterAll(() => t.stop());

async function newTurn(agent = agentId): Promise<string> {
  const conversationId = await world.startConversation(key, { agentId: agent });
  return (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn.id;
}

/** Completes the turn with what the provider answered, in its format (and the model it named). */
const complete = (
  as: string,
  turnId: string,
  providerUsage: { format: 'ANTHROPIC' | 'GEMINI' | 'OPENAI_CHAT'; usage: unknown; model?: string },
) => t.gql(as, CompleteTurnWithProviderUsageDocument, { turnId, providerUsage });
const abandon = (as: string, turnId: string, reason: string) => t.gql(as, AbandonTurnDocument, { turnId, reason });

const turnOf = async (id: string) => (await t.ok(key, TurnRecordDocument, { id })).turn!;
const GEMINI_USAGE = { promptTokenCount: 1000, candidatesTokenCount: 100 };

describe('a turn priced at the model called', () => {
  it('prices a Gemini request of an Anthropic agent at Gemini’s price, its tool share as Gemini counts the tools', async () => {
    const id = await newTurn();
    const done = await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'GEMINI', usage: GEMINI_USAGE, model: 'gemini-2.5-flash' },
    });
    expect(done.completeTurnWithProviderUsage.modelCalled).toBe('google/gemini-2.5-flash');
    const geminiTokens = (await world.toolbox(key, { agentId: geminiAgentId })).schemaTokens;
    const sonnetTokens = (await world.toolbox(key, { agentId })).schemaTokens;
    expect(geminiTokens).not.toBe(sonnetTokens);
    const { amountUsd, toolDefinitionShare } = (await turnOf(id)).cost!;
    expect({ amountUsd, toolDefinitionShare }).toEqual({
      amountUsd: (1000 * 0.3 + 100 * 2.5) / 1e6,
      toolDefinitionShare: geminiTokens / 1000,
    });
  });

  it('prices a dated snapshot at its model’s price, and names the model the provider answered with', async () => {
    const id = await newTurn();
    await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'ANTHROPIC', usage: { input_tokens: 2000, output_tokens: 500 }, model: 'claude-sonnet-4-5-20250929' },
    });
    const turn = await turnOf(id);
    expect(turn.modelCalled).toBe('anthropic/claude-sonnet-4-5-20250929');
    expect(turn.cost!.amountUsd).toBeCloseTo((2000 * 3 + 500 * 15) / 1e6, 12);
  });

  it('prices a model that had no price with the first price set for it, dated snapshots included', async () => {
    const id = await newTurn();
    await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'OPENAI_CHAT', usage: { prompt_tokens: 4000, completion_tokens: 1000 }, model: 'gpt-4o-2024-08-06' },
    });
    expect((await turnOf(id)).cost!.amountUsd).toBeNull();
    await t.ok(key, SetModelPriceDocument, {
      input: { model: 'openai/gpt-4o', inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10 },
    });
    expect((await turnOf(id)).cost!.amountUsd).toBeCloseTo((4000 * 2.5 + 1000 * 10) / 1e6, 12);
  });

  it('refuses a usage object of another provider than the turn’s model, or a model called of another provider than the object’s; nothing is stored', async () => {
    const id = await newTurn();
    const wrongFormat = await complete(key, id, { format: 'GEMINI', usage: GEMINI_USAGE });
    expect({ code: codeOf(wrongFormat), field: wrongFormat.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'providerUsage.format',
    });
    const wrongModel = await complete(key, id, { format: 'GEMINI', usage: GEMINI_USAGE, model: 'anthropic/claude-opus-4-1' });
    expect({ code: codeOf(wrongModel), field: wrongModel.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'providerUsage.model',
    });
    expect(await turnOf(id)).toMatchObject({ completedAt: null, usage: null, modelCalled: null });
    // The same object with the model it came from is taken.
    await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'GEMINI', usage: GEMINI_USAGE, model: 'gemini-2.5-flash' },
    });
  });
});

describe('an abandoned turn', () => {
  it('says why, has no usage or cost, counts apart, and is never completed afterwards', async () => {
    const id = await newTurn();
    const abandoned = await t.ok(key, AbandonTurnDocument, { turnId: id, reason: ' 529 overloaded_error from the provider ' });
    expect(abandoned.abandonTurn).toMatchObject({ abandonedReason: '529 overloaded_error from the provider', completedAt: null });
    expect(await turnOf(id)).toMatchObject({
      abandonedReason: '529 overloaded_error from the provider',
      usage: null,
      cost: null,
      conversation: { turnCount: 1, abandonedTurnCount: 1 },
    });
    // A runtime that sends the same abandonment again (its answer was lost) gets the turn as it is.
    expect(
      (await t.ok(key, AbandonTurnDocument, { turnId: id, reason: '529 overloaded_error from the provider' })).abandonTurn,
    ).toMatchObject({ abandonedReason: '529 overloaded_error from the provider' });
    const other = await abandon(key, id, 'timeout');
    expect({ code: codeOf(other), message: other.errors?.[0]?.message }).toEqual({
      code: 'CONFLICT',
      message: 'This turn was already abandoned: 529 overloaded_error from the provider',
    });
    const completed = await complete(key, id, { format: 'ANTHROPIC', usage: { input_tokens: 1, output_tokens: 1 } });
    expect({ code: codeOf(completed), field: completed.errors?.[0]?.extensions?.field }).toEqual({ code: 'CONFLICT', field: 'turnId' });
  });

  it('refuses to abandon a completed turn, or for no reason, or for a reason past 200 characters', async () => {
    const id = await newTurn();
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const refused = await abandon(key, id, reason);
      expect({ code: codeOf(refused), field: refused.errors?.[0]?.extensions?.field }).toEqual({ code: 'BAD_USER_INPUT', field: 'reason' });
    }
    await t.ok(key, CompleteTurnWithProviderUsageDocument, {
      turnId: id,
      providerUsage: { format: 'ANTHROPIC', usage: { input_tokens: 10, output_tokens: 2 } },
    });
    const late = await abandon(key, id, 'network');
    expect({ code: codeOf(late), message: late.errors?.[0]?.message }).toEqual({
      code: 'CONFLICT',
      message: 'This turn is already completed',
    });
  });

  it('is closed by a RUNTIME key, not a VIEWER', async () => {
    const id = await newTurn();
    const viewer = await t.createKey(key, 'VIEWER');
    expect(codeOf(await abandon(viewer, id, 'network'))).toBe('FORBIDDEN');
    const runtime = await t.createKey(key, 'RUNTIME');
    expect((await t.ok(runtime, AbandonTurnDocument, { turnId: id, reason: 'network' })).abandonTurn.abandonedReason).toBe('network');
  });
});

describe("a turn's calls", () => {
  const conversationOf = async (turnId: string) => (await turnOf(turnId)).conversation.id;

  it('lists the calls recorded with the turn named, once however often they are sent, in the order they came', async () => {
    const turnId = await newTurn();
    const conversationId = await conversationOf(turnId);
    const calls = [
      { conversationId, turnId, toolName: 'search_orders', isError: false, idempotencyKey: `${turnId}:1`, durationMs: 0 },
      { conversationId, turnId, toolName: 'refund_order', isError: true, idempotencyKey: `${turnId}:2` },
      { conversationId, turnId, toolName: 'search_orders', isError: false, idempotencyKey: `${turnId}:3`, durationMs: 1250 },
    ];
    expect((await t.ok(key, RecordToolCallsDocument, { calls })).recordToolCalls).toEqual({ accepted: 3, duplicates: 0 });
    expect((await t.ok(key, RecordToolCallsDocument, { calls })).recordToolCalls).toEqual({ accepted: 0, duplicates: 3 });
    expect((await turnOf(turnId)).toolCalls).toEqual([
      { toolName: 'search_orders', isError: false, durationMs: 0 },
      { toolName: 'refund_order', isError: true, durationMs: null },
      { toolName: 'search_orders', isError: false, durationMs: 1250 },
    ]);
  });

  it("says nothing of an MCP client's list for a runtime's turn", async () => {
    const turnId = await newTurn();
    const { notListed, conversation } = await turnOf(turnId);
    expect({ notListed, source: conversation.source }).toEqual({ notListed: null, source: 'RUNTIME' });
  });

  it('refuses a duration below 0 or past a day, naming the call, and writes nothing of the batch', async () => {
    const turnId = await newTurn();
    const conversationId = await conversationOf(turnId);
    for (const [durationMs, index] of [
      [-1, 1],
      [86_400_001, 1],
    ]) {
      const refused = await t.gql(key, RecordToolCallsDocument, {
        calls: [
          { conversationId, turnId, toolName: 'search_orders', isError: false, durationMs: 5 },
          { conversationId, turnId, toolName: 'search_orders', isError: false, durationMs },
        ],
      });
      expect({ code: codeOf(refused), field: refused.errors?.[0]?.extensions?.field }).toEqual({
        code: 'BAD_USER_INPUT',
        field: `calls[${index}].durationMs`,
      });
    }
    expect((await turnOf(turnId)).toolCalls).toEqual([]);
  });

  it('refuses a turn of another conversation, or a turn without its conversation, naming the call, and writes nothing of the batch', async () => {
    const [first, second] = [await newTurn(), await newTurn()];
    const conversationId = await conversationOf(first);
    const batch = [
      { conversationId, turnId: first, toolName: 'search_orders', isError: false, idempotencyKey: `${first}:x` },
      { conversationId, turnId: second, toolName: 'search_orders', isError: false, idempotencyKey: `${second}:x` },
    ];
    const refused = await t.gql(key, RecordToolCallsDocument, { calls: batch });
    expect({ code: codeOf(refused), field: refused.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'calls[1].turnId',
    });
    expect((await turnOf(first)).toolCalls).toEqual([]);
    // Its key was not claimed either: the valid call alone is counted now.
    expect((await t.ok(key, RecordToolCallsDocument, { calls: [batch[0]] })).recordToolCalls).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    const alone = await t.gql(key, RecordToolCallsDocument, { calls: [{ turnId: first, toolName: 'search_orders', isError: false }] });
    expect({ code: codeOf(alone), field: alone.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'calls[0].turnId',
    });
  });
});
