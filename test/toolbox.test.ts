import { codeOf, startTestServer, type TestServer } from './support/harness';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(
    key,
    `mutation { a: createChannel(input: { key: "web", name: "Web" }) { id } b: createChannel(input: { key: "api", name: "API" }) { id } }`,
  );
});
afterAll(() => t.stop());

const TOOLBOX = `query($agentId: ID!, $channel: String!, $page: PageInput) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    fingerprint toolCount loadoutVersion tools { position name contentHash } dropped { tool { name } reason }
  }
}`;

it('serves a toolbox in Sort Order with drop reasons and a stable fingerprint', async () => {
  const agent = (await t.ok(key, `mutation { createAgent(input: { name: "a", maxTools: 2 }) { id maxTools } }`)).createAgent;
  for (const [name, sortOrder] of [
    ['b_tool', 1],
    ['a_tool', 1],
    ['first', 0],
  ] as const) {
    await t.ok(
      key,
      `mutation($name: String!, $s: Int) { createToolDefinition(input: { name: $name, description: "d", inputSchema: { type: "object" }, sortOrder: $s }) { id } }`,
      { name, s: sortOrder },
    );
  }
  const box = (await t.ok(key, TOOLBOX, { agentId: agent.id, channel: 'web' })).toolbox;
  expect(box.tools.map((x: any) => x.name)).toEqual(['first', 'a_tool']);
  expect(box.dropped).toEqual([{ tool: { name: 'b_tool' }, reason: 'OVER_MAX_TOOLS' }]);
  const again = (await t.ok(key, TOOLBOX, { agentId: agent.id, channel: 'web' })).toolbox;
  expect(again.fingerprint).toBe(box.fingerprint);
});

it('refuses an unknown channel naming the field', async () => {
  const agent = (await t.ok(key, `mutation { createAgent(input: { name: "b" }) { id } }`)).createAgent;
  const result = await t.gql(key, TOOLBOX, { agentId: agent.id, channel: 'nope' });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect(result.errors?.[0].extensions?.field).toBe('channel');
});
