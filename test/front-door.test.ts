import fs from 'node:fs';
import path from 'node:path';
import { ToolboxDocument } from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/** What a person meets first: the server's root, its icon, and errors that say what to do next. */
let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const org = await world.organization('Front door org', {
    channels: [
      { key: 'web', name: 'Web' },
      { key: 'api', name: 'API' },
    ],
    agents: [{ name: 'Helper' }],
  });
  key = org.adminKey;
  [{ id: agentId }] = org.agents;
}, 120_000);

afterAll(() => t?.stop());

const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

it('answers GET / with a page naming /graphql, /debugger, /healthz and the version', async () => {
  const res = await fetch(`${t.server.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  for (const path of ['/graphql', '/debugger', '/healthz']) expect(html).toContain(`href="${path}"`);
  expect(html).toContain(version);
  expect(html).toContain('rel="icon"');
});

it('answers GET / as JSON for a client asking for it', async () => {
  const res = await fetch(`${t.server.url}/`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { version: string; links: Array<{ path: string }> };
  expect(body.version).toBe(version);
  expect(body.links.map((l) => l.path)).toEqual(expect.arrayContaining(['/graphql', '/debugger', '/healthz']));
});

it('refuses a GraphQL request sent to / with 405, naming /graphql', async () => {
  const res = await fetch(`${t.server.url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query: '{ __typename }' }),
  });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('GET, HEAD');
  expect(await res.json()).toEqual({
    error: { code: 'METHOD_NOT_ALLOWED', message: 'POST / is not GraphQL: send GraphQL requests to POST /graphql' },
  });
});

it('serves an icon where browsers look for one, and still 404s a path it does not know', async () => {
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    const res = await fetch(`${t.server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  }
  expect((await fetch(`${t.server.url}/nothing-here`)).status).toBe(404);
});

it('lists the known channel keys when a toolbox or a conversation names an unknown one', async () => {
  const preview = await t.gql(key, ToolboxDocument, { agentId, channel: 'webb' });
  expect(codeOf(preview)).toBe('BAD_USER_INPUT');
  expect(preview.errors![0].extensions!.field).toBe('channel');
  expect(preview.errors![0].message).toContain("no channel with key 'webb'; known channels: api, web");

  const started = await t.gql(key, `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "webb", userId: "u" }) { id } }`, {
    a: agentId,
  });
  expect(codeOf(started)).toBe('BAD_USER_INPUT');
  expect(started.errors![0].extensions!.field).toBe('input.channel');
  expect(started.errors![0].message).toContain('known channels: api, web');
});

it('says where the operator token comes from when an organisation key tries an operator mutation', async () => {
  const refused = await t.gql(key, `mutation { createOrganization(input: { name: "Nope" }) { apiKey } }`);
  expect(codeOf(refused)).toBe('FORBIDDEN');
  expect(refused.errors![0].message).toContain('Only the platform operator may do this');
  expect(refused.errors![0].message).toContain('LOADOUT_ADMIN_TOKEN');
  // The operator's own token still works.
  await world.organizations(['Yes']);
});
