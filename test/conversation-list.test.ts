import { codeOf, startTestServer, typed, type Created, type TestServer } from './support/harness';

let t: TestServer;
let key: string;
let agentId: string;
const started: string[] = [];

const LIST = typed<{
  conversations: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: Array<{ cursor: string; node: { id: string; userId: string; channel: { key: string }; page: { type: string } } }>;
  };
}>(`query($agentId: ID!, $first: Int, $after: String) {
  conversations(agentId: $agentId, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id userId channel { key } page { type } } }
  }
}`);

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  agentId = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a" }) { id } }`)).createAgent.id;
  for (const userId of ['u1', 'u2', 'u3']) {
    const c = await t.ok<Created<'startConversation'>>(
      key,
      `mutation($a: ID!, $u: String) { startConversation(input: { agentId: $a, channel: "web", userId: $u }) { id } }`,
      { a: agentId, u: userId },
    );
    started.push(c.startConversation.id);
  }
});
afterAll(() => t.stop());

it("pages through an agent's conversations newest first, for a VIEWER too", async () => {
  const viewer = await t.createKey(key, 'VIEWER');
  const first = (await t.ok(viewer, LIST, { agentId, first: 2 })).conversations;
  expect(first.totalCount).toBe(3);
  expect(first.edges.map((e) => e.node.userId)).toEqual(['u3', 'u2']);
  expect(first.edges[0].node).toMatchObject({ channel: { key: 'web' }, page: { type: 'HOME' } });
  expect(first.pageInfo.hasNextPage).toBe(true);

  const rest = (await t.ok(viewer, LIST, { agentId, first: 2, after: first.pageInfo.endCursor })).conversations;
  expect(rest.edges.map((e) => e.node.id)).toEqual([started[0]]);
  expect(rest.pageInfo).toEqual({ hasNextPage: false, endCursor: rest.edges[0].cursor });
});

it('gives each conversation its turn count and last activity, from its start until its first turn', async () => {
  const ACTIVITY = typed<{
    conversations: { edges: Array<{ node: { id: string; startedAt: string; turnCount: number; lastActivityAt: string } }> };
  }>(`query($agentId: ID!) { conversations(agentId: $agentId) { edges { node { id startedAt turnCount lastActivityAt } } } }`);
  const node = async (id: string) =>
    (await t.ok(key, ACTIVITY, { agentId })).conversations.edges.map((e) => e.node).find((n) => n.id === id)!;
  const before = await node(started[1]);
  expect(before).toMatchObject({ turnCount: 0, lastActivityAt: before.startedAt });
  const begun = (
    await t.ok<{ beginTurn: { id: string; startedAt: string } }>(
      key,
      `mutation($c: ID!) { beginTurn(conversationId: $c) { id startedAt } }`,
      { c: started[1] },
    )
  ).beginTurn;
  await t.ok(key, `mutation($c: ID!) { beginTurn(conversationId: $c) { id } }`, { c: started[1] });
  const completed = (
    await t.ok<{ completeTurn: { completedAt: string | null } }>(
      key,
      `mutation($id: ID!) { completeTurn(turnId: $id, usage: { inputTokens: 10, outputTokens: 2 }) { completedAt } }`,
      {
        id: begun.id,
      },
    )
  ).completeTurn;
  const after = await node(started[1]);
  expect(after.turnCount).toBe(2);
  expect(after.lastActivityAt).toBe(completed.completedAt);
  expect((await node(started[0])).turnCount).toBe(0);
});

it("reads another organisation's agent as one without conversations", async () => {
  const other = (await t.createOrganization('Other')).adminKey;
  const list = (await t.ok(other, LIST, { agentId })).conversations;
  expect(list).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
});

it.each([
  ['first', { first: 101 }],
  ['first', { first: -1 }],
  ['after', { after: 'nonsense' }],
  ['after', { after: Buffer.from('conversation:00000000-0000-4000-8000-000000000000').toString('base64url') }],
])('refuses a bad %s naming it', async (field, vars) => {
  const result = await t.gql(key, LIST, { agentId, ...vars });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect(result.errors?.[0].extensions?.field).toBe(field);
});

it('needs a key', async () => {
  expect(codeOf(await t.gql(null, LIST, { agentId }))).toBe('UNAUTHENTICATED');
});
