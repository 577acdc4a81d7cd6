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
