import { startTestServer, typed, type Created, type TestServer } from './support/harness';

// The ids a normalised client cache keys toolboxes on: a preview's names its situation, a turn's its stored snapshot.

let t: TestServer;
let key: string;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(
    key,
    `mutation {
      a: createChannel(input: { key: "web", name: "Web" }) { id }
      b: createChannel(input: { key: "api", name: "API" }) { id }
      c: createContextObject(input: { key: "deal", name: "Deal" }) { id }
    }`,
  );
  agentId = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "a" }) { id } }`)).createAgent.id;
  await addTool('lookup');
});
afterAll(() => t.stop());

const addTool = (name: string) =>
  t.ok(
    key,
    `mutation($name: String!) { createToolDefinition(input: { name: $name, description: "d", inputSchema: { type: "object" } }) { id } }`,
    {
      name,
    },
  );

const PREVIEW = typed<{ toolbox: { id: string; fingerprint: string } }>(
  `query($a: ID!, $c: String!, $p: PageInput) { toolbox(agentId: $a, channel: $c, page: $p) { id fingerprint } }`,
);
const preview = async (channel: string, page: Record<string, string> | null = null) =>
  (await t.ok(key, PREVIEW, { a: agentId, c: channel, p: page })).toolbox;

const BEGIN = typed<{ beginTurn: { id: string; toolbox: { id: string; fingerprint: string } } }>(
  `mutation($c: ID!) { beginTurn(conversationId: $c) { id toolbox { id fingerprint } } }`,
);

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
    const { agent } = await t.ok<{ agent: { toolbox: { id: string } } }>(
      key,
      `query($a: ID!) { agent(id: $a) { toolbox(channel: "web") { id } } }`,
      { a: agentId },
    );
    expect(agent.toolbox.id).toBe((await preview('web')).id);
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
    const conversationId = (
      await t.ok<Created<'startConversation'>>(
        key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        {
          a: agentId,
        },
      )
    ).startConversation.id;
    const first = (await t.ok(key, BEGIN, { c: conversationId })).beginTurn;
    const second = (await t.ok(key, BEGIN, { c: conversationId })).beginTurn;
    await addTool('third');
    const third = (await t.ok(key, BEGIN, { c: conversationId })).beginTurn;

    expect(second.toolbox).toEqual(first.toolbox);
    expect(third.toolbox.fingerprint).not.toBe(first.toolbox.fingerprint);
    expect(third.toolbox.id).not.toBe(first.toolbox.id);
    const { turn } = await t.ok<{ turn: { toolbox: { id: string } } }>(key, `query($id: ID!) { turn(id: $id) { toolbox { id } } }`, {
      id: third.id,
    });
    expect(turn.toolbox.id).toBe(third.toolbox.id);
  });
});
