import 'reflect-metadata';
import http from 'node:http';
import { startServer, type ServerConfig } from '../src/server/create-server';
import {
  RecordToolCallsDocument,
  ToolboxDetailDocument,
  type RecordToolCallsMutation,
  type ToolboxDetailQuery,
} from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt, type Document, type GraphQLResult } from './support/harness';
import { migratedDatabaseFor, type BuiltServerDatabase } from './support/migrated-template';
import { TestWorld } from './support/test-world';

/**
 * The drain under load, twenty times over: 50 requests that take time
 * (toolbox reads and batches of tool calls), each on a connection of its
 * own, all sent just before the server is stopped (what SIGTERM does: see
 * shutdown.test.ts), are every one answered, none reset. Node accepts one
 * queued connection per turn of the event loop, and a turn here runs long
 * stretches of work (the embedded database's queries run on this thread,
 * and in this process so does the clients' side), so most of the 50 are
 * still in the kernel's queue when the settle ends. The runs share one
 * migrated database (a data directory on the embedded one) and its
 * organisation; each run's batches carry keys of its own.
 */
const RUNS = 20;
const IN_FLIGHT = 50;
const CALLS_PER_BATCH = 100;
/** Short, so that the drain, not the settle, has to take in what is queued. */
const SETTLE_MS = 200;
/** Generous, so that a slow machine answers late rather than cutting or refusing: what is measured is resets. */
const GRACE_MS = 30_000;
const POOL_WAIT_MS = 30_000;
const RUN_BOUND_MS = 20_000;

let database: BuiltServerDatabase;
let config: ServerConfig;

beforeAll(async () => {
  database = await migratedDatabaseFor('loadout_drain_load');
  config = {
    port: 0,
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.LOADOUT_DATA_DIR,
    adminToken: OPERATOR_TOKEN,
    production: true,
    shutdownSettleMs: SETTLE_MS,
    shutdownGraceMs: GRACE_MS,
    poolWaitMs: POOL_WAIT_MS,
  };
});
afterAll(() => database?.drop());

/** One POST on a connection of its own: 'answered' with its data, or what came instead (an HTTP status, a socket error's code). */
function post<T, V>(base: string, key: string, document: Document<T, V>, variables: V): Promise<{ data?: T; outcome: string }> {
  return new Promise((resolve) => {
    const req = http.request(
      `${base}/graphql`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const body = JSON.parse(text) as GraphQLResult<T>;
          resolve(
            res.statusCode === 200 && !body.errors ? { data: body.data, outcome: 'answered' } : { outcome: `HTTP ${res.statusCode}` },
          );
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ outcome: error.code ?? String(error) }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ outcome: error.code ?? String(error) }));
    req.end(JSON.stringify({ query: document.toString(), variables }));
  });
}

interface World {
  key: string;
  agentId: string;
}

async function seed(base: string): Promise<World> {
  const {
    adminKey: key,
    agents: [{ id: agentId }],
  } = await new TestWorld(graphqlAt(`${base}/graphql`)).organization('load', {
    tools: ['lookup', 'search', 'fetch'].map((name) => ({ name, description: 'd', inputSchema: { type: 'object' } })),
    agents: [{ name: 'a' }],
  });
  return { key, agentId };
}

type InFlight = Partial<RecordToolCallsMutation & ToolboxDetailQuery>;

/** Starts a server on the shared database, sends the 50, stops it at once; what each request got, and how long the run took. */
async function run(index: number, world: World | null): Promise<{ world: World; outcomes: string[]; ms: number }> {
  const server = await startServer(config);
  const base = `http://127.0.0.1:${server.port}`;
  world ??= await seed(base);
  const { key, agentId } = world;
  const started = Date.now();
  const inFlight = Array.from({ length: IN_FLIGHT }, (_, i): Promise<{ data?: InFlight; outcome: string }> =>
    i % 2
      ? post(base, key, RecordToolCallsDocument, {
          calls: Array.from({ length: CALLS_PER_BATCH }, (_, j) => ({
            toolName: 'lookup',
            isError: false,
            idempotencyKey: `r${index}-${i}-${j}`,
          })),
        })
      : post(base, key, ToolboxDetailDocument, { agentId, provider: 'ANTHROPIC' }),
  );
  await new Promise((resolve) => setTimeout(resolve, 5));
  const stopped = server.stop();
  const answers = await Promise.all(inFlight);
  await stopped;
  const outcomes = answers.map((answer, i) => {
    if (answer.outcome !== 'answered') return answer.outcome;
    const expected = i % 2 ? answer.data?.recordToolCalls?.accepted === CALLS_PER_BATCH : answer.data?.toolbox?.toolCount === 3;
    return expected ? 'answered' : `unexpected ${JSON.stringify(answer.data)}`;
  });
  return { world, outcomes, ms: Date.now() - started };
}

it(`answers all ${IN_FLIGHT} requests in flight at a stop, ${RUNS} times in a row, resetting none`, async () => {
  let world: World | null = null;
  const tallies: Array<Record<string, number>> = [];
  const runMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await run(i, world);
    world = result.world;
    const tally: Record<string, number> = {};
    for (const outcome of result.outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
    tallies.push(tally);
    runMs.push(result.ms);
  }
  expect(tallies).toEqual(Array.from({ length: RUNS }, () => ({ answered: IN_FLIGHT })));
  expect(Math.max(...runMs)).toBeLessThan(RUN_BOUND_MS);
  // Every batch of every run committed, once.
  const server = await startServer(config);
  const [{ calls }] = await server.services.db.dataSource.query(`SELECT sum(calls)::int AS calls FROM tool_usage`);
  await server.stop();
  expect(calls).toBe(RUNS * (IN_FLIGHT / 2) * CALLS_PER_BATCH);
}, 180_000);
