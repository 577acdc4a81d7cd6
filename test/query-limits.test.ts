import { QUERY_LIMITS } from '../src/server/query-limits';
import { codeOf, startTestServer, type TestServer } from './support/harness';

let t: TestServer;
let admin: string;
let viewer: string;
let agentId: string;

const TOOLBOX = `query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint toolCount } }`;

beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.createOrganization()).adminKey;
  viewer = await t.createKey(admin, 'VIEWER');
  await t.ok(admin, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
  agentId = (await t.ok(admin, `mutation { createAgent(input: { name: "agent" }) { id } }`)).createAgent.id;
  await t.ok(admin, `mutation { createToolDefinition(input: { name: "t", description: "d", inputSchema: { type: "object" } }) { id } }`);
  // Three events, so the nested query has edges to expand at every level.
  for (const maxTools of [10, 20, 30])
    await t.ok(admin, `mutation($id: ID!, $m: Int!) { updateAgent(id: $id, input: { maxTools: $m }) { id } }`, {
      id: agentId,
      m: maxTools,
    });
});
afterAll(() => t.stop());

/** One POST with a raw body; the status, the parsed JSON and how long it took. */
async function post(body: string, key: string | null = viewer): Promise<{ status: number; json: any; ms: number }> {
  const started = performance.now();
  const res = await fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body,
  });
  const json = await res.json();
  return { status: res.status, json, ms: performance.now() - started };
}

const nestedInvalidations = (repeats: number): string => {
  let inner = 'id';
  for (let i = 0; i < repeats; i++) inner = `invalidations { edges { node { agent { ${inner} } } } }`;
  return `query($id: ID!) { agent(id: $id) { ${inner} } }`;
};

describe('hostile documents are refused with a code, fast, before any work', () => {
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
  ])('%s', async (_label, body, message) => {
    const result = await post(JSON.stringify(body()), admin);
    expect(result.status).toBe(400);
    expect(result.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(result.json.errors.map((e: { message: string }) => e.message).join('\n')).toMatch(message);
    expect(result.ms).toBeLessThan(FAST_MS);
  });

  it('six refused mutations wrote nothing', async () => {
    expect((await t.ok(viewer, `{ channels { key } }`)).channels.map((c: { key: string }) => c.key)).toEqual(['web']);
  });

  it('a 3.9 MB document without a key is refused as too large, with JSON, not a reset', async () => {
    const query = `{ ${'me { id } '.repeat(400_000)} }`;
    const result = await post(JSON.stringify({ query }), null);
    expect(result.status).toBe(413);
    expect(result.json.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(result.ms).toBeLessThan(5_000);
  });

  it('a 900 KB document without a key is refused by its tokens before the key is looked at', async () => {
    const result = await post(JSON.stringify({ query: `{ ${'me { id } '.repeat(80_000)} }` }), null);
    expect(result.status).toBe(400);
    expect(result.json.errors[0]).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    expect(result.json.errors[0].message).toMatch(`more than ${QUERY_LIMITS.maxTokens} tokens`);
  });

  it('a body that is not JSON is a coded 400', async () => {
    const result = await post('{"query": ');
    expect(result.status).toBe(400);
    expect(result.json.errors[0].extensions.code).toBe('BAD_REQUEST');
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
    const toolboxes = Array.from({ length: 10 }, () => t.ok(viewer, TOOLBOX, { a: agentId }));
    const answers = await Promise.all(toolboxes);
    expect(new Set(answers.map((a) => a.toolbox.fingerprint)).size).toBe(1);
    for (const refused of await Promise.all(hostile)) expect(refused.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('the project’s own shapes pass: a page of 100 invalidations with their agents', async () => {
    const data = await t.ok(
      viewer,
      `query($id: ID!) { agent(id: $id) { invalidations(first: 100) { edges { node { agent { name } affected { channel { key } } } } } } }`,
      { id: agentId },
    );
    expect(data.agent.invalidations.edges.length).toBeGreaterThan(0);
  });
});
