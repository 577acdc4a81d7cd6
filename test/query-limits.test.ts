import { QUERY_LIMITS } from '../src/server/query-limits';
import { ChannelKeysDocument, ToolboxDocument, UpdateAgentDocument, type ToolboxQuery } from './support/generated/graphql';
import { codeOf, startTestServer, type GraphQLResult, type TestServer } from './support/harness';
import { RawSocket } from './support/raw-socket';
import { TestWorld } from './support/test-world';

let t: TestServer;
let admin: string;
let viewer: string;
let agentId: string;

const TOOLBOX_OPERATION = () => ({ query: `${ToolboxDocument}`, variables: { agentId } });

beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  const org = await world.organization('Test org', { agents: [{ name: 'agent' }] });
  admin = org.adminKey;
  [{ id: agentId }] = org.agents;
  viewer = await world.key(admin, 'VIEWER');
  await world.tools(admin, [{ name: 't', description: 'd', inputSchema: { type: 'object' } }]);
  // Three events, so the nested query has edges to expand at every level.
  for (const maxTools of [10, 20, 30]) await t.ok(admin, UpdateAgentDocument, { id: agentId, input: { maxTools } });
});
afterAll(() => t.stop());

/** One POST with a raw body; the status, the parsed JSON and how long it took. */
async function post(body: string, key: string | null = viewer): Promise<{ status: number; json: GraphQLResult; ms: number }> {
  const started = performance.now();
  const res = await fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });
  const json = (await res.json()) as GraphQLResult;
  return { status: res.status, json, ms: performance.now() - started };
}

const nestedInvalidations = (repeats: number): string => {
  let inner = 'id';
  for (let i = 0; i < repeats; i++) inner = `invalidations { edges { node { agent { ${inner} } } } }`;
  return `query($id: ID!) { agent(id: $id) { ${inner} } }`;
};

/** A request as either door takes it. */
interface Operation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/**
 * The two doors: HTTP, and graphql-ws on a socket of its own per operation.
 * An operation refused before it ran answers HTTP 400, and a graphql-ws
 * `error` message; both carry the same errors.
 */
const TRANSPORTS: Array<[string, (key: string, operation: Operation) => Promise<GraphQLResult & { refused: boolean }>]> = [
  [
    'HTTP',
    async (key, operation) => {
      const result = await post(JSON.stringify(operation), key);
      return { ...result.json, refused: result.status === 400 };
    },
  ],
  [
    'graphql-ws',
    async (key, operation) => {
      const socket = await RawSocket.withKey(t.url, key);
      try {
        const answer = await socket.run(operation);
        if (answer.kind === 'closed') throw new Error(`socket closed: ${JSON.stringify(answer.close)}`);
        return answer.kind === 'error' ? { errors: answer.payload, refused: true } : { ...answer.payload, refused: false };
      } finally {
        socket.close();
      }
    },
  ],
];

