import { auditServer } from 'graphql-http';
import { startTestServer, type TestServer } from './support/harness';

/**
 * The direct path for plain queries changes no answer: the GraphQL over HTTP
 * audit and a set of malformed requests get the same status and error codes
 * with it and without it, and none is a 500.
 */
let direct: TestServer;
let plain: TestServer;
const keys = new Map<TestServer, string>();

beforeAll(async () => {
  // Outside production: two of the audit's documents ask for `__type`, which production refuses.
  [direct, plain] = await Promise.all([
    startTestServer({ production: false }),
    startTestServer({ production: false, directExecution: false }),
  ]);
  for (const t of [direct, plain]) keys.set(t, (await t.createOrganization('audit')).adminKey);
});
afterAll(async () => {
  await Promise.all([direct.stop(), plain.stop()]);
});

interface Request {
  method?: string;
  headers?: Record<string, string>;
  search?: string;
  body?: string;
}

const MALFORMED: Array<[string, Request]> = [
  ['an unknown operation name', { body: JSON.stringify({ query: 'query A { __typename }', operationName: 'B' }) }],
  ['two operations without a name', { body: JSON.stringify({ query: 'query A { __typename } query B { __typename }' }) }],
  ['two anonymous operations', { body: JSON.stringify({ query: '{ __typename } { __typename }' }) }],
  ['an operation name on a document without one', { body: JSON.stringify({ query: '{ __typename }', operationName: 'A' }) }],
  ['a name given as a number', { body: JSON.stringify({ query: 'query A { __typename }', operationName: 1 }) }],
  ['no query', { body: JSON.stringify({ variables: {} }) }],
  ['a query that is not a string', { body: JSON.stringify({ query: { a: 1 } }) }],
  ['variables that are not an object', { body: JSON.stringify({ query: '{ __typename }', variables: [1] }) }],
  ['a missing variable', { body: JSON.stringify({ query: 'query($a: ID!) { agent(id: $a) { id } }' }) }],
  [
    'a missing variable of the toolbox query',
    { body: JSON.stringify({ query: 'query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint } }' }) },
  ],
  [
    'the toolbox of an unknown agent',
    { body: JSON.stringify({ query: '{ toolbox(agentId: "nope", channel: "web") { fingerprint toolCount } }' }) },
  ],
  ['a document that does not parse', { body: JSON.stringify({ query: '{ __typename' }) }],
  ['a body that is not JSON', { body: '{"query": ' }],
  ['a mutation over GET', { method: 'GET', search: `?query=${encodeURIComponent('mutation { revokeApiKey(id: "x") }')}` }],
  ['a GET without a query', { method: 'GET', search: '?variables=%7B%7D' }],
  ['a subscription over HTTP', { body: JSON.stringify({ query: 'subscription { toolboxInvalidated { id } }' }) }],
  [
    'a subscription among other operations, picked by name',
    { body: JSON.stringify({ query: 'query A { __typename } subscription B { toolboxInvalidated { id } }', operationName: 'B' }) },
  ],
];

async function send(t: TestServer, request: Request) {
  const res = await fetch(`${t.url}${request.search ?? ''}`, {
    method: request.method ?? 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.get(t)}`, ...request.headers },
    body: request.method === 'GET' ? undefined : request.body,
  });
  const text = await res.text();
  let codes: unknown[] = [];
  try {
    codes = (JSON.parse(text).errors ?? []).map((e: { extensions?: { code?: unknown } }) => e.extensions?.code);
  } catch {
    codes = ['not JSON'];
  }
  return { status: res.status, codes };
}

it.each(MALFORMED)('%s: the same answer with the direct path and without it, and never a 500', async (_label, request) => {
  const [a, b] = await Promise.all([send(direct, request), send(plain, request)]);
  expect(a).toEqual(b);
  expect(a.status).toBeLessThan(500);
});

it('the GraphQL over HTTP audit finds the same with the direct path and without it', async () => {
  const [a, b] = await Promise.all([auditServer({ url: direct.url }), auditServer({ url: plain.url })]);
  const summary = (results: typeof a) =>
    results.map((r) => ({ id: r.id, status: r.status, code: 'response' in r ? r.response.status : undefined }));
  expect(summary(a)).toEqual(summary(b));
  expect(summary(a).filter((r) => r.status === 'error' || (r.code ?? 0) >= 500)).toEqual([]);
});
