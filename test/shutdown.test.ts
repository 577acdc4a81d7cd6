import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import WebSocket from 'ws';
import { buildOnce } from './support/build-once';
import {
  CallerIdentityDocument,
  RecordToolCallsDocument,
  ToolboxDocument,
  type CallerIdentityQuery,
  type RecordToolCallsMutation,
  type ToolboxQuery,
} from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt, type Document, type GraphQLResult } from './support/harness';
import { migratedDatabaseFor, type BuiltServerDatabase } from './support/migrated-template';
import { TestWorld } from './support/test-world';

/**
 * SIGTERM as a deployment sends it, to the built server in its own process:
 * /readyz says 503 at once while new connections are still accepted for the
 * settle; requests already sent all get their answers (writes included, and
 * those sent on idle keep-alive sockets while it drains); after the settle
 * new connections are refused, subscriptions close with 1001, the process
 * exits 0; no request is reset. Each start is on a migrated database of its own; on DATABASE_URL's
 * server the committed calls are counted afterwards.
 */
const root = path.join(__dirname, '..');
const CALLS_PER_BATCH = 100;
const SETTLE_MS = 1_000;
let child: ChildProcess;
let output = '';
let base = '';
let databaseUrl = '';
const databases: BuiltServerDatabase[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The built server in a process of its own, on a database of its own; `base` is where it listens. */
async function spawnServer(): Promise<void> {
  output = '';
  const database = await migratedDatabaseFor('loadout_drain');
  databases.push(database);
  databaseUrl = database.env.DATABASE_URL ?? '';
  child = spawn(process.execPath, [path.join(root, 'dist/src/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...database.env,
      PORT: '0',
      LOADOUT_ADMIN_TOKEN: OPERATOR_TOKEN,
      LOADOUT_DEMO: '0',
      LOADOUT_SHUTDOWN_SETTLE_MS: String(SETTLE_MS),
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60_000;
  while (!/listening on (http:\/\/\S+)/.test(output) && Date.now() < deadline) await sleep(50);
  base = /listening on (http:\/\/\S+)/.exec(output)![1];
}

beforeAll(() => buildOnce(), 180_000);

afterEach(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});

interface Answer<T = unknown> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

function request<T = unknown>(agent: http.Agent | false, method: string, target: string, key?: string, body?: unknown): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${target}`,
      {
        method,
        agent,
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) as T }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

it('answers all 50 requests in flight and those sent on keep-alive sockets while draining, then exits 0', async () => {
  await spawnServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 60 });
  const gql = <T, V>(key: string, document: Document<T, V>, variables?: V) =>
    request<GraphQLResult<T>>(agent, 'POST', '/graphql', key, { query: document.toString(), variables });
  const {
    adminKey: key,
    agents: [{ id: agentId }],
  } = await new TestWorld(graphqlAt(`${base}/graphql`)).organization('drain', {
    tools: [{ name: 'lookup', description: 'd', inputSchema: { type: 'object' } }],
    agents: [{ name: 'a' }],
  });
  // Sixty open keep-alive sockets: fifty carry the requests in flight, ten sit idle until the drain has begun.
  const opened = await Promise.all(Array.from({ length: 60 }, () => gql(key, CallerIdentityDocument)));
  expect(opened.map((answer) => answer.body.errors)).toEqual(Array(60).fill(undefined));
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(60);

  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } }));
  await new Promise((resolve) => ws.once('message', resolve));
  ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `subscription { toolboxInvalidated { id } }` } }));

  // Each in-flight answer is of a batch or of a read.
  type InFlight = Answer<GraphQLResult<Partial<RecordToolCallsMutation & ToolboxQuery>>>;
  const batch = (tag: string): Promise<InFlight> =>
    gql(key, RecordToolCallsDocument, {
      calls: Array.from({ length: CALLS_PER_BATCH }, (_, i) => ({ toolName: 'lookup', isError: false, idempotencyKey: `${tag}-${i}` })),
    });
  const read = (): Promise<InFlight> => gql(key, ToolboxDocument, { agentId });
  let answered = 0;
  const inFlight = Array.from({ length: 50 }, (_, i) => (i % 2 ? batch(`flight-${i}`) : read()).finally(() => answered++));
  await sleep(20);
  const answeredBeforeSignal = answered;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  while (!/draining/.test(output)) await sleep(2);

  // Sent after the signal, on sockets that were idle when it came.
  const late = [gql(key, CallerIdentityDocument), batch('late-1'), batch('late-2'), request(agent, 'GET', '/readyz')] as const;
  // A new connection during the settle is still answered, and told to close; once the settle is over none is accepted.
  const duringSettle = await request(false, 'GET', '/healthz');
  await sleep(SETTLE_MS);
  const refused = await request(false, 'GET', '/healthz').then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );

  const answers = await Promise.all(inFlight);
  const [me, late1, late2, readyz] = await Promise.all(late);
  expect(answeredBeforeSignal).toBeLessThan(50);
  answers.forEach((answer, i) => {
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    if (i % 2) expect(answer.body.data!.recordToolCalls).toEqual({ accepted: CALLS_PER_BATCH, duplicates: 0 });
    else expect(answer.body.data!.toolbox!.toolCount).toBe(1);
  });
  expect(me.body.data!.me.role).toBe('ADMIN');
  expect([late1.body.data, late2.body.data]).toEqual([
    { recordToolCalls: { accepted: CALLS_PER_BATCH, duplicates: 0 } },
    { recordToolCalls: { accepted: CALLS_PER_BATCH, duplicates: 0 } },
  ]);
  expect(readyz).toMatchObject({ status: 503, body: { status: 'draining' } });
  expect(duringSettle).toMatchObject({ status: 200, headers: { connection: 'close' } });
  expect(refused).toBe('ECONNREFUSED');
  expect(await wsClosed).toBe(1001);
  expect(await exited).toBe(0);

  // Every log line is JSON, and neither the key nor the operator token reached one.
  const lines = output.split('\n').filter((line) => line.startsWith('{'));
  expect(lines.map((line) => JSON.parse(line).msg)).toEqual(expect.arrayContaining(['SIGTERM: draining', 'stopped']));
  expect(output).not.toContain(key);
  expect(output).not.toContain(OPERATOR_TOKEN);

  if (databaseUrl) {
    const db = new Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query(`SELECT sum(calls)::int AS calls FROM tool_usage`);
    await db.end();
    expect(rows[0].calls).toBe(27 * CALLS_PER_BATCH);
  }
});

it('answers every one of 50 requests sent on fresh connections across the second around the signal, resetting none', async () => {
  await spawnServer();
  const [{ adminKey: key }] = await new TestWorld(graphqlAt(`${base}/graphql`)).organizations(['fresh']);
  const send = () =>
    request<GraphQLResult<CallerIdentityQuery>>(false, 'POST', '/graphql', key, { query: `${CallerIdentityDocument}` }).then(
      (answer) =>
        answer.status === 200 && answer.body.data?.me.role === 'ADMIN'
          ? 'answered'
          : answer.status === 503 && answer.headers['retry-after']
            ? 'retry later'
            : `HTTP ${answer.status}`,
      (error: NodeJS.ErrnoException) => error.code ?? String(error),
    );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const outcomes: Array<Promise<string>> = [];
  for (let i = 0; i < 50; i++) {
    if (i === 25) child.kill('SIGTERM');
    outcomes.push(send());
    await sleep(20);
  }
  const seen = await Promise.all(outcomes);
  expect(seen.filter((outcome) => outcome !== 'answered' && outcome !== 'retry later')).toEqual([]);
  expect(await exited).toBe(0);
});
