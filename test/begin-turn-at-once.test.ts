import fc from 'fast-check';
import { applyEdit, stepsWithEdits } from './support/edit-steps';
import { BeginTurnAtOnceDocument, ConversationTurnsPageDocument, ToolUsageDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * beginTurn's one statement against its oracle, the long way: the same
 * generated worlds and edits on a server with the statement and on one
 * without record the same turns (index, whether the toolbox changed, the
 * toolbox, the MCP inventories) and the same roster.
 */

const CHANNELS = ['web', 'sms'] as const;
const TOOLS = 10;
const AGENTS = 2;
const CONVERSATIONS = 4;

const step = stepsWithEdits(fc.record({ kind: fc.constant('turn' as const), conversation: fc.nat(CONVERSATIONS - 1) }), {
  tools: TOOLS,
  agents: AGENTS,
  channels: CHANNELS,
  maxTools: 12,
  effects: ['DENY', 'ALLOW'],
});
const script = fc.record({
  tools: fc.array(fc.record({ channels: fc.subarray([...CHANNELS]), active: fc.boolean() }), { minLength: TOOLS, maxLength: TOOLS }),
  conversations: fc.array(
    fc.record({ agent: fc.nat(AGENTS - 1), channel: fc.constantFrom(...CHANNELS), user: fc.constantFrom('ana', 'ben') }),
    { minLength: CONVERSATIONS, maxLength: CONVERSATIONS },
  ),
  steps: fc.array(step, { minLength: 25, maxLength: 40 }),
});
type Script = typeof script extends fc.Arbitrary<infer S> ? S : never;

let atOnce: TestServer;
let longWay: TestServer;

beforeAll(async () => {
  [atOnce, longWay] = await Promise.all([startTestServer(), startTestServer({ beginTurnAtOnce: false })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([atOnce?.stop(), longWay?.stop()]);
});

let run = 0;

/** What a server recorded for the script: every turn as beginTurn answered it, the roster, and how many turns took one statement. */
async function play(t: TestServer, s: Script) {
  const { adminKey: key } = await t.createOrganization(`oracle-${++run}`);
  const world = new TestWorld(t);
  await world.channels(
    key,
    [...CHANNELS].map((k) => ({ key: k, name: k })),
  );
  const tools = await world.tools(
    key,
    s.tools.map((tool, i) => ({
      name: `tool_${i}`,
      description: `Tool ${i}`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      channels: tool.channels,
      active: tool.active,
    })),
  );
  const agents = await world.agents(
    key,
    Array.from({ length: AGENTS }, (_, i) => ({ name: `agent ${i}`, maxTools: 6 })),
  );
  const conversations = (
    await world.conversations(
      key,
      s.conversations.map((c) => ({ agentId: agents[c.agent].id, channel: c.channel, userId: c.user })),
    )
  ).map((c) => c.id);
  const turns: unknown[] = [];
  let oneStatement = 0;
  for (const [n, e] of s.steps.entries()) {
    if (e.kind === 'turn') {
      const before = t.server.services.db.queryCount();
      const turn = (await t.ok(key, BeginTurnAtOnceDocument, { conversationId: conversations[e.conversation] })).beginTurn;
      if (t.server.services.db.queryCount() - before === 1) oneStatement++;
      turns.push({ conversation: e.conversation, ...turn });
    } else {
      await applyEdit(t, key, { tools, agents }, e, n);
    }
  }
  // The names and counts only: when each was surfaced and called differs between the two servers.
  const roster = await Promise.all(
    ['ana', 'ben'].map(async (userId) =>
      (await t.ok(key, ToolUsageDocument, { userId })).toolUsage.map(({ toolName, calls }) => ({ toolName, calls })),
    ),
  );
  const indexes = await Promise.all(
    conversations.map(async (id) =>
      (await t.ok(key, ConversationTurnsPageDocument, { id, first: 100 })).conversation!.turns.edges.map((e) => e.node.index),
    ),
  );
  return { turns, roster, indexes, oneStatement };
}

it('records the same turns and roster as the long way, over generated worlds and edits', async () => {
  let fastTurns = 0;
  await fc.assert(
    fc.asyncProperty(script, async (s) => {
      const [quick, oracle] = await Promise.all([play(atOnce, s), play(longWay, s)]);
      expect(oracle.oneStatement).toBe(0);
      fastTurns += quick.oneStatement;
      expect({ ...quick, oneStatement: 0 }).toEqual({ ...oracle, oneStatement: 0 });
    }),
    { numRuns: 6, endOnFailure: true },
  );
  // The statement did the work: most turns of a conversation seen before took it.
  expect(fastTurns).toBeGreaterThan(20);
}, 300_000);
