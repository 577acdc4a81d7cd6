import { OPERATOR_TOKEN, startTestServer, typed, type Created, type TestServer } from './support/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const COST = typed<{ turn: { cost: { amountUsd: number | null; credits: number | null } | null } | null }>(
  `query($id: ID!) { turn(id: $id) { cost { amountUsd credits } } }`,
);

it('keeps the price a turn was completed under: a later price applies to turns completed after it', async () => {
  const key = (
    await t.ok<{ createOrganization: { apiKey: string } }>(
      OPERATOR_TOKEN,
      `mutation { createOrganization(input: { name: "Repriced org", fundingModel: INCLUDED_CREDITS }) { apiKey } }`,
    )
  ).createOrganization.apiKey;
  await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  const agent = (
    await t.ok<{ createAgent: { id: string; model: string } }>(key, `mutation { createAgent(input: { name: "a" }) { id model } }`)
  ).createAgent;
  const conversation = (
    await t.ok<Created<'startConversation'>>(
      key,
      `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
      {
        a: agent.id,
      },
    )
  ).startConversation.id;
  const price = (input: number, output: number, credits: number) =>
    t.ok(
      key,
      `mutation($m: String!, $i: Float!, $o: Float!, $c: Float) {
        setModelPrice(input: { model: $m, inputUsdPerMTok: $i, cachedInputUsdPerMTok: 0, outputUsdPerMTok: $o, creditsPerMTok: $c }) { model }
      }`,
      { m: agent.model, i: input, o: output, c: credits },
    );
  const completed = async () => {
    const id = (await t.ok<Created<'beginTurn'>>(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation }))
      .beginTurn.id;
    await t.ok(key, `mutation($id: ID!) { completeTurn(turnId: $id, usage: { inputTokens: 3000, outputTokens: 1000 }) { id } }`, { id });
    return id;
  };
  const cost = async (id: string) => (await t.ok(key, COST, { id })).turn!.cost;

  await price(2, 8, 50);
  const first = await completed();
  const before = await cost(first);
  expect(before).toEqual({ amountUsd: (3000 * 2 + 1000 * 8) / 1e6, credits: (50 * 4000) / 1e6 });
  await price(4, 16, 100);
  expect(await cost(first)).toEqual(before);
  expect(await cost(await completed())).toEqual({ amountUsd: (3000 * 4 + 1000 * 16) / 1e6, credits: (100 * 4000) / 1e6 });
});

describe('the rate of writes to the 1-hour cache', () => {
  const PRICE = typed<{ setModelPrice: { cacheWriteUsdPerMTok: number; cacheWrite1hUsdPerMTok: number } }>(
    `mutation($input: ModelPriceInput!) { setModelPrice(input: $input) { cacheWriteUsdPerMTok cacheWrite1hUsdPerMTok } }`,
  );
  let key: string;
  let conversation: string;
  let model: string;
  beforeAll(async () => {
    key = (
      await t.ok<{ createOrganization: { apiKey: string } }>(
        OPERATOR_TOKEN,
        `mutation { createOrganization(input: { name: "Hour cache org", fundingModel: BRING_YOUR_OWN }) { apiKey } }`,
      )
    ).createOrganization.apiKey;
    await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
    const agent = (
      await t.ok<{ createAgent: { id: string; model: string } }>(key, `mutation { createAgent(input: { name: "h" }) { id model } }`)
    ).createAgent;
    model = agent.model;
    conversation = (
      await t.ok<Created<'startConversation'>>(
        key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        {
          a: agent.id,
        },
      )
    ).startConversation.id;
  });

  it('is twice the input rate when left out, beside a cache-write rate of the input rate', async () => {
    const set = await t.ok(key, PRICE, {
      input: { model: 'm/default', inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15 },
    });
    expect(set.setModelPrice).toEqual({ cacheWriteUsdPerMTok: 3, cacheWrite1hUsdPerMTok: 6 });
    const given = await t.ok(key, PRICE, {
      input: { model: 'm/given', inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, cacheWrite1hUsdPerMTok: 5, outputUsdPerMTok: 15 },
    });
    expect(given.setModelPrice).toEqual({ cacheWriteUsdPerMTok: 3, cacheWrite1hUsdPerMTok: 5 });
    expect(await t.ok(key, `{ modelPrices { model cacheWrite1hUsdPerMTok } }`)).toEqual({
      modelPrices: [
        { model: 'm/default', cacheWrite1hUsdPerMTok: 6 },
        { model: 'm/given', cacheWrite1hUsdPerMTok: 5 },
      ],
    });
  });

  it('is frozen on the turn with the other rates: a later price leaves its cost alone', async () => {
    const price = (hour: number) =>
      t.ok(key, PRICE, {
        input: {
          model,
          inputUsdPerMTok: 3,
          cachedInputUsdPerMTok: 0.3,
          cacheWriteUsdPerMTok: 3.75,
          cacheWrite1hUsdPerMTok: hour,
          outputUsdPerMTok: 15,
        },
      });
    const completed = async () => {
      const id = (await t.ok<Created<'beginTurn'>>(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation }))
        .beginTurn.id;
      await t.ok(
        key,
        `mutation($id: ID!) { completeTurn(turnId: $id, usage: { inputTokens: 1000000, cacheWriteTokens: 1000000, cacheWrite1hTokens: 400000, outputTokens: 0 }) { id } }`,
        { id },
      );
      return id;
    };
    const cost = async (id: string) => (await t.ok(key, COST, { id })).turn!.cost!.amountUsd;

    await price(6);
    const first = await completed();
    // 600,000 written for 5 minutes at 3.75 and 400,000 for an hour at 6, per million.
    expect(await cost(first)).toBeCloseTo(0.6 * 3.75 + 0.4 * 6, 12);
    await price(8);
    expect(await cost(first)).toBeCloseTo(0.6 * 3.75 + 0.4 * 6, 12);
    expect(await cost(await completed())).toBeCloseTo(0.6 * 3.75 + 0.4 * 8, 12);
  });
});

describe('prices are bounded so that every turn has a cost a client can read', () => {
  const PRICE = `mutation($input: ModelPriceInput!) { setModelPrice(input: $input) { model inputUsdPerMTok } }`;
  const rates = (over: Record<string, number>) => ({
    model: 'openai/gpt-4o',
    inputUsdPerMTok: 1,
    cachedInputUsdPerMTok: 1,
    outputUsdPerMTok: 1,
    ...over,
  });
  let key: string;
  beforeAll(async () => {
    key = (
      await t.ok<{ createOrganization: { apiKey: string } }>(
        OPERATOR_TOKEN,
        `mutation { createOrganization(input: { name: "Dear org", fundingModel: INCLUDED_CREDITS }) { apiKey } }`,
      )
    ).createOrganization.apiKey;
  });

  it.each([
    'inputUsdPerMTok',
    'cachedInputUsdPerMTok',
    'cacheWriteUsdPerMTok',
    'cacheWrite1hUsdPerMTok',
    'outputUsdPerMTok',
    'creditsPerMTok',
  ])('%s above 1,000,000 is BAD_USER_INPUT naming it, and stores nothing', async (field) => {
    for (const value of [1e308, 1_000_000.01]) {
      const result = await t.gql(key, PRICE, { input: rates({ [field]: value }) });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: `input.${field}` });
    }
    expect(await t.ok(key, `{ modelPrices { model } }`)).toEqual({ modelPrices: [] });
  });

  it('at the bound, the turn of the most tokens a turn can record answers its cost', async () => {
    const top = 1_000_000;
    const max = 2_147_483_647;
    await t.ok(key, PRICE, {
      input: rates({
        inputUsdPerMTok: top,
        cachedInputUsdPerMTok: top,
        cacheWriteUsdPerMTok: top,
        cacheWrite1hUsdPerMTok: top,
        outputUsdPerMTok: top,
        creditsPerMTok: top,
      }),
    });
    await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
    const agent = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a", model: "openai/gpt-4o" }) { id } }`))
      .createAgent.id;
    const conversation = (
      await t.ok<Created<'startConversation'>>(
        key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        {
          a: agent,
        },
      )
    ).startConversation.id;
    const turn = (await t.ok<Created<'beginTurn'>>(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: conversation }))
      .beginTurn.id;
    await t.ok(key, `mutation($id: ID!, $n: Int!) { completeTurn(turnId: $id, usage: { inputTokens: $n, outputTokens: $n }) { id } }`, {
      id: turn,
      n: max,
    });
    const result = await t.gql(key, COST, { id: turn });
    expect(result.errors).toBeUndefined();
    expect(result.data!.turn!.cost).toEqual({ amountUsd: 2 * max, credits: 2 * max });
  });
});
