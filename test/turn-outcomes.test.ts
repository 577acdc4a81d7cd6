import { codeOf, startTestServer, typed, type Created, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let key: string;
let agentId: string;
let geminiAgentId: string;
beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
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
    await t.ok(
      key,
      `mutation($m: String!, $i: Float!, $o: Float!) { setModelPrice(input: { model: $m, inputUsdPerMTok: $i, cachedInputUsdPerMTok: 0, outputUsdPerMTok: $o }) { model } }`,
      { m: model, i: input, o: output },
    );
});
afterAll(() => t.stop());

const TURN = typed<{
  turn: {
    modelCalled: string | null;
    abandonedReason: string | null;
    completedAt: string | null;
    usage: { inputTokens: number } | null;
    cost: { amountUsd: number | null; toolDefinitionShare: number } | null;
    conversation: { turnCount: number; abandonedTurnCount: number };
  } | null;
}>(
  `query($id: ID!) { turn(id: $id) { modelCalled abandonedReason completedAt usage { inputTokens }
     cost { amountUsd toolDefinitionShare } conversation { turnCount abandonedTurnCount } } }`,
);
const COMPLETE = `mutation($id: ID!, $p: ProviderUsageInput!) { completeTurnWithProviderUsage(turnId: $id, providerUsage: $p) { id modelCalled } }`;
const ABANDON = `mutation($id: ID!, $r: String!) { abandonTurn(turnId: $id, reason: $r) { id abandonedReason completedAt } }`;

