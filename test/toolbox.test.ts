import { execute, parse } from 'graphql';
import { TOOLBOX_QUERY } from '../bench/e2e/request-bodies';
import { buildLoadoutSchema } from '../src/schema/build-schema';
import { contextFor } from '../src/server/authenticate';
import { ToolboxDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let key: string;
let world: TestWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  ({ adminKey: key } = await world.organization('Test org', {
    channels: [
      { key: 'web', name: 'Web' },
      { key: 'api', name: 'API' },
    ],
  }));
});
afterAll(() => t.stop());

it('serves a toolbox in Sort Order with drop reasons and a stable fingerprint', async () => {
  const [agent] = await world.agents(key, [{ name: 'a', maxTools: 2 }]);
  await world.tools(
    key,
    (
      [
        ['b_tool', 1],
        ['a_tool', 1],
        ['first', 0],
      ] as const
    ).map(([name, sortOrder]) => ({ name, description: 'd', inputSchema: { type: 'object' }, sortOrder })),
  );
  const box = await world.toolbox(key, { agentId: agent.id, channel: 'web' });
  expect(box.tools.map((x) => x.name)).toEqual(['first', 'a_tool']);
  expect(box.dropped).toEqual([{ tool: { name: 'b_tool' }, reason: 'OVER_MAX_TOOLS' }]);
  const again = await world.toolbox(key, { agentId: agent.id, channel: 'web' });
  expect(again.fingerprint).toBe(box.fingerprint);
});

it('refuses an unknown channel naming the field', async () => {
  const [agent] = await world.agents(key, [{ name: 'b' }]);
  const result = await t.gql(key, ToolboxDocument, { agentId: agent.id, channel: 'nope' });
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
    await world.contextObjects(key, [{ key: 'deal', name: 'Deal' }]);
    const [agent] = await world.agents(key, [{ name: 'runtime', maxTools: 3 }]);
    const tools: Array<[string, number, string[], string[]]> = [
      ['search', 2, [], []],
      ['web_only', 1, ['web'], []],
      ['deal_notes', 0, [], ['deal']],
      ['api_only', 1, ['api'], []],
      ['last', 5, [], []],
    ];
    await world.tools(
      key,
      tools.map(([name, sortOrder, channels, contextObjects]) => ({
        name,
        description: 'd',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        sortOrder,
        channels,
        contextObjects,
      })),
    );
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
