import {
  BeginTurnDocument,
  CompleteTurnDocument,
  ModelPricesDocument,
  SetModelPriceDocument,
  TurnRecordDocument,
  type ModelPriceInput,
  type TurnUsageInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
});
afterAll(() => t.stop());

/** The model of the agents whose turns are priced. */
const MODEL = 'openai/gpt-4o';

/** One agent's organisation of `fundingModel`, and a conversation of that agent. */
const pricedWorld = async (name: string, fundingModel: 'INCLUDED_CREDITS' | 'BRING_YOUR_OWN') => {
  const organization = await world.organizationOf({ name, fundingModel }, { agents: [{ name: 'a', model: MODEL }] });
  const conversation = await world.startConversation(organization.adminKey, { agentId: organization.agents[0].id });
  return { key: organization.adminKey, conversation };
};

/** A turn of the conversation, begun and completed with `usage`: its id. */
const completed = async (key: string, conversationId: string, usage: TurnUsageInput) => {
  const turnId = (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn.id;
  await t.ok(key, CompleteTurnDocument, { turnId, usage });
  return turnId;
};

/** The turn's cost, as read back, in dollars and in credits. */
const costOf = async (key: string, id: string) => {
  const cost = (await t.ok(key, TurnRecordDocument, { id })).turn!.cost;
  return cost && { amountUsd: cost.amountUsd, credits: cost.credits };
};

it('keeps the price a turn was completed under: a later price applies to turns completed after it', async () => {
  const { key, conversation } = await pricedWorld('Repriced org', 'INCLUDED_CREDITS');
  const price = (input: number, output: number, credits: number) =>
    t.ok(key, SetModelPriceDocument, {
      input: { model: MODEL, inputUsdPerMTok: input, cachedInputUsdPerMTok: 0, outputUsdPerMTok: output, creditsPerMTok: credits },
    });
  const turn = () => completed(key, conversation, { inputTokens: 3000, outputTokens: 1000 });
  const cost = (id: string) => costOf(key, id);

  await price(2, 8, 50);
  const first = await turn();
  const before = await cost(first);
  expect(before).toEqual({ amountUsd: (3000 * 2 + 1000 * 8) / 1e6, credits: (50 * 4000) / 1e6 });
  await price(4, 16, 100);
  expect(await cost(first)).toEqual(before);
  expect(await cost(await turn())).toEqual({ amountUsd: (3000 * 4 + 1000 * 16) / 1e6, credits: (100 * 4000) / 1e6 });
});

describe('the rate of writes to the 1-hour cache', () => {
  let key: string;
  let conversation: string;
  beforeAll(async () => {
    ({ key, conversation } = await pricedWorld('Hour cache org', 'BRING_YOUR_OWN'));
  });

  it('is twice the input rate when left out, beside a cache-write rate of the input rate', async () => {
    const set = await t.ok(key, SetModelPriceDocument, {
      input: { model: 'm/default', inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15 },
    });
    const rates = { inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, cacheWriteUsdPerMTok: 3, outputUsdPerMTok: 15, creditsPerMTok: null };
    expect(set.setModelPrice).toEqual({ model: 'm/default', ...rates, cacheWrite1hUsdPerMTok: 6 });
    const given = await t.ok(key, SetModelPriceDocument, {
      input: { model: 'm/given', inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, cacheWrite1hUsdPerMTok: 5, outputUsdPerMTok: 15 },
    });
    expect(given.setModelPrice).toEqual({ model: 'm/given', ...rates, cacheWrite1hUsdPerMTok: 5 });
    expect(
      (await t.ok(key, ModelPricesDocument)).modelPrices.map(({ model, cacheWrite1hUsdPerMTok }) => ({ model, cacheWrite1hUsdPerMTok })),
    ).toEqual([
      { model: 'm/default', cacheWrite1hUsdPerMTok: 6 },
      { model: 'm/given', cacheWrite1hUsdPerMTok: 5 },
    ]);
  });

  it('is frozen on the turn with the other rates: a later price leaves its cost alone', async () => {
    const price = (hour: number) =>
      t.ok(key, SetModelPriceDocument, {
        input: {
          model: MODEL,
          inputUsdPerMTok: 3,
          cachedInputUsdPerMTok: 0.3,
          cacheWriteUsdPerMTok: 3.75,
          cacheWrite1hUsdPerMTok: hour,
          outputUsdPerMTok: 15,
        },
      });
    const turn = () =>
      completed(key, conversation, { inputTokens: 1000000, cacheWriteTokens: 1000000, cacheWrite1hTokens: 400000, outputTokens: 0 });
    const cost = async (id: string) => (await costOf(key, id))!.amountUsd;

    await price(6);
    const first = await turn();
    // 600,000 written for 5 minutes at 3.75 and 400,000 for an hour at 6, per million.
    expect(await cost(first)).toBeCloseTo(0.6 * 3.75 + 0.4 * 6, 12);
    await price(8);
    expect(await cost(first)).toBeCloseTo(0.6 * 3.75 + 0.4 * 6, 12);
    expect(await cost(await turn())).toBeCloseTo(0.6 * 3.75 + 0.4 * 8, 12);
  });
});

describe('prices are bounded so that every turn has a cost a client can read', () => {
  const rates = (over: Partial<ModelPriceInput>): ModelPriceInput => ({
    model: 'openai/gpt-4o',
    inputUsdPerMTok: 1,
    cachedInputUsdPerMTok: 1,
    outputUsdPerMTok: 1,
    ...over,
  });
  let key: string;
  beforeAll(async () => {
    key = (await world.organizationOf({ name: 'Dear org', fundingModel: 'INCLUDED_CREDITS' })).adminKey;
  });

  it.each([
    'inputUsdPerMTok',
    'cachedInputUsdPerMTok',
    'cacheWriteUsdPerMTok',
    'cacheWrite1hUsdPerMTok',
    'outputUsdPerMTok',
    'creditsPerMTok',
  ] as const)('%s above 1,000,000 is BAD_USER_INPUT naming it, and stores nothing', async (field) => {
    for (const value of [1e308, 1_000_000.01]) {
      const result = await t.gql(key, SetModelPriceDocument, { input: rates({ [field]: value }) });
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: `input.${field}` });
    }
    expect(await t.ok(key, ModelPricesDocument)).toEqual({ modelPrices: [] });
  });

  it('at the bound, the turn of the most tokens a turn can record answers its cost', async () => {
    const top = 1_000_000;
    const max = 2_147_483_647;
    await t.ok(key, SetModelPriceDocument, {
      input: rates({
        inputUsdPerMTok: top,
        cachedInputUsdPerMTok: top,
        cacheWriteUsdPerMTok: top,
        cacheWrite1hUsdPerMTok: top,
        outputUsdPerMTok: top,
        creditsPerMTok: top,
      }),
    });
    const [agent] = await world.agents(key, [{ name: 'a', model: 'openai/gpt-4o' }]);
    const conversation = await world.startConversation(key, { agentId: agent.id });
    const turn = await completed(key, conversation, { inputTokens: max, outputTokens: max });
    const result = await t.gql(key, TurnRecordDocument, { id: turn });
    expect(result.errors).toBeUndefined();
    expect(result.data!.turn!.cost).toEqual({ amountUsd: 2 * max, credits: 2 * max, toolDefinitionShare: 0 });
  });
});
