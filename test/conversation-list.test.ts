import { AgentConversationsDocument, BeginTurnDocument, CompleteTurnDocument } from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let key: string;
let agentId: string;
let world: TestWorld;
const started: string[] = [];

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const organization = await world.organization('Test org', { agents: [{ name: 'a' }] });
  key = organization.adminKey;
  agentId = organization.agents[0].id;
  // One at a time, so that each starts after the one before.
  for (const userId of ['u1', 'u2', 'u3']) started.push(await world.startConversation(key, { agentId, userId }));
});
afterAll(() => t.stop());

it("pages through an agent's conversations newest first, for a VIEWER too", async () => {
  const viewer = await world.key(key, 'VIEWER');
  const first = (await t.ok(viewer, AgentConversationsDocument, { agentId, first: 2 })).conversations;
  expect(first.totalCount).toBe(3);
  expect(first.edges.map((e) => e.node.userId)).toEqual(['u3', 'u2']);
  expect(first.edges[0].node).toMatchObject({ channel: { key: 'web' }, page: { type: 'HOME' } });
  expect(first.pageInfo.hasNextPage).toBe(true);

  const rest = (await t.ok(viewer, AgentConversationsDocument, { agentId, first: 2, after: first.pageInfo.endCursor })).conversations;
  expect(rest.edges.map((e) => e.node.id)).toEqual([started[0]]);
  expect(rest.pageInfo).toEqual({ hasNextPage: false, endCursor: rest.edges[0].cursor });
});

it('gives each conversation its turn count and last activity, from its start until its first turn', async () => {
  const node = async (id: string) =>
    (await t.ok(key, AgentConversationsDocument, { agentId })).conversations.edges.map((e) => e.node).find((n) => n.id === id)!;
  const before = await node(started[1]);
  expect(before).toMatchObject({ turnCount: 0, lastActivityAt: before.startedAt });
  const begun = (await t.ok(key, BeginTurnDocument, { conversationId: started[1] })).beginTurn;
  await t.ok(key, BeginTurnDocument, { conversationId: started[1] });
  const completed = (await t.ok(key, CompleteTurnDocument, { turnId: begun.id, usage: { inputTokens: 10, outputTokens: 2 } })).completeTurn;
  const after = await node(started[1]);
  expect(after.turnCount).toBe(2);
  expect(after.lastActivityAt).toBe(completed.completedAt);
  expect((await node(started[0])).turnCount).toBe(0);
});

it("reads another organisation's agent as one without conversations", async () => {
  const [{ adminKey: other }] = await world.organizations(['Other']);
  const list = (await t.ok(other, AgentConversationsDocument, { agentId })).conversations;
  expect(list).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
});

it.each([
  ['first', { first: 101 }],
  ['first', { first: -1 }],
  ['after', { after: 'nonsense' }],
  ['after', { after: Buffer.from('conversation:00000000-0000-4000-8000-000000000000').toString('base64url') }],
])('refuses a bad %s naming it', async (field, vars) => {
  const result = await t.gql(key, AgentConversationsDocument, { agentId, ...vars });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect(result.errors?.[0].extensions?.field).toBe(field);
});

it('needs a key', async () => {
  expect(codeOf(await t.gql(null, AgentConversationsDocument, { agentId }))).toBe('UNAUTHENTICATED');
});
