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
  const data = await t.ok<{
    me: { role: string; organization: { name: string; fundingModel: string } };
    channels: Array<{ key: string }>;
    contextObjects: Array<{ key: string }>;
  }>(key, `{ me { role organization { name fundingModel } } channels { key } contextObjects { key } }`);
  expect(data.me.role).toBe('ADMIN');
  expect(data.me.organization.fundingModel).toBe('INCLUDED_CREDITS');
  expect(data.channels.map((c) => c.key)).toEqual(['api', 'slack', 'web']);
  expect(data.contextObjects.map((c) => c.key)).toEqual(['Account', 'Case', 'Order']);
});

it('shows every kind of tool and several drop reasons in the demo toolboxes', async () => {
  const data = await t.ok<{
    toolDefinitions: Array<{ name: string; source: string }>;
    agents: Array<{
      name: string;
      toolbox: { tools: Array<{ name: string }>; dropped: Array<{ tool: { name: string }; reason: string }> };
    }>;
  }>(
    key,
    `{
    toolDefinitions { name source }
    agents { name toolbox(channel: "web", page: { type: RECORD, contextObject: "Order" }) { tools { name } dropped { tool { name } reason } } }
  }`,
  );
  expect(new Set(data.toolDefinitions.map((d) => d.source))).toEqual(new Set(['BUILT_IN', 'CUSTOM', 'MINI_APP', 'MCP']));
  const reasons = new Set(data.agents.flatMap((a) => a.toolbox.dropped.map((d) => d.reason)));
  for (const reason of ['MCP_FILTERED', 'EXCLUDED', 'INACTIVE', 'CONTEXT', 'OVER_MAX_TOOLS']) expect(reasons).toContain(reason);
  const support = data.agents.find((a) => a.name === 'Support agent');
  expect(support!.toolbox.tools.map((x) => x.name)).toContain('refund_order');
});

it('has conversations whose second turn shows the edit that broke the cache, with costs', async () => {
  const agents = (await t.ok<{ agents: Array<{ id: string; name: string }> }>(key, `{ agents { id name } }`)).agents;
  const support = agents.find((a) => a.name === 'Support agent');
  const list = await t.ok<{
    conversations: {
      edges: Array<{
        node: {
          id: string;
          parent: { id: string } | null;
          turns: {
            totalCount: number;
            edges: Array<{
              node: {
                index: number;
                toolboxChanged: boolean;
                diff: { changed: string[] } | null;
                invalidation: { cause: string } | null;
                cost: { amountUsd: number | null; credits: number | null } | null;
                providerCacheMissReason: string | null;
              };
            }>;
          };
        };
      }>;
    };
  }>(
    key,
    `query($a: ID!) { conversations(agentId: $a) { edges { node { id parent { id } turns { totalCount edges { node {
    index toolboxChanged diff { changed } invalidation { cause } cost { amountUsd credits } providerCacheMissReason } } } } } } }`,
    { a: support!.id },
  );
  const root = list.conversations.edges.map((e) => e.node).find((c) => c.parent === null)!;
  const turns = root.turns.edges.map((e) => e.node);
  expect(root.turns.totalCount).toBe(3);
  expect(turns.map((x) => x.toolboxChanged)).toEqual([false, true, false]);
  expect(turns[1].diff!.changed).toEqual(['refund_order']);
  expect(turns[1].invalidation!.cause).toBe('TOOL_UPDATED');
  expect(turns[1].providerCacheMissReason).toBe('tools_changed');
  expect(turns.every((x) => x.cost!.amountUsd! > 0 && x.cost!.credits! > 0)).toBe(true);
});
