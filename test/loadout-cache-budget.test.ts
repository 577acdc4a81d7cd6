import { DirectToolboxDocument, UpdateToolDefinitionDocument } from './support/generated/graphql';
import { graphqlAt, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * The loadout cache bounded by memory: with a budget of one byte each
 * instance keeps only the organisation it served last, so every other one
 * has been evicted, and must still be served as committed, on this
 * instance and on another one of the same database.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ loadoutCacheBytes: 1 });
});
afterAll(() => t.stop());

async function organization(name: string) {
  const {
    adminKey,
    agents: [agent],
    tools: [tool],
  } = await new TestWorld(t).organization(name, {
    tools: [{ name: 'lookup', description: `${name} v1`, inputSchema: { type: 'object' } }],
    agents: [{ name: 'a' }],
  });
  return { key: adminKey, agent: agent.id, tool: tool.id };
}

const edit = async (key: string, toolId: string, description: string) =>
  (await t.ok(key, UpdateToolDefinitionDocument, { id: toolId, input: { description } })).updateToolDefinition.contentHash;

const toolbox = async (url: string, org: { key: string; agent: string }) => {
  const result = await graphqlAt(url).gql(org.key, DirectToolboxDocument, { agentId: org.agent });
  expect(result.errors).toBeUndefined();
  return result.data!.toolbox;
};

it('serves an evicted organisation as before, and counts the eviction in /metrics', async () => {
  const a = await organization('evicted a');
  const b = await organization('evicted b');
  const first = await toolbox(t.url, a);
  const evictions = t.server.services.stats.loadoutEvictions;
  await toolbox(t.url, b);
  expect(t.server.services.stats.loadoutEvictions).toBeGreaterThan(evictions);
  expect(await toolbox(t.url, a)).toEqual(first);

  const metrics = await (await fetch(t.url.replace(/\/graphql$/, '/metrics'))).text();
  expect(metrics).toMatch(/^loadout_loadout_cache_organizations 1$/m);
  expect(metrics).toMatch(/^loadout_loadout_cache_bytes [1-9]\d*$/m);
  expect(metrics).toMatch(/^loadout_loadout_cache_evictions_total [1-9]\d*$/m);
});

it('serves a change made to an organisation while it was evicted', async () => {
  const a = await organization('changed while out a');
  const b = await organization('changed while out b');
  const before = await toolbox(t.url, a);
  await toolbox(t.url, b);
  const contentHash = await edit(a.key, a.tool, 'edited while evicted');
  const after = await toolbox(t.url, a);
  expect(after.tools).toEqual([{ name: 'lookup', contentHash }]);
  expect(after.fingerprint).not.toBe(before.fingerprint);
});

it('compiles nothing at start, and serves a change another instance made to an organisation evicted here, and the next one while it is cached again', async () => {
  if (t.databaseKind !== 'server') return expect(t.server.services.loadouts.trusted).toBe(true);
  const a = await organization('changed elsewhere a');
  const b = await organization('changed elsewhere b');
  const second = await t.startAnother();
  const url2 = `${second.url}/graphql`;
  // Nothing is compiled at start, whatever is stored: an organisation is loaded on its first read.
  expect(second.services.stats).toMatchObject({ loadoutCacheOrganizations: 0, loadoutMisses: 0 });
  await toolbox(url2, a);
  await toolbox(url2, b);
  expect(second.services.stats.loadoutCacheOrganizations).toBe(1);

  const edited = await edit(a.key, a.tool, 'edited on the first instance');
  expect((await toolbox(url2, a)).tools).toEqual([{ name: 'lookup', contentHash: edited }]);

  // Cached on the second again: the next change reaches it through its notification.
  const again = await edit(a.key, a.tool, 'edited again on the first instance');
  let served = await toolbox(url2, a);
  for (let i = 0; i < 100 && served.tools[0].contentHash !== again; i++) {
    await new Promise((r) => setTimeout(r, 20));
    served = await toolbox(url2, a);
  }
  expect(served.tools).toEqual([{ name: 'lookup', contentHash: again }]);
});