describe.each(TRANSPORTS)('over %s, hostile documents are refused with a code, fast, before any work', (_transport, send) => {
  // Generous: the requirement is well under 100 ms; CI machines are shared.
  const FAST_MS = 1_000;

  it.each([
    [
      'agent → invalidations → agent … nested 20 levels',
      () => ({ query: nestedInvalidations(20), variables: { id: agentId } }),
      /depth limit/,
    ],
    [
      '1,000 aliases of toolBudget',
      () => ({ query: `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: toolBudget { level }`).join(' ')} }` }),
      /more than 1000 tokens/,
    ],
    ['agent → invalidations → agent … at depth 22', () => ({ query: nestedInvalidations(5), variables: { id: agentId } }), /depth limit/],
    [
      '50 aliases of toolBudget',
      () => ({ query: `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: toolBudget { level }`).join(' ')} }` }),
      /Aliases limit of 15/,
    ],
    [
      '20 createChannel mutations',
      () => ({
        query: `mutation { ${Array.from({ length: 20 }, (_, i) => `createChannel(input: { key: "twenty${i}", name: "k" }) { id }`).join(' ')} }`,
      }),
      /At most 5 mutations per request, found 20/,
    ],
    [
      '16 aliases of toolbox',
      () => ({
        query: `query($a: ID!) { ${Array.from({ length: 16 }, (_, i) => `a${i}: toolbox(agentId: $a, channel: "web") { toolCount }`).join(' ')} }`,
        variables: { a: agentId },
      }),
      /Aliases limit of 15/,
    ],
    [
      'agent → project → agents → project … at depth 10',
      () => ({
        query: `query($id: ID!) { agent(id: $id) { project { agents { project { agents { project { agents { project { agents { id } } } } } } } } } }`,
        variables: { id: agentId },
      }),
      /depth limit/,
    ],
    [
      'every agent’s projects’ agents’ toolboxes',
      () => ({ query: `{ agents { project { agents { toolbox(channel: "web") { toolCount } project { agents { id } } } } } }` }),
      /cost limit/,
    ],
    [
      '5,000 aliased createChannel mutations',
      () => ({
        query: `mutation { ${Array.from({ length: 5000 }, (_, i) => `c${i}: createChannel(input: { key: "k${i}", name: "k" }) { id }`).join(' ')} }`,
      }),
      /more than 1000 tokens/,
    ],
    [
      'six createChannel mutations',
      () => ({
        query: `mutation { ${Array.from({ length: 6 }, (_, i) => `c${i}: createChannel(input: { key: "many${i}", name: "k" }) { id }`).join(' ')} }`,
      }),
      /At most 5 mutations/,
    ],
  ])('%s', async (_label, operation, message) => {
    const started = performance.now();
    const result = await send(admin, operation());
    expect(result.refused).toBe(true);
    expect(result.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(result.errors!.map((e) => e.message).join('\n')).toMatch(message);
    expect(performance.now() - started).toBeLessThan(FAST_MS);
  });

  it.each([
    ['introspection in production', `{ __schema { queryType { name } } }`, /Introspection is disabled/],
    ['a misspelt field, without a suggestion', `{ agnts { id } toolBudgt { level } }`, /Cannot query field "agnts"/],
    ['a document that does not parse', `{ me { id `, /Syntax Error/],
  ])('%s, for a VIEWER key', async (_label, query, message) => {
    const result = await send(viewer, { query });
    expect(result.refused).toBe(true);
    expect(result.errors![0].extensions!.code).toMatch(/^GRAPHQL_(VALIDATION|PARSE)_FAILED$/);
    expect(result.errors!.map((e) => e.message).join('\n')).toMatch(message);
    expect(JSON.stringify(result.errors)).not.toMatch(/Did you mean|"agents"|toolBudget"/);
  });

  it('a role below the operation’s is FORBIDDEN, and nothing is written', async () => {
    const result = await send(viewer, { query: `mutation { createChannel(input: { key: "viewer-made", name: "v" }) { id } }` });
    expect(result.errors![0].extensions!.code).toBe('FORBIDDEN');
    const channels = (await t.ok(viewer, ChannelKeysDocument)).channels.map((c) => c.key);
    expect(channels).not.toContain('viewer-made');
  });

  it('an unknown operation name, or several operations without one, is OPERATION_RESOLUTION_FAILURE', async () => {
    for (const operation of [
      { query: `query A { me { id } }`, operationName: 'B' },
      { query: `query A { me { id } } query B { me { role } }` },
    ]) {
      const result = await send(viewer, operation);
      expect(result.refused).toBe(true);
      expect(result.errors![0].extensions!.code).toBe('OPERATION_RESOLUTION_FAILURE');
    }
  });

  it('an error of a resolver carries its code, and the next operation is served', async () => {
    const missing = await send(viewer, {
      query: `${ToolboxDocument}`,
      variables: { agentId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.refused).toBe(false);
    expect(missing.errors![0].extensions!.code).toBe('NOT_FOUND');
    const ok = await send(viewer, TOOLBOX_OPERATION());
    expect(ok.errors).toBeUndefined();
    expect((ok.data as ToolboxQuery).toolbox.toolCount).toBe(1);
  });
});

describe('hostile documents over HTTP', () => {
  it('six refused mutations wrote nothing', async () => {
    expect((await t.ok(viewer, ChannelKeysDocument)).channels.map((c) => c.key)).toEqual(['web']);
  });

  it('a 3.9 MB document without a key is refused as too large, with JSON, not a reset', async () => {
    const query = `{ ${'me { id } '.repeat(400_000)} }`;
    const result = await post(JSON.stringify({ query }), null);
    expect(result.status).toBe(413);
    expect(result.json.errors![0].extensions!.code).toBe('BAD_REQUEST');
    expect(result.ms).toBeLessThan(5_000);
  });

  it('a 900 KB document without a key is refused by its tokens before the key is looked at', async () => {
    const result = await post(JSON.stringify({ query: `{ ${'me { id } '.repeat(80_000)} }` }), null);
    expect(result.status).toBe(400);
    expect(result.json.errors![0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(result.json.errors![0].message).toMatch(`more than ${QUERY_LIMITS.maxTokens} tokens`);
  });

  it('a body that is not JSON is a coded 400', async () => {
    const result = await post('{"query": ');
    expect(result.status).toBe(400);
    expect(result.json.errors![0].extensions!.code).toBe('BAD_REQUEST');
  });

  it('misspelled fields get no suggestions, with a key or without', async () => {
    for (const key of [null, viewer]) {
      const result = await t.gql(key, `{ agnts { id } toolBudgt { level } }`);
      expect(codeOf(result)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify(result.errors)).not.toMatch(/Did you mean|"agents"|toolBudget"/);
    }
    const mutation = await t.gql(null, `mutation { createChanel(input: { key: "x", name: "x" }) { id } }`);
    expect(JSON.stringify(mutation.errors)).not.toMatch(/Did you mean|createChannel/);
  });

  it('the toolbox keeps answering while deep and wide documents are refused', async () => {
    const hostile = Array.from({ length: 20 }, (_, i) =>
      post(
        JSON.stringify(
          i % 2
            ? { query: nestedInvalidations(20), variables: { id: agentId } }
            : { query: `{ ${'a: toolBudget { level } '.repeat(300)} }` },
        ),
      ),
    );
    const toolboxes = Array.from({ length: 10 }, () => t.ok(viewer, ToolboxDocument, { agentId }));
    const answers = await Promise.all(toolboxes);
    expect(new Set(answers.map((a) => a.toolbox.fingerprint)).size).toBe(1);
    for (const refused of await Promise.all(hostile)) expect(refused.json.errors![0].extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('the project’s own shapes pass: a page of 100 invalidations with their agents', async () => {
    const data = await t.ok<{ agent: { invalidations: { edges: unknown[] } } | null }>(
      viewer,
      `query($id: ID!) { agent(id: $id) { invalidations(first: 100) { edges { node { agent { name } affected { channel { key } } } } } } }`,
      { id: agentId },
    );
    expect(data.agent!.invalidations.edges.length).toBeGreaterThan(0);
  });
});
