import { seedDemo } from '../src/demo/seed-demo';
import { startTestServer, type TestServer } from './support/harness';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await seedDemo(t.server.services)).adminKey;
});
afterAll(() => t.stop());

it('seeds an organisation whose printed key is an ADMIN key', async () => {
  const data = await t.ok(key, `{ me { role organization { name fundingModel } } channels { key } contextObjects { key } }`);
  expect(data.me.role).toBe('ADMIN');
  expect(data.me.organization.fundingModel).toBe('INCLUDED_CREDITS');
  expect(data.channels.map((c: any) => c.key)).toEqual(['api', 'slack', 'web']);
  expect(data.contextObjects.map((c: any) => c.key)).toEqual(['Account', 'Case', 'Order']);
});

it('shows every kind of tool and several drop reasons in the demo toolboxes', async () => {
  const data = await t.ok(
    key,
    `{
    toolDefinitions { name source }
    agents { name toolbox(channel: "web", page: { type: RECORD, contextObject: "Order" }) { tools { name } dropped { tool { name } reason } } }
  }`,
  );
  expect(new Set(data.toolDefinitions.map((d: any) => d.source))).toEqual(new Set(['BUILT_IN', 'CUSTOM', 'MINI_APP', 'MCP']));
  const reasons = new Set(data.agents.flatMap((a: any) => a.toolbox.dropped.map((d: any) => d.reason)));
  for (const reason of ['MCP_FILTERED', 'EXCLUDED', 'INACTIVE', 'CONTEXT', 'OVER_MAX_TOOLS']) expect(reasons).toContain(reason);
  const support = data.agents.find((a: any) => a.name === 'Support agent');
  expect(support.toolbox.tools.map((x: any) => x.name)).toContain('refund_order');
});

it('has conversations whose second turn shows the edit that broke the cache, with costs', async () => {
  const agents = (await t.ok(key, `{ agents { id name } }`)).agents;
  const support = agents.find((a: any) => a.name === 'Support agent');
  const list = await t.ok(
    key,
    `query($a: ID!) { conversations(agentId: $a) { edges { node { id parent { id } turns { totalCount edges { node {
    index toolboxChanged diff { changed } invalidation { cause } cost { amountUsd credits } providerCacheMissReason } } } } } } }`,
    { a: support.id },
  );
  const root = list.conversations.edges.map((e: any) => e.node).find((c: any) => c.parent === null);
  const turns = root.turns.edges.map((e: any) => e.node);
  expect(root.turns.totalCount).toBe(3);
  expect(turns.map((x: any) => x.toolboxChanged)).toEqual([false, true, false]);
  expect(turns[1].diff.changed).toEqual(['refund_order']);
  expect(turns[1].invalidation.cause).toBe('TOOL_UPDATED');
  expect(turns[1].providerCacheMissReason).toBe('tools_changed');
  expect(turns.every((x: any) => x.cost.amountUsd > 0 && x.cost.credits > 0)).toBe(true);
});
