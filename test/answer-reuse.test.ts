import fc from 'fast-check';
import { applyEdit, stepsWithEdits } from './support/edit-steps';
import { RevokeApiKeyDocument, UpdateToolDefinitionDocument } from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * Kept answers (docs/semantics.md §3.17): a toolbox request answered again
 * is given the answer kept for it while the organisation's loadout and the
 * key are unchanged, byte for byte what building it gives, with an ETag a
 * conditional GET can send back for a 304.
 */

const CHANNELS = ['web', 'sms'] as const;
const TOOLS = 8;
const AGENTS = 2;
/** What runtimes select of a toolbox: the text of each query is what a kept answer is kept for, so they are written here. */
const SELECTIONS = [
  'fingerprint toolCount schemaTokens tools { position name contentHash schemaTokens }',
  'id loadoutVersion fingerprint dropped { name reason }',
  'channel { key name } page { type contextObject recordId } tools { name }',
] as const;
const QUERY = (selection: string) =>
  `query($a: ID!, $c: String!, $p: PageInput) { toolbox(agentId: $a, channel: $c, page: $p) { ${selection} } }`;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

interface Sent {
  status: number;
  etag: string | null;
  body: string;
  contentType: string | null;
}

/** One toolbox request as a runtime sends it: POST, or GET with Apollo's preflight header; `fresh` asks for a built answer. */
async function send(
  key: string,
  query: string,
  variables: Record<string, unknown>,
  how: { method?: 'GET' | 'POST'; fresh?: boolean; ifNoneMatch?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (how.fresh) headers['cache-control'] = 'no-cache';
  if (how.ifNoneMatch) headers['if-none-match'] = how.ifNoneMatch;
  let res: Response;
  if (how.method === 'GET') {
    const search = new URLSearchParams({ query, variables: JSON.stringify(variables) });
    res = await fetch(`${t.url}?${search}`, { headers: { ...headers, 'apollo-require-preflight': 'true' } });
  } else {
    res = await fetch(t.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  }
  return { status: res.status, etag: res.headers.get('etag'), body: await res.text(), contentType: res.headers.get('content-type') };
}

const reused = () => t.server.services.stats.answersReused;

/**
 * Sends a request again until it is given a kept answer (five tries): on a
 * PostgreSQL server the notification of the world's last edit arrives after
 * that edit's answer, and forgets what was kept before it came.
 */
async function sendUntilKept(key: string, query: string, variables: Record<string, unknown>, how: { method?: 'GET' | 'POST' } = {}) {
  const answers: Sent[] = [];
  for (let tries = 0; tries < 5; tries++) {
    const before = reused();
    answers.push(await send(key, query, variables, how));
    if (reused() > before) return { answers, given: true };
  }
  return { answers, given: false };
}

async function smallWorld(name: string) {
  const {
    adminKey,
    tools,
    agents: [agent],
  } = await new TestWorld(t).organization(name, {
    channels: CHANNELS.map((k) => ({ key: k, name: k })),
    tools: Array.from({ length: 3 }, (_, i) => ({ name: `tool_${i}`, description: `Tool ${i}`, inputSchema: { type: 'object' } })),
    agents: [{ name: 'helper' }],
  });
  return { adminKey, tools, agent, variables: { a: agent.id, c: 'web', p: null } };
}

describe('a repeated toolbox request', () => {
  it('is given the kept answer, byte for byte the built one, with the same ETag', async () => {
    const w = await smallWorld('repeat');
    const query = QUERY(SELECTIONS[0]);
    const first = await send(w.adminKey, query, w.variables);
    const again = await sendUntilKept(w.adminKey, query, w.variables);
    expect(again.given).toBe(true);
    const before = reused();
    const built = await send(w.adminKey, query, w.variables, { fresh: true });
    expect(reused()).toBe(before);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[0-9a-f]{32}"$/);
    for (const other of [...again.answers, built]) expect(other).toEqual(first);
    expect(JSON.parse(first.body).data.toolbox.toolCount).toBe(3);
  });

  it('after an edit is built again: the new toolbox, another ETag', async () => {
    const w = await smallWorld('edited');
    const query = QUERY(SELECTIONS[0]);
    const first = await send(w.adminKey, query, w.variables);
    await send(w.adminKey, query, w.variables);
    await t.ok(w.adminKey, UpdateToolDefinitionDocument, { id: w.tools[0].id, input: { active: false } });
    const before = reused();
    const after = await send(w.adminKey, query, w.variables);
    expect(reused()).toBe(before);
    expect(JSON.parse(after.body).data.toolbox.toolCount).toBe(2);
    expect(after.etag).not.toBe(first.etag);
  });

  it('is never given to a key revoked since, nor to another organisation', async () => {
    const w = await smallWorld('revoked');
    const [created] = await new TestWorld(t).keys(w.adminKey, [{ name: 'runtime', role: 'RUNTIME' }]);
    const runtimeKey = created.apiKey;
    const query = QUERY(SELECTIONS[0]);
    expect((await send(runtimeKey, query, w.variables)).status).toBe(200);
    await t.ok(w.adminKey, RevokeApiKeyDocument, { principalId: created.principal.id });
    const refused = JSON.parse((await send(runtimeKey, query, w.variables)).body);
    expect(codeOf(refused)).toBe('UNAUTHENTICATED');

    const other = await t.createOrganization('stranger');
    const stranger = JSON.parse((await send(other.adminKey, query, w.variables)).body);
    expect(codeOf(stranger)).toBe('NOT_FOUND');
  });

  it('keeps no error and nothing a resolver of its own reads', async () => {
    const w = await smallWorld('not kept');
    const before = reused();
    for (let i = 0; i < 2; i++) {
      const missing = await send(w.adminKey, QUERY('fingerprint'), { ...w.variables, a: '00000000-0000-4000-8000-000000000000' });
      expect(codeOf(JSON.parse(missing.body))).toBe('NOT_FOUND');
      expect(missing.etag).toBeNull();
      const stored = await send(w.adminKey, QUERY('agent { name } tools { tool { id } }'), w.variables);
      expect(JSON.parse(stored.body).data.toolbox.agent.name).toBe('helper');
      expect(stored.etag).toBeNull();
    }
    expect(reused()).toBe(before);
  });
});

describe('a conditional GET', () => {
  it('holding the current ETag is answered 304, and 200 with the new toolbox once it changed', async () => {
    const w = await smallWorld('conditional');
    const query = QUERY(SELECTIONS[0]);
    const first = await send(w.adminKey, query, w.variables, { method: 'GET' });
    expect(first.status).toBe(200);
    const etag = first.etag!;
    const held = await send(w.adminKey, query, w.variables, { method: 'GET', ifNoneMatch: `W/"other", ${etag}` });
    expect(held).toEqual({ status: 304, etag, body: '', contentType: null });
    // A POST is not a conditional request: it always carries the answer.
    const posted = await send(w.adminKey, query, w.variables, { ifNoneMatch: etag });
    expect([posted.status, posted.etag, posted.body]).toEqual([200, etag, first.body]);

    await t.ok(w.adminKey, UpdateToolDefinitionDocument, { id: w.tools[1].id, input: { description: 'Tool 1, said better' } });
    const changed = await send(w.adminKey, query, w.variables, { method: 'GET', ifNoneMatch: etag });
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(etag);
    expect(JSON.parse(changed.body).data.toolbox.fingerprint).not.toBe(JSON.parse(first.body).data.toolbox.fingerprint);
    const builtHeld = await send(w.adminKey, query, w.variables, { method: 'GET', ifNoneMatch: changed.etag!, fresh: true });
    expect(builtHeld.status).toBe(304);
  });
});

const step = stepsWithEdits(
  fc.record({
    kind: fc.constant('ask' as const),
    agent: fc.nat(AGENTS - 1),
    channel: fc.constantFrom(...CHANNELS),
    page: fc.constantFrom(null, { type: 'HOME' }, { type: 'LIST' }, { type: 'RECORD' }, { type: 'RECORD', recordId: 'r-1' }),
    selection: fc.constantFrom(...SELECTIONS),
    method: fc.constantFrom('GET' as const, 'POST' as const),
  }),
  { tools: TOOLS, agents: AGENTS, channels: CHANNELS, maxTools: 9, effects: ['DENY'] },
);
const script = fc.record({
  tools: fc.array(fc.record({ channels: fc.subarray([...CHANNELS]), active: fc.boolean(), sortOrder: fc.integer({ min: 0, max: 4 }) }), {
    minLength: TOOLS,
    maxLength: TOOLS,
  }),
  steps: fc.array(step, { minLength: 20, maxLength: 35 }),
});

let worlds = 0;

it('gives, over generated worlds and edits, exactly what building the answer gives', async () => {
  await fc.assert(
    fc.asyncProperty(script, async (s) => {
      const {
        adminKey: key,
        tools,
        agents,
      } = await new TestWorld(t).organization(`oracle-${++worlds}`, {
        channels: CHANNELS.map((k) => ({ key: k, name: k })),
        tools: s.tools.map((tool, i) => ({
          name: `tool_${i}`,
          description: `Tool ${i}`,
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
          channels: tool.channels,
          active: tool.active,
          sortOrder: tool.sortOrder,
        })),
        agents: Array.from({ length: AGENTS }, (_, i) => ({ name: `agent ${i}`, maxTools: 5 })),
      });
      for (const [n, e] of s.steps.entries()) {
        if (e.kind === 'ask') {
          const variables = { a: agents[e.agent].id, c: e.channel, p: e.page };
          const query = QUERY(e.selection);
          // Kept from an earlier step when nothing changed since, else built now; then kept.
          const first = await send(key, query, variables, { method: e.method });
          const again = await sendUntilKept(key, query, variables, { method: e.method });
          expect(again.given).toBe(true);
          const built = await send(key, query, variables, { method: e.method, fresh: true });
          for (const answer of [first, ...again.answers]) expect(answer).toEqual(built);
        } else {
          await applyEdit(t, key, { tools, agents }, e, n);
        }
      }
    }),
    { numRuns: 8, endOnFailure: true },
  );
}, 300_000);
