import { execute, parse } from 'graphql';
import { TOOLBOX_QUERY } from '../bench/e2e/request-bodies';
import { buildLoadoutSchema } from '../src/schema/build-schema';
import { contextFor } from '../src/server/authenticate';
import { OPERATOR_TOKEN, codeOf, startTestServer, typed, type Created, type TestServer } from './support/harness';

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

const TOOLBOX = typed<{
  toolbox: {
    fingerprint: string;
    toolCount: number;
    loadoutVersion: number;
    tools: Array<{ position: number; name: string; contentHash: string }>;
    dropped: Array<{ tool: { name: string }; reason: string }>;
  };
}>(`query($agentId: ID!, $channel: String!, $page: PageInput) {
  toolbox(agentId: $agentId, channel: $channel, page: $page) {
    fingerprint toolCount loadoutVersion tools { position name contentHash } dropped { tool { name } reason }
  }
}`);

it('serves a toolbox in Sort Order with drop reasons and a stable fingerprint', async () => {
  const agent = (
    await t.ok<{ createAgent: { id: string; maxTools: number } }>(
      key,
      `mutation { createAgent(input: { name: "a", maxTools: 2 }) { id maxTools } }`,
    )
  ).createAgent;
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
  expect(box.tools.map((x) => x.name)).toEqual(['first', 'a_tool']);
  expect(box.dropped).toEqual([{ tool: { name: 'b_tool' }, reason: 'OVER_MAX_TOOLS' }]);
  const again = (await t.ok(key, TOOLBOX, { agentId: agent.id, channel: 'web' })).toolbox;
  expect(again.fingerprint).toBe(box.fingerprint);
});

it('refuses an unknown channel naming the field', async () => {
  const agent = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "b" }) { id } }`)).createAgent;
  const result = await t.gql(key, TOOLBOX, { agentId: agent.id, channel: 'nope' });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect(result.errors?.[0].extensions?.field).toBe('channel');
});

describe('the per-turn toolbox query', () => {
  // Shapes a runtime or a frontend sends: the benchmark's query (answered without graphql-js's executor),
  // aliases, fragments and `__typename` on it, and fields only graphql-js resolves (agent, rendered).
  const QUERIES = [
    TOOLBOX_QUERY,
    `query($a: ID!, $c: String!, $p: PageInput) { box: toolbox(agentId: $a, channel: $c, page: $p) {
      __typename ...Head page { type contextObject recordId } tools { __typename at: position ...Entry } dropped { reason tool { name sortOrder } }
    } }
    fragment Head on Toolbox { fingerprint loadoutVersion toolCount }
    fragment Entry on ToolboxEntry { name contentHash schemaTokens tool { name description } }`,
    `query($a: ID!, $c: String!, $p: PageInput) { toolbox(agentId: $a, channel: $c, page: $p) { agent { id name } fingerprint rendered tools { name } } }`,
  ];

  it('answers every shape exactly as graphql-js executes it, whatever the situation', async () => {
    await t.ok(key, `mutation { createContextObject(input: { key: "deal", name: "Deal" }) { id } }`);
    const agent = (await t.ok<Created<'createAgent'>>(key, `mutation { createAgent(input: { name: "runtime", maxTools: 3 }) { id } }`))
      .createAgent;
    const tools: Array<[string, number, string[], string[]]> = [
      ['search', 2, [], []],
      ['web_only', 1, ['web'], []],
      ['deal_notes', 0, [], ['deal']],
      ['api_only', 1, ['api'], []],
      ['last', 5, [], []],
    ];
    for (const [name, sortOrder, channels, contextObjects] of tools) {
      await t.ok(
        key,
        `mutation($name: String!, $s: Int, $ch: [String!], $co: [String!]) {
          createToolDefinition(input: { name: $name, description: "d", inputSchema: { type: "object", properties: { q: { type: "string" } } }, sortOrder: $s, channels: $ch, contextObjects: $co }) { id }
        }`,
        { name, s: sortOrder, ch: channels, co: contextObjects },
      );
    }
    const schema = await buildLoadoutSchema(t.server.services.pubSub);
    const situations = [
      { a: agent.id, c: 'web', p: null },
      { a: agent.id, c: 'api', p: { type: 'LIST' } },
      { a: agent.id, c: 'web', p: { type: 'RECORD', contextObject: 'deal', recordId: 'r1' } },
    ];
    for (const query of QUERIES) {
      for (const variables of situations) {
        const overHttp = await t.gql(key, query, variables);
        const context = await contextFor(t.server.services, OPERATOR_TOKEN, `Bearer ${key}`);
        const reference = await execute({ schema, document: parse(query), variableValues: variables, contextValue: context });
        expect(overHttp.errors).toBeUndefined();
        expect(reference.errors).toBeUndefined();
        expect(JSON.stringify(overHttp.data)).toBe(JSON.stringify(reference.data));
      }
    }
  });

  it('reports an unknown agent the same way on every shape', async () => {
    for (const query of QUERIES) {
      const result = await t.gql(key, query, { a: '00000000-0000-4000-8000-000000000000', c: 'web' });
      expect(codeOf(result)).toBe('NOT_FOUND');
      expect(result.data).toBeNull();
    }
  });
});
