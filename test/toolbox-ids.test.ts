import {
  AgentToolboxesDocument,
  BeginTurnDocument,
  DirectToolboxDocument,
  TurnRecordDocument,
  type PageInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

// The ids a normalised client cache keys toolboxes on: a preview's names its situation, a turn's its stored snapshot.

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  let agent: { id: string };
  ({
    adminKey: key,
    agents: [agent],
  } = await world.organization('Test org', {
    channels: [
      { key: 'web', name: 'Web' },
      { key: 'api', name: 'API' },
    ],
    contextObjects: [{ key: 'deal', name: 'Deal' }],
    tools: [tool('lookup')],
    agents: [{ name: 'a' }],
  }));
  agentId = agent.id;
});
afterAll(() => t.stop());

function tool(name: string) {
  return { name, description: 'd', inputSchema: { type: 'object' } };
}
const addTool = (name: string) => world.tools(key, [tool(name)]);

const preview = async (channel: string, page: PageInput | null = null) =>
  (await t.ok(key, DirectToolboxDocument, { agentId, channel, page })).toolbox;
const begin = async (conversationId: string) => (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn;

describe('Toolbox.id', () => {
  it('is the same for the same situation, also once an edit changed what it carries', async () => {
    const first = await preview('web');
    expect(first.id).toEqual(expect.any(String));
    expect((await preview('web')).id).toBe(first.id);
    await addTool('second');
    const edited = await preview('web');
    expect(edited.fingerprint).not.toBe(first.fingerprint);
    expect(edited.id).toBe(first.id);
  });

  it('differs between situations that carry the same tools', async () => {
    const situations = [
      await preview('web'),
      await preview('api'),
      await preview('web', { type: 'LIST' }),
      await preview('web', { type: 'RECORD', contextObject: 'deal', recordId: 'r1' }),
      await preview('web', { type: 'RECORD', contextObject: 'deal', recordId: 'r2' }),
    ];
    expect(new Set(situations.map((s) => s.fingerprint)).size).toBe(1);
    expect(new Set(situations.map((s) => s.id)).size).toBe(situations.length);
  });

  it('is the id of the same situation read through the agent', async () => {
    const { agents } = await t.ok(key, AgentToolboxesDocument, { channel: 'web' });
    expect(agents.find((agent) => agent.id === agentId)!.toolbox.id).toBe((await preview('web')).id);
  });

  it('is answered on the direct path the per-turn query takes', async () => {
    const { stats } = t.server.services;
    const before = { answered: stats.directAnswered, handedBack: stats.directHandedBack };
    // A situation not read before: one read before is given its kept answer (docs/semantics.md §3.17).
    await preview('web', { type: 'RECORD', recordId: 'never-read' });
    expect({ answered: stats.directAnswered, handedBack: stats.directHandedBack }).toEqual({
      answered: before.answered + 1,
      handedBack: before.handedBack,
    });
  });
});

describe('ToolboxSnapshot.id', () => {
  it('is shared by the turns that carried the same toolbox, another once an edit changed it, and the same read back', async () => {
    const conversationId = await world.startConversation(key, { agentId });
    const first = await begin(conversationId);
    const second = await begin(conversationId);
    await addTool('third');
    const third = await begin(conversationId);

    expect(second.toolbox).toEqual(first.toolbox);
    expect(third.toolbox.fingerprint).not.toBe(first.toolbox.fingerprint);
    expect(third.toolbox.id).not.toBe(first.toolbox.id);
    const { turn } = await t.ok(key, TurnRecordDocument, { id: third.id });
    expect(turn!.toolbox.id).toBe(third.toolbox.id);
  });
});
