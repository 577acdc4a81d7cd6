import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildOnce } from './support/build-once';
import { BeginTurnDocument, TurnRecordDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt } from './support/harness';
import { migratedDatabaseFor, type BuiltServerDatabase } from './support/migrated-template';
import { fencedBlocks } from './support/runnable-blocks';
import { TestWorld } from './support/test-world';

/**
 * The built server in its own process with an OTLP endpoint, as
 * docs/operations.md ("Tracing") sets it up, exporting to a receiver in this
 * process: the caller's trace goes on through the request and GraphQL spans,
 * each completed turn is a GenAI span under the operation that completed it,
 * statements are traced (on a PostgreSQL server) only when asked for, and no
 * key, token, variable or query string value is in any of it.
 */
const root = path.join(__dirname, '..');
const SECRET_DESCRIPTION = `looks up an order ${randomBytes(8).toString('hex')}`;

interface Span {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  startMs: number;
  endMs: number;
  attributes: Record<string, string | number | boolean>;
}

/** What the receiver was sent: every span, each request's raw body, and the resources. */
const spans: Span[] = [];
const bodies: string[] = [];
const serviceNames = new Set<string>();
let receiver: http.Server;
let child: ChildProcess;
let base = '';
let receiverPort = 0;
/** Each server's database, removed at the end. */
const databases: BuiltServerDatabase[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PG_SCOPE = '@opentelemetry/instrumentation-pg';

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: Array<{ key: string; value: OtlpValue }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: OtlpValue }> };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

const valueOf = (v: OtlpValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.doubleValue ?? v.boolValue ?? ''));
const attributesOf = (list: Array<{ key: string; value: OtlpValue }> = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** The spans of one export. */
function spansOf(body: string): Span[] {
  const sent = JSON.parse(body) as OtlpExport;
  const found: Span[] = [];
  for (const resourceSpans of sent.resourceSpans) {
    serviceNames.add(String(attributesOf(resourceSpans.resource.attributes)['service.name']));
    for (const { scope, spans: list } of resourceSpans.scopeSpans)
      for (const s of list)
        found.push({
          scope: scope.name,
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? '',
          name: s.name,
          startMs: Number(BigInt(s.startTimeUnixNano) / 1_000_000n),
          endMs: Number(BigInt(s.endTimeUnixNano) / 1_000_000n),
          attributes: attributesOf(s.attributes),
        });
  }
  return found;
}

function receive(body: string): void {
  bodies.push(body);
  spans.push(...spansOf(body));
}

async function spansUntil(found: (all: Span[]) => boolean): Promise<Span[]> {
  const deadline = Date.now() + 15_000;
  while (!found(spans) && Date.now() < deadline) await sleep(50);
  return spans;
}

beforeAll(async () => {
  await buildOnce();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const json = req.url === '/v1/traces' && req.headers['content-type'] === 'application/json';
      if (json) receive(body);
      res.writeHead(json ? 200 : 415, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  receiverPort = port;
  ({ child, base } = await startLoadout(port, { OTEL_BSP_SCHEDULE_DELAY: '100' }));
}, 180_000);

/** The built server on a database of its own, exporting to the receiver at `port`, ready; `env` adds to or overrides its environment. */
async function startLoadout(port: number, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const database = await migratedDatabaseFor('loadout_tracing');
  databases.push(database);
  const started = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...database.env,
      PORT: '0',
      LOADOUT_ADMIN_TOKEN: OPERATOR_TOKEN,
      LOADOUT_DEMO: '0',
      LOADOUT_SHUTDOWN_SETTLE_MS: '0',
      NODE_OPTIONS: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  started.stdout!.on('data', (d) => (output += d));
  started.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!/^ready /m.test(output) && started.exitCode === null && Date.now() < deadline) await sleep(50);
  const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`the server did not start:\n${output}`);
  return { child: started, base: url };
}

/** SIGTERM, and its exit. */
async function stopped(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  if (child) await stopped(child);
  await new Promise((resolve) => receiver?.close(resolve));
  await Promise.all(databases.map((database) => database.drop()));
});

/** GraphQL over HTTP to the server, each request in the caller's trace context `traceparent`. */
const tracedAs = (traceparent: string) => graphqlAt(`${base}/graphql`, { traceparent });

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A caller's W3C trace context: its trace id, the span Loadout's request span is a child of, and the header. */
function callerContext(): { traceId: string; parentId: string; traceparent: string } {
  const traceId = hex(16);
  const parentId = hex(8);
  return { traceId, parentId, traceparent: `00-${traceId}-${parentId}-01` };
}

