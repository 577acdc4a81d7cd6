import { startTestServer, typed, type Created, type GraphQLResult, type Query, type TestServer } from './support/harness';

/**
 * The compiled loadout each instance caches: the instance that made a change
 * serves it on the next request, another instance as soon as the change's
 * notification arrives, none while its notifications cannot arrive, and a
 * turn always records the toolbox of the loadout committed when it began.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const TOOLBOX = typed<{ toolbox: { fingerprint: string; tools: Array<{ name: string; contentHash: string }> } }>(
  `query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint tools { name contentHash } } }`,
);

async function post<T = unknown>(url: string, key: string, query: string | Query<T>, variables?: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GraphQLResult<T>;
}

async function viewerKey(adminKey: string): Promise<{ key: string; principalId: string }> {
  const created = (
    await t.ok<{ createApiKey: { apiKey: string; principal: { id: string } } }>(
      adminKey,
      `mutation { createApiKey(input: { name: "v", role: VIEWER }) { apiKey principal { id } } }`,
    )
  ).createApiKey;
  return { key: created.apiKey, principalId: created.principal.id };
}

const revoke = (adminKey: string, principalId: string) =>
  t.ok(adminKey, `mutation($id: ID!) { revokeApiKey(principalId: $id) }`, { id: principalId });

async function world() {
  const { adminKey } = await t.createOrganization('cached');
  await t.ok(adminKey, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  const agent = (await t.ok<Created<'createAgent'>>(adminKey, `mutation { createAgent(input: { name: "a" }) { id } }`)).createAgent;
  const tool = (
    await t.ok<Created<'createToolDefinition'>>(
      adminKey,
      `mutation { createToolDefinition(input: { name: "lookup", description: "v1", inputSchema: { type: "object" } }) { id } }`,
    )
  ).createToolDefinition;
  return { key: adminKey, agent, tool };
}

const edit = (key: string, toolId: string, description: string) =>
  t.ok<{ updateToolDefinition: { contentHash: string } }>(
    key,
    `mutation($id: ID!, $d: String!) { updateToolDefinition(id: $id, input: { description: $d }) { contentHash } }`,
    {
      id: toolId,
      d: description,
    },
  );

it('serves a change on the very next request of the instance that made it, and forgets a revoked key at once', async () => {
  const w = await world();
  const before = (await t.ok(w.key, TOOLBOX, { a: w.agent.id })).toolbox;
  const { contentHash } = (await edit(w.key, w.tool.id, 'v2')).updateToolDefinition;
  const after = (await t.ok(w.key, TOOLBOX, { a: w.agent.id })).toolbox;
  expect(after.tools).toEqual([{ name: 'lookup', contentHash }]);
  expect(after.fingerprint).not.toBe(before.fingerprint);

  const viewer = await viewerKey(w.key);
  expect((await post(t.url, viewer.key, TOOLBOX, { a: w.agent.id })).data!.toolbox.fingerprint).toBe(after.fingerprint);
  await revoke(w.key, viewer.principalId);
  expect((await post(t.url, viewer.key, TOOLBOX, { a: w.agent.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

describe('across instances of one PostgreSQL server', () => {
  const onServer = () => t.databaseKind === 'server';

  it('serves another instance’s change once its notification arrives, and forgets a key revoked there', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    const viewer = await viewerKey(w.key);
    const warm = (await post(url2, viewer.key, TOOLBOX, { a: w.agent.id })).data!.toolbox;

    const { contentHash } = (await edit(w.key, w.tool.id, 'edited on the first')).updateToolDefinition;
    let served = warm;
    for (let i = 0; i < 100 && served.tools[0].contentHash !== contentHash; i++) {
      await sleep(20);
      served = (await post(url2, viewer.key, TOOLBOX, { a: w.agent.id })).data!.toolbox;
    }
    expect(served.tools).toEqual([{ name: 'lookup', contentHash }]);

    await revoke(w.key, viewer.principalId);
    let code: string | undefined;
    for (let i = 0; i < 100 && code !== 'UNAUTHENTICATED'; i++) {
      await sleep(20);
      code = (await post(url2, viewer.key, TOOLBOX, { a: w.agent.id })).errors?.[0].extensions?.code;
    }
    expect(code).toBe('UNAUTHENTICATED');
  });

  it('records the committed toolbox in a turn even where the cache has not heard of the change yet', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    const conversation = (
      await post<Created<'startConversation'>>(
        url2,
        w.key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        { a: w.agent.id },
      )
    ).data!.startConversation;
    const old = (await post(url2, w.key, TOOLBOX, { a: w.agent.id })).data!.toolbox;

    // The second instance stops hearing changes (as if its notification were still on its way).
    const cache = second.services.loadouts;
    const heard = cache.changed.bind(cache);
    cache.changed = () => undefined;
    try {
      const { contentHash } = (await edit(w.key, w.tool.id, 'not yet heard of')).updateToolDefinition;
      await sleep(200);
      expect((await post(url2, w.key, TOOLBOX, { a: w.agent.id })).data!.toolbox.fingerprint).toBe(old.fingerprint);
      const turn = (
        await post<{ beginTurn: { toolbox: { tools: Array<{ contentHash: string }> } } }>(
          url2,
          w.key,
          `mutation($c: ID!) { beginTurn(conversationId: $c) { toolbox { tools { contentHash } } } }`,
          {
            c: conversation.id,
          },
        )
      ).data!.beginTurn;
      expect(turn.toolbox.tools).toEqual([{ contentHash }]);
    } finally {
      cache.changed = heard;
    }
  });

  it('serves nothing from the cache while its listener is down', async () => {
    if (!onServer()) return expect(t.server.services.loadouts.trusted).toBe(true);
    const second = await t.startAnother();
    const url2 = `${second.url}/graphql`;
    const w = await world();
    await post(url2, w.key, TOOLBOX, { a: w.agent.id });
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
      expect((await post(url2, w.key, TOOLBOX, { a: w.agent.id })).data!.toolbox.tools).toEqual([{ name: 'lookup', contentHash }]);
    } finally {
      listener.connect = connect;
    }
  });
});