async function newTurn(agent = agentId): Promise<string> {
  const conversation = (
    await t.ok<Created<'startConversation'>>(
      key,
      `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
      {
        a: agent,
      },
    )
  ).startConversation.id;
  return (await t.ok<Created<'beginTurn'>>(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation }))
    .beginTurn.id;
}

const turnOf = async (id: string) => (await t.ok(key, TURN, { id })).turn!;
const GEMINI_USAGE = { promptTokenCount: 1000, candidatesTokenCount: 100 };

describe('a turn priced at the model called', () => {
  it('prices a Gemini request of an Anthropic agent at Gemini’s price, its tool share as Gemini counts the tools', async () => {
    const id = await newTurn();
    const done = await t.ok<{ completeTurnWithProviderUsage: { modelCalled: string } }>(key, COMPLETE, {
      id,
      p: { format: 'GEMINI', usage: GEMINI_USAGE, model: 'gemini-2.5-flash' },
    });
    expect(done.completeTurnWithProviderUsage.modelCalled).toBe('google/gemini-2.5-flash');
    const geminiTokens = (
      await t.ok<{ toolbox: { schemaTokens: number } }>(key, `query($a: ID!) { toolbox(agentId: $a, channel: "web") { schemaTokens } }`, {
        a: geminiAgentId,
      })
    ).toolbox.schemaTokens;
    const sonnetTokens = (
      await t.ok<{ toolbox: { schemaTokens: number } }>(key, `query($a: ID!) { toolbox(agentId: $a, channel: "web") { schemaTokens } }`, {
        a: agentId,
      })
    ).toolbox.schemaTokens;
    expect(geminiTokens).not.toBe(sonnetTokens);
    expect((await turnOf(id)).cost).toEqual({ amountUsd: (1000 * 0.3 + 100 * 2.5) / 1e6, toolDefinitionShare: geminiTokens / 1000 });
  });

  it('prices a dated snapshot at its model’s price, and names the model the provider answered with', async () => {
    const id = await newTurn();
    await t.ok(key, COMPLETE, {
      id,
      p: { format: 'ANTHROPIC', usage: { input_tokens: 2000, output_tokens: 500 }, model: 'claude-sonnet-4-5-20250929' },
    });
    const turn = await turnOf(id);
    expect(turn.modelCalled).toBe('anthropic/claude-sonnet-4-5-20250929');
    expect(turn.cost!.amountUsd).toBeCloseTo((2000 * 3 + 500 * 15) / 1e6, 12);
  });

  it('prices a model that had no price with the first price set for it, dated snapshots included', async () => {
    const id = await newTurn();
    await t.ok(key, COMPLETE, {
      id,
      p: { format: 'OPENAI_CHAT', usage: { prompt_tokens: 4000, completion_tokens: 1000 }, model: 'gpt-4o-2024-08-06' },
    });
    expect((await turnOf(id)).cost!.amountUsd).toBeNull();
    await t.ok(
      key,
      `mutation { setModelPrice(input: { model: "openai/gpt-4o", inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10 }) { model } }`,
    );
    expect((await turnOf(id)).cost!.amountUsd).toBeCloseTo((4000 * 2.5 + 1000 * 10) / 1e6, 12);
  });

  it('refuses a usage object of another provider than the turn’s model, or a model called of another provider than the object’s; nothing is stored', async () => {
    const id = await newTurn();
    const wrongFormat = await t.gql(key, COMPLETE, { id, p: { format: 'GEMINI', usage: GEMINI_USAGE } });
    expect({ code: codeOf(wrongFormat), field: wrongFormat.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'providerUsage.format',
    });
    const wrongModel = await t.gql(key, COMPLETE, { id, p: { format: 'GEMINI', usage: GEMINI_USAGE, model: 'anthropic/claude-opus-4-1' } });
    expect({ code: codeOf(wrongModel), field: wrongModel.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'providerUsage.model',
    });
    expect(await turnOf(id)).toMatchObject({ completedAt: null, usage: null, modelCalled: null });
    // The same object with the model it came from is taken.
    await t.ok(key, COMPLETE, { id, p: { format: 'GEMINI', usage: GEMINI_USAGE, model: 'gemini-2.5-flash' } });
  });
});

describe('an abandoned turn', () => {
  it('says why, has no usage or cost, counts apart, and is never completed afterwards', async () => {
    const id = await newTurn();
    const abandoned = await t.ok<{ abandonTurn: { abandonedReason: string; completedAt: string | null } }>(key, ABANDON, {
      id,
      r: ' 529 overloaded_error from the provider ',
    });
    expect(abandoned.abandonTurn).toMatchObject({ abandonedReason: '529 overloaded_error from the provider', completedAt: null });
    expect(await turnOf(id)).toMatchObject({
      abandonedReason: '529 overloaded_error from the provider',
      usage: null,
      cost: null,
      conversation: { turnCount: 1, abandonedTurnCount: 1 },
    });
    // A runtime that sends the same abandonment again (its answer was lost) gets the turn as it is.
    expect(
      (await t.ok<{ abandonTurn: { abandonedReason: string } }>(key, ABANDON, { id, r: '529 overloaded_error from the provider' }))
        .abandonTurn,
    ).toMatchObject({ abandonedReason: '529 overloaded_error from the provider' });
    const other = await t.gql(key, ABANDON, { id, r: 'timeout' });
    expect({ code: codeOf(other), message: other.errors?.[0]?.message }).toEqual({
      code: 'CONFLICT',
      message: 'This turn was already abandoned: 529 overloaded_error from the provider',
    });
    const completed = await t.gql(key, COMPLETE, { id, p: { format: 'ANTHROPIC', usage: { input_tokens: 1, output_tokens: 1 } } });
    expect({ code: codeOf(completed), field: completed.errors?.[0]?.extensions?.field }).toEqual({ code: 'CONFLICT', field: 'turnId' });
  });

  it('refuses to abandon a completed turn, or for no reason, or for a reason past 200 characters', async () => {
    const id = await newTurn();
    for (const reason of ['', '   ', 'x'.repeat(201)]) {
      const refused = await t.gql(key, ABANDON, { id, r: reason });
      expect({ code: codeOf(refused), field: refused.errors?.[0]?.extensions?.field }).toEqual({ code: 'BAD_USER_INPUT', field: 'reason' });
    }
    await t.ok(key, COMPLETE, { id, p: { format: 'ANTHROPIC', usage: { input_tokens: 10, output_tokens: 2 } } });
    const late = await t.gql(key, ABANDON, { id, r: 'network' });
    expect({ code: codeOf(late), message: late.errors?.[0]?.message }).toEqual({
      code: 'CONFLICT',
      message: 'This turn is already completed',
    });
  });

  it('is closed by a RUNTIME key, not a VIEWER', async () => {
    const id = await newTurn();
    const viewer = await t.createKey(key, 'VIEWER');
    expect(codeOf(await t.gql(viewer, ABANDON, { id, r: 'network' }))).toBe('FORBIDDEN');
    const runtime = await t.createKey(key, 'RUNTIME');
    expect(
      (await t.ok<{ abandonTurn: { abandonedReason: string } }>(runtime, ABANDON, { id, r: 'network' })).abandonTurn.abandonedReason,
    ).toBe('network');
  });
});

describe("a turn's calls", () => {
  const RECORD = `mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted duplicates } }`;
  const CALLS = typed<{ turn: { toolCalls: Array<{ toolName: string; isError: boolean; durationMs: number | null }> } | null }>(
    `query($id: ID!) { turn(id: $id) { toolCalls { toolName isError durationMs } } }`,
  );
  const conversationOf = async (turnId: string) =>
    (
      await t.ok<{ turn: { conversation: { id: string } } }>(key, `query($id: ID!) { turn(id: $id) { conversation { id } } }`, {
        id: turnId,
      })
    ).turn.conversation.id;

  it('lists the calls recorded with the turn named, once however often they are sent, in the order they came', async () => {
    const turnId = await newTurn();
    const conversationId = await conversationOf(turnId);
    const calls = [
      { conversationId, turnId, toolName: 'search_orders', isError: false, idempotencyKey: `${turnId}:1`, durationMs: 0 },
      { conversationId, turnId, toolName: 'refund_order', isError: true, idempotencyKey: `${turnId}:2` },
      { conversationId, turnId, toolName: 'search_orders', isError: false, idempotencyKey: `${turnId}:3`, durationMs: 1250 },
    ];
    expect((await t.ok<{ recordToolCalls: unknown }>(key, RECORD, { calls })).recordToolCalls).toEqual({ accepted: 3, duplicates: 0 });
    expect((await t.ok<{ recordToolCalls: unknown }>(key, RECORD, { calls })).recordToolCalls).toEqual({ accepted: 0, duplicates: 3 });
    expect((await t.ok(key, CALLS, { id: turnId })).turn!.toolCalls).toEqual([
      { toolName: 'search_orders', isError: false, durationMs: 0 },
      { toolName: 'refund_order', isError: true, durationMs: null },
      { toolName: 'search_orders', isError: false, durationMs: 1250 },
    ]);
  });

  it("says nothing of an MCP client's list for a runtime's turn", async () => {
    const turnId = await newTurn();
    const read = await t.ok<{ turn: { notListed: unknown; conversation: { source: string } } }>(
      key,
      `query($id: ID!) { turn(id: $id) { notListed { name } conversation { source } } }`,
      { id: turnId },
    );
    expect(read.turn).toEqual({ notListed: null, conversation: { source: 'RUNTIME' } });
  });

  it('refuses a duration below 0 or past a day, naming the call, and writes nothing of the batch', async () => {
    const turnId = await newTurn();
    const conversationId = await conversationOf(turnId);
    for (const [durationMs, index] of [
      [-1, 1],
      [86_400_001, 1],
    ]) {
      const refused = await t.gql(key, RECORD, {
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
    expect((await t.ok(key, CALLS, { id: turnId })).turn!.toolCalls).toEqual([]);
  });

  it('refuses a turn of another conversation, or a turn without its conversation, naming the call, and writes nothing of the batch', async () => {
    const [first, second] = [await newTurn(), await newTurn()];
    const conversationId = await conversationOf(first);
    const batch = [
      { conversationId, turnId: first, toolName: 'search_orders', isError: false, idempotencyKey: `${first}:x` },
      { conversationId, turnId: second, toolName: 'search_orders', isError: false, idempotencyKey: `${second}:x` },
    ];
    const refused = await t.gql(key, RECORD, { calls: batch });
    expect({ code: codeOf(refused), field: refused.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'calls[1].turnId',
    });
    expect((await t.ok(key, CALLS, { id: first })).turn!.toolCalls).toEqual([]);
    // Its key was not claimed either: the valid call alone is counted now.
    expect((await t.ok<{ recordToolCalls: unknown }>(key, RECORD, { calls: [batch[0]] })).recordToolCalls).toEqual({
      accepted: 1,
      duplicates: 0,
    });
    const alone = await t.gql(key, RECORD, { calls: [{ turnId: first, toolName: 'search_orders', isError: false }] });
    expect({ code: codeOf(alone), field: alone.errors?.[0]?.extensions?.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'calls[0].turnId',
    });
  });
});
