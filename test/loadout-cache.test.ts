import { BeginTurnDocument, DirectToolboxDocument, RevokeApiKeyDocument, UpdateToolDefinitionDocument } from './support/generated/graphql';
import { graphqlAt, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * The compiled loadout each instance caches: the instance that made a change
 * serves it on the next request, another instance as soon as the change's
 * notification arrives, none while its notifications cannot arrive, and a
 * turn always records the toolbox of the loadout committed when it began.
 */
let t: TestServer;
let testWorld: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  testWorld = new TestWorld(t);
});
afterAll(() => t.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The agent's web toolbox as the instance at `url` answers it to `key`. */
const toolboxAt = (url: string, key: string, agentId: string) => graphqlAt(url).gql(key, DirectToolboxDocument, { agentId });

async function viewerKey(adminKey: string): Promise<{ key: string; principalId: string }> {
  const [created] = await testWorld.keys(adminKey, [{ name: 'v', role: 'VIEWER' }]);
  return { key: created.apiKey, principalId: created.principal.id };
}

const revoke = (adminKey: string, principalId: string) => t.ok(adminKey, RevokeApiKeyDocument, { principalId });

async function world() {
  const {
    adminKey,
    agents: [agent],
    tools: [tool],
  } = await testWorld.organization('cached', {
    tools: [{ name: 'lookup', description: 'v1', inputSchema: { type: 'object' } }],
    agents: [{ name: 'a' }],
  });
  return { key: adminKey, agent, tool };
}

const edit = (key: string, toolId: string, description: string) =>
  t.ok(key, UpdateToolDefinitionDocument, { id: toolId, input: { description } });

it('serves a change on the very next request of the instance that made it, and forgets a revoked key at once', async () => {
  const w = await world();
  const before = (await t.ok(w.key, DirectToolboxDocument, { agentId: w.agent.id })).toolbox;
  const { contentHash } = (await edit(w.key, w.tool.id, 'v2')).updateToolDefinition;
  const after = (await t.ok(w.key, DirectToolboxDocument, { agentId: w.agent.id })).toolbox;
  expect(after.tools).toEqual([{ name: 'lookup', contentHash }]);
  expect(after.fingerprint).not.toBe(before.fingerprint);

  const viewer = await viewerKey(w.key);
  expect((await toolboxAt(t.url, viewer.key, w.agent.id)).data!.toolbox.fingerprint).toBe(after.fingerprint);
  await revoke(w.key, viewer.principalId);
  expect((await toolboxAt(t.url, viewer.key, w.agent.id)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

describe('across instances of one PostgreSQL server', () => {
  const onServer = () => t.databaseKind === 'server';

  it('serves another instance’s change once its notification arrives, and forgets a key revoked there', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    const viewer = await viewerKey(w.key);
    const warm = (await toolboxAt(url2, viewer.key, w.agent.id)).data!.toolbox;

    const { contentHash } = (await edit(w.key, w.tool.id, 'edited on the first')).updateToolDefinition;
    let served = warm;
    for (let i = 0; i < 100 && served.tools[0].contentHash !== contentHash; i++) {
      await sleep(20);
      served = (await toolboxAt(url2, viewer.key, w.agent.id)).data!.toolbox;
    }
    expect(served.tools).toEqual([{ name: 'lookup', contentHash }]);

    await revoke(w.key, viewer.principalId);
    let code: string | undefined;
    for (let i = 0; i < 100 && code !== 'UNAUTHENTICATED'; i++) {
      await sleep(20);
      code = (await toolboxAt(url2, viewer.key, w.agent.id)).errors?.[0].extensions?.code;
    }
    expect(code).toBe('UNAUTHENTICATED');
  });

  it('records the committed toolbox in a turn even where the cache has not heard of the change yet', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    const conversationId = await new TestWorld(graphqlAt(url2)).startConversation(w.key, { agentId: w.agent.id });
    const old = (await toolboxAt(url2, w.key, w.agent.id)).data!.toolbox;

    // The second instance stops hearing changes (as if its notification were still on its way).
    const cache = second.services.loadouts;
    const heard = cache.changed.bind(cache);
    cache.changed = () => undefined;
    try {
      const { contentHash } = (await edit(w.key, w.tool.id, 'not yet heard of')).updateToolDefinition;
      await sleep(200);
      expect((await toolboxAt(url2, w.key, w.agent.id)).data!.toolbox.fingerprint).toBe(old.fingerprint);
      const turn = (await graphqlAt(url2).ok(w.key, BeginTurnDocument, { conversationId })).beginTurn;
      expect(turn.toolbox.tools.map((x) => ({ name: x.name, contentHash: x.contentHash }))).toEqual([{ name: 'lookup', contentHash }]);
    } finally {
      cache.changed = heard;
    }
  });

  it('serves nothing from the cache while its listener is down', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    await toolboxAt(url2, w.key, w.agent.id);
    // The second instance's listener drops and cannot reconnect while the change is made.
    const bus = second.services.invalidationBus as unknown as {
      connection: { connect: (reconnected: boolean) => Promise<void>; client: { end(): Promise<void> } };
    };
    const listener = bus.connection;
    const connect = listener.connect.bind(listener);
    listener.connect = () => Promise.reject(new Error('held down by the test'));
    try {
      await listener.client.end();
      for (let i = 0; i < 100 && second.services.loadouts.trusted; i++) await sleep(20);
      expect(second.services.loadouts.trusted).toBe(false);
      const { contentHash } = (await edit(w.key, w.tool.id, 'while the listener is down')).updateToolDefinition;
      expect((await toolboxAt(url2, w.key, w.agent.id)).data!.toolbox.tools).toEqual([{ name: 'lookup', contentHash }]);
    } finally {
      listener.connect = connect;
    }
  });
});