describe('a server with an OTLP endpoint', () => {
  let key: string;
  let agentId: string;
  let turnId: string;
  const caller = callerContext();

  beforeAll(async () => {
    const setup = tracedAs(callerContext().traceparent);
    const world = new TestWorld(setup);
    const org = await world.organization('traced', {
      channels: [{ key: 'web', name: 'Web' }],
      tools: [{ name: 'lookup_order', description: SECRET_DESCRIPTION, inputSchema: { type: 'object' } }],
      agents: [{ name: 'a', model: 'openai/gpt-4o' }],
    });
    key = org.adminKey;
    [{ id: agentId }] = org.agents;
    await setup.ok(
      key,
      `mutation { setModelPrice(input: { model: "openai/gpt-4o", inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10 }) { model } }`,
    );
    const conversationId = await world.startConversation(key, { agentId });
    turnId = (await setup.ok(key, BeginTurnDocument, { conversationId })).beginTurn.id;
    // The runtime's completion, in the trace of its own model request.
    // Anonymous: its operation's span is named `mutation`.
    await tracedAs(caller.traceparent).ok(
      key,
      `mutation($t: ID!, $u: JSON!) { completeTurnWithProviderUsage(turnId: $t, providerUsage: { format: OPENAI_CHAT, model: "gpt-4o-2024-08-06", usage: $u }) { id } }`,
      { t: turnId, u: { prompt_tokens: 1200, completion_tokens: 80, prompt_tokens_details: { cached_tokens: 1000 } } },
    );
  }, 60_000);

  it("continues the caller's trace: the request span under the caller's span, the GraphQL operation under it", async () => {
    const all = await spansUntil((s) => s.some((x) => x.traceId === caller.traceId && x.name === 'chat gpt-4o'));
    const trace = all.filter((s) => s.traceId === caller.traceId);
    const request = trace.find((s) => s.parentSpanId === caller.parentId)!;
    expect(request).toMatchObject({
      scope: 'loadout',
      name: 'POST /graphql',
      attributes: expect.objectContaining({
        'http.request.method': 'POST',
        'url.scheme': 'http',
        'url.path': '/graphql',
        'http.route': '/graphql',
        'http.response.status_code': 200,
      }),
    });
    expect(trace.filter((s) => s.parentSpanId === caller.parentId)).toHaveLength(1);
    const graphql = trace.filter((s) => s.parentSpanId === request.spanId);
    expect(graphql.map((s) => [s.scope, s.name]).sort()).toEqual([
      ['loadout', 'graphql.parse'],
      ['loadout', 'graphql.validate'],
      ['loadout', 'mutation'],
    ]);
    expect(graphql.find((s) => s.name === 'mutation')!.attributes).toEqual({
      'graphql.operation.type': 'mutation',
      'graphql.document':
        'mutation($t:ID!$u:JSON!){completeTurnWithProviderUsage(turnId:$t providerUsage:{format:OPENAI_CHAT model:"*" usage:$u}){id}}',
    });
    expect(serviceNames).toEqual(new Set(['loadout']));
  });

  it('names an operation by its name, and has no operation span for a toolbox the direct path answers', async () => {
    const named = callerContext();
    await tracedAs(named.traceparent).ok(key, `query AgentName($a: ID!) { agent(id: $a) { name } }`, { a: agentId });
    const toolbox = callerContext();
    await tracedAs(toolbox.traceparent).ok(key, `query($a: ID!, $c: String!) { toolbox(agentId: $a, channel: $c) { fingerprint } }`, {
      a: agentId,
      c: 'web',
    });
    const all = await spansUntil((s) =>
      [named, toolbox].every((c) => s.some((x) => x.traceId === c.traceId && x.name === 'POST /graphql')),
    );
    expect(all.find((s) => s.traceId === named.traceId && s.name === 'query AgentName')!.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'AgentName',
    });
    expect(all.filter((s) => s.traceId === toolbox.traceId && s.attributes['graphql.operation.type'] !== undefined)).toEqual([]);
  });

  it('exports the completed turn as a GenAI span under the operation that completed it, spanning the turn', async () => {
    const all = await spansUntil((s) => s.some((x) => x.traceId === caller.traceId && x.name === 'chat gpt-4o'));
    const trace = all.filter((s) => s.traceId === caller.traceId);
    const operation = trace.find((s) => s.name === 'mutation')!;
    const turnSpan = trace.find((s) => s.name === 'chat gpt-4o')!;
    const turn = (await tracedAs(callerContext().traceparent).ok(key, TurnRecordDocument, { id: turnId })).turn!;
    const cost = turn.cost!;
    expect(turn.toolbox.toolCount).toBe(1);
    expect(cost.amountUsd).toBe((200 * 2.5 + 1000 * 1.25 + 80 * 10) / 1e6);
    expect(turnSpan).toEqual({
      scope: 'loadout',
      traceId: caller.traceId,
      spanId: expect.stringMatching(/^[0-9a-f]{16}$/),
      parentSpanId: operation.spanId,
      name: 'chat gpt-4o',
      startMs: Date.parse(turn.startedAt),
      endMs: Date.parse(turn.completedAt!),
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': 'gpt-4o',
        'gen_ai.response.model': 'gpt-4o-2024-08-06',
        'gen_ai.conversation.id': turn.conversation.id,
        'gen_ai.usage.input_tokens': 1200,
        'gen_ai.usage.output_tokens': 80,
        'gen_ai.usage.cache_read.input_tokens': 1000,
        'gen_ai.usage.cache_creation.input_tokens': 0,
        'loadout.organization.id': expect.stringMatching(/^[0-9a-f-]{36}$/),
        'loadout.agent.id': agentId,
        'loadout.turn.id': turnId,
        'loadout.turn.index': 1,
        'loadout.toolbox.tool_count': 1,
        'loadout.toolbox.schema_tokens': turn.toolbox.schemaTokens,
        'loadout.toolbox.fingerprint': turn.toolbox.fingerprint,
        'loadout.toolbox.changed': false,
        'loadout.turn.tool_definition_share': turn.toolbox.schemaTokens / 1200,
        'loadout.turn.cost_usd': cost.amountUsd,
      },
    });
  });

  it('records no key, token, variable value or query string value, and no probe or scrape', async () => {
    const get = callerContext();
    const query = encodeURIComponent(`query($a: ID!) { agent(id: $a) { name } }`);
    const variables = encodeURIComponent(JSON.stringify({ a: agentId }));
    const answer = await fetch(`${base}/graphql?query=${query}&variables=${variables}`, {
      // Apollo's CSRF prevention takes a GET with a header a browser form cannot send.
      headers: { authorization: `Bearer ${key}`, traceparent: get.traceparent, 'apollo-require-preflight': 'true' },
    });
    expect(answer.status).toBe(200);
    for (const probe of ['/healthz', '/readyz', '/readyz/sockets', '/metrics'])
      await fetch(`${base}${probe}`, { headers: { traceparent: get.traceparent } });
    const all = await spansUntil((s) => s.some((x) => x.traceId === get.traceId && x.name === 'GET /graphql'));
    // Past a few export delays, so that a probe's span would have come too.
    await sleep(500);
    const requests = all.filter((s) => s.traceId === get.traceId && s.attributes['http.request.method'] !== undefined);
    expect(requests.map((s) => [s.attributes['url.path'], s.attributes['url.query']])).toEqual([
      ['/graphql', 'query=REDACTED&variables=REDACTED'],
    ]);
    const sent = bodies.join('\n');
    for (const secret of [key, OPERATOR_TOKEN, SECRET_DESCRIPTION]) expect(sent).not.toContain(secret);
    expect(sent.toLowerCase()).not.toContain('bearer');
    // Values written in a document are recorded as `*`.
    const documents = all.flatMap((s) => (typeof s.attributes['graphql.document'] === 'string' ? [s.attributes['graphql.document']] : []));
    expect(documents).toContain(
      'mutation{setModelPrice(input:{model:"*" inputUsdPerMTok:* cachedInputUsdPerMTok:* outputUsdPerMTok:*}){model}}',
    );
    expect(sent).not.toContain('openai/gpt-4o"');
  });

  it('traces no statement unless asked to: no context is carried across promises', async () => {
    await spansUntil((s) => s.some((x) => x.traceId === caller.traceId && x.name === 'chat gpt-4o'));
    expect(spans.filter((s) => s.traceId === caller.traceId && s.scope === PG_SCOPE)).toEqual([]);
  });

  it("docs/operations.md's receiver prints each span Loadout exported as a line of JSON", async () => {
    const block = fencedBlocks(fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8')).find(
      (b) => b.info === 'file=print-spans.js',
    )!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-print-spans-'));
    fs.writeFileSync(path.join(dir, 'print-spans.js'), block.code);
    const printer = spawn(process.execPath, [path.join(dir, 'print-spans.js')], { env: { PATH: process.env.PATH, PORT: '0' } });
    try {
      let printed = '';
      let said = '';
      printer.stdout.on('data', (d) => (printed += d));
      printer.stderr.on('data', (d) => (said += d));
      const deadline = Date.now() + 10_000;
      while (!/receiving traces on (\S+)/.test(said) && Date.now() < deadline) await sleep(20);
      const url = /receiving traces on (\S+)/.exec(said)![1];
      const body = bodies.find((b) => b.includes('"name":"chat gpt-4o"'))!;
      const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(posted.status).toBe(200);
      const expected = spansOf(body);
      while (printed.trim().split('\n').length < expected.length && Date.now() < deadline) await sleep(20);
      expect(
        printed
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Span & { service: string }),
      ).toEqual(expected.map((s) => ({ service: 'loadout', ...s })));
    } finally {
      printer.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a server tracing statements (LOADOUT_TRACE_STATEMENTS=on)', () => {
  let server: { child: ChildProcess; base: string };
  beforeAll(async () => {
    server = await startLoadout(receiverPort, { OTEL_BSP_SCHEDULE_DELAY: '100', LOADOUT_TRACE_STATEMENTS: 'on' });
  }, 60_000);
  afterAll(() => server && stopped(server.child));

  it(
    process.env.DATABASE_URL
      ? 'traces each statement of a request under it, with its placeholders and never the values bound to them'
      : 'has no statement spans on the embedded database, which runs in the process without a driver',
    async () => {
      const client = graphqlAt(`${server.base}/graphql`);
      const world = new TestWorld(client);
      const org = await world.organization('statements', { agents: [{ name: 'a', model: 'openai/gpt-4o' }] });
      const conversationId = await world.startConversation(org.adminKey, { agentId: org.agents[0].id });
      const turnId = (await client.ok(org.adminKey, BeginTurnDocument, { conversationId })).beginTurn.id;
      const caller = callerContext();
      await graphqlAt(`${server.base}/graphql`, { traceparent: caller.traceparent }).ok(
        org.adminKey,
        `mutation($t: ID!) { completeTurn(turnId: $t, usage: { inputTokens: 10, outputTokens: 2 }) { id } }`,
        { t: turnId },
      );
      const all = await spansUntil((s) => s.some((x) => x.traceId === caller.traceId && x.name === 'chat gpt-4o'));
      const trace = all.filter((s) => s.traceId === caller.traceId);
      const operation = trace.find((s) => s.name === 'mutation')!;
      expect(trace.find((s) => s.name === 'chat gpt-4o')!.parentSpanId).toBe(operation.spanId);
      const statements = trace.filter((s) => s.scope === PG_SCOPE && s.attributes['db.query.text'] !== undefined);
      if (!process.env.DATABASE_URL) return expect(all.filter((s) => s.scope === PG_SCOPE)).toEqual([]);
      const update = statements.find((s) => String(s.attributes['db.query.text']).startsWith('UPDATE turns SET'))!;
      expect(update.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.query.text': expect.stringContaining('WHERE id = $1'),
      });
      const request = trace.find((s) => s.parentSpanId === caller.parentId)!;
      for (const s of statements) {
        expect(s.parentSpanId).toBe(request.spanId);
        expect(JSON.stringify(s.attributes)).not.toContain(turnId);
      }
      // Work outside a request (the LISTEN connection, the retention job) makes no root spans of its own.
      expect(all.filter((s) => s.scope === PG_SCOPE && !all.some((p) => p.spanId === s.parentSpanId))).toEqual([]);
    },
  );
});

it('exports the spans still queued when SIGTERM stops the server, before it exits', async () => {
  // An export every minute: only the shutdown can send this request's spans within the test.
  const server = await startLoadout(receiverPort, { OTEL_BSP_SCHEDULE_DELAY: '60000' });
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  try {
    const caller = callerContext();
    const world = new TestWorld(graphqlAt(`${server.base}/graphql`, { traceparent: caller.traceparent }));
    expect(await world.organizations(['drained'])).toHaveLength(1);
    expect(spans.filter((s) => s.traceId === caller.traceId)).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(spans.filter((s) => s.traceId === caller.traceId).map((s) => s.name)).toContain('POST /graphql');
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}, 120_000);
