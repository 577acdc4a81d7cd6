import WebSocket from 'ws';
import { RecordToolCallsDocument, ToolboxDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * What an operator reads: request ids on every answer, `/metrics` in
 * Prometheus' format with bounded labels, readable from this host or with
 * the metrics token.
 */
let t: TestServer;
let world: TestWorld;
const METRICS_TOKEN = 'metrics-secret';
beforeAll(async () => {
  t = await startTestServer({ metricsToken: null, statementTimeoutMs: 1_234 });
  world = new TestWorld(t);
});
afterAll(() => t.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function post(key: string | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(t.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

/** The value of one sample of the scraped text (0 when absent). */
function sample(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const scrape = async () => {
  const res = await fetch(`${t.server.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};

describe('request ids', () => {
  it('returns the caller’s x-request-id, or a fresh one, and never keeps an unusable one', async () => {
    const given = await post(null, { query: '{ __typename }' }, { 'x-request-id': 'trace-42.a:b' });
    expect(given.headers.get('x-request-id')).toBe('trace-42.a:b');
    const fresh = [await post(null, { query: '{ __typename }' }), await post(null, { query: '{ __typename }' })];
    const ids = fresh.map((r) => r.headers.get('x-request-id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    for (const bad of ['x'.repeat(129), 'two words', 'quote"d']) {
      const res = await post(null, { query: '{ __typename }' }, { 'x-request-id': bad });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const rest = await fetch(`${t.server.url}/rpc/tools/gc`, { headers: { 'x-request-id': 'rest-1' } });
    expect(rest.headers.get('x-request-id')).toBe('rest-1');
  });
});

it('bounds every statement on a PostgreSQL server with the configured statement_timeout', async () => {
  const [{ statement_timeout }] = await t.server.services.db.dataSource.query(`SHOW statement_timeout`);
  // The embedded database is one session of this process: nothing to cut off there.
  // Through a transaction pooler the timeout is the database's own (docs/operations.md, "Poolers"): the harness sets 30 s.
  const expected = t.databaseKind === 'embedded' ? '0' : process.env.LOADOUT_TEST_POOLER_URL ? '30s' : '1234ms';
  expect(statement_timeout).toBe(expected);
});

describe('/metrics', () => {
  it('counts requests by operation (a schema name, whatever clients call theirs), errors by code, calls, events and the loadout cache', async () => {
    const {
      adminKey,
      agents: [agent],
    } = await world.organization('metrics', { agents: [{ name: 'a' }] });
    const before = await scrape();

    const ws = new WebSocket(`${t.server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const heard: Array<{ type: string }> = [];
    ws.on('message', (data) => heard.push(JSON.parse(String(data)) as { type: string }));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${adminKey}` } }));
    await sleep(200);
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { toolboxInvalidated { id } }` } }));
    await sleep(200);

    await world.tools(adminKey, [{ name: 'lookup', description: 'd', inputSchema: { type: 'object' } }]);
    for (let i = 0; i < 30; i++) {
      const res = await post(adminKey, {
        query: `query Client${i}($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint } }`,
        variables: { a: agent.id },
        operationName: `Client${i}`,
      });
      expect(res.status).toBe(200);
    }
    const calls = [
      { toolName: 'lookup', isError: false, idempotencyKey: 'k1' },
      { toolName: 'lookup', isError: false, idempotencyKey: 'k1' },
      { toolName: 'lookup', isError: false, idempotencyKey: 'k2' },
    ];
    await t.ok(adminKey, RecordToolCallsDocument, { calls });
    await post(null, { query: '{ agents { id } }' });
    await post(adminKey, { query: `${ToolboxDocument}`, variables: { agentId: '00000000-0000-4000-8000-000000000000' } });
    while (!heard.some((m) => m.type === 'next')) await sleep(20);
    ws.close();

    const after = await scrape();
    const delta = (name: string, labels = '') => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('loadout_request_duration_seconds_count', 'operation="toolbox"')).toBe(31);
    expect(delta('loadout_request_duration_seconds_count', 'operation="recordToolCalls"')).toBe(1);
    expect(after).not.toMatch(/Client\d/);
    expect(delta('loadout_errors_total', 'code="UNAUTHENTICATED"')).toBe(1);
    expect(delta('loadout_errors_total', 'code="NOT_FOUND"')).toBe(1);
    expect(delta('loadout_tool_calls_accepted_total')).toBe(2);
    expect(delta('loadout_tool_calls_deduplicated_total')).toBe(1);
    expect(delta('loadout_events_published_total')).toBe(1);
    expect(delta('loadout_events_delivered_total')).toBe(1);
    expect(delta('loadout_loadout_cache_hits_total')).toBeGreaterThanOrEqual(29);
    expect(sample(after, 'loadout_db_pool_connections', 'state="idle"')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^loadout_db_pool_waiting 0$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('counts toolbox reads the direct path answers and hands back, each reading the loadout once', async () => {
    const {
      adminKey,
      agents: [agent],
    } = await world.organization('direct', { agents: [{ name: 'a' }] });
    const toolbox = (agentId: string) =>
      post(adminKey, { query: `query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint } }`, variables: { a: agentId } });
    const counts = async () => {
      const text = await scrape();
      return {
        answered: sample(text, 'loadout_direct_execution_total', 'outcome="answered"'),
        handedBack: sample(text, 'loadout_direct_execution_total', 'outcome="handed_back"'),
        loadoutReads: sample(text, 'loadout_loadout_cache_hits_total') + sample(text, 'loadout_loadout_cache_misses_total'),
      };
    };

    const before = await counts();
    expect((await (await toolbox(agent.id)).json()).data.toolbox.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const answered = await counts();
    expect(answered).toEqual({ answered: before.answered + 1, handedBack: before.handedBack, loadoutReads: before.loadoutReads + 1 });

    // An unknown agent: the resolver throws, and graphql-js reports the error the direct path already has.
    expect((await (await toolbox('00000000-0000-4000-8000-000000000000')).json()).errors[0].extensions.code).toBe('NOT_FOUND');
    const handedBack = await counts();
    expect(handedBack).toEqual({
      answered: answered.answered,
      handedBack: answered.handedBack + 1,
      loadoutReads: answered.loadoutReads + 1,
    });
  });

  it('wants the metrics token once one is configured', async () => {
    const guarded = await startTestServer({ metricsToken: METRICS_TOKEN });
    try {
      expect((await fetch(`${guarded.server.url}/metrics`)).status).toBe(401);
      const res = await fetch(`${guarded.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('loadout_request_duration_seconds');
    } finally {
      await guarded.stop();
    }
  });
});
