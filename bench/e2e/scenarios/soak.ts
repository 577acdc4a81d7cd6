import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DAY_MS } from '../../../src/common/time';
import { openDatabase } from '../../../src/db/database';
import { entities } from '../../../src/entities';
import { CallLogMaintenance } from '../../../src/usage/call-log-maintenance';
import { DEFAULT_RETENTION_DAYS, monthOf } from '../../../src/usage/call-log-retention';
import { UsageService } from '../../../src/usage/usage.service';
import { firstTurns, startConversations } from '../conversations';
import { pgConfig } from '../database';
import { figure, type Figure } from '../figures';
import { lastServerError, withLoadout, type Loadout } from '../instance';
import { graphqlLoad } from '../load';
import { failuresOf, type LoadResult } from '../load-spec';
import type { Options } from '../options';
import { progress } from '../progress';
import type { CallPlan, LoadPlan } from '../request-bodies';
import { rssMb } from '../rss';
import { seedExpiredMonth } from '../seed-calls';
import { median, sleep } from '../stats';
import { buildWorld, type World } from '../world';

const S = 'soak';
const USERS = Array.from({ length: 50 }, (_, i) => `user_${i}`);
const EDIT = `mutation($id: ID!, $d: String!) { updateToolDefinition(id: $id, input: { description: $d }) { id } }`;

/** What one window of the run measured. */
interface Window {
  toolbox: LoadResult;
  beginTurn: LoadResult;
  calls: LoadResult;
  editMs: number[];
  editFailures: number;
  /** The server's RSS when the window ended, MB. */
  rssMb: number;
  /** Whether the expired month seeded at the window's start is gone once maintenance ran. */
  monthDropped: boolean;
}

/** Edits one after another, every `intervalMs`, until `done()`: each one's latency. */
async function editLoop(world: World, ids: string[], intervalMs: number, done: () => boolean) {
  const ms: number[] = [];
  let failures = 0;
  for (let n = 0; !done(); n++) {
    const started = performance.now();
    await world.as.EDITOR.ok(EDIT, { id: ids[n % ids.length], d: `Edited ${n}` }).then(
      () => ms.push(performance.now() - started),
      () => failures++,
    );
    await sleep(intervalMs);
  }
  return { ms, failures };
}

/** Median of the first and of the last quarter of the windows' values (at least one each). */
function ends(values: number[]): { first: number; last: number } {
  const quarter = Math.max(1, Math.floor(values.length / 4));
  return { first: median(values.slice(0, quarter)), last: median(values.slice(-quarter)) };
}

/**
 * An hour of mixed traffic on the PostgreSQL server: toolbox reads,
 * beginTurn and recordToolCalls loads and an edit every few seconds, all at
 * once, in windows; at the start of each window an expired month of calls
 * is seeded and the call log's maintenance drops it, as another instance
 * would. Memory should stay flat, nothing fail, and latency hold: the last
 * quarter of the windows against the first (the first window, warming up,
 * is left out of both).
 */
export async function soakScenario(options: Options): Promise<Figure[]> {
  const k = options.sizes.soak;
  return withLoadout(options, async (loadout) => {
    const url = loadout.db.url;
    if (!url) {
      const note =
        'the maintenance step runs from the bench process, which cannot reach embedded PGlite (memory://); run on the PostgreSQL server';
      return [figure({ scenario: S, name: 'an hour of mixed traffic', unit: '', value: null, baseline: null, target: null, note })];
    }
    progress(S, `building the world (${options.sizes.world.agents} agents, ${options.sizes.world.tools} tools)`);
    const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...options.sizes.world, seed: options.seed });
    const conversations = await startConversations(world, k.conversations, USERS, options.seed);
    await firstTurns(world, conversations);
    const toolIds = await toolIdsOf(world, 50);
    const calls: CallPlan = {
      projectId: world.projectId,
      toolNames: world.tools.slice(0, 200).map((t) => t.name),
      userIds: USERS,
      batchSize: 100,
      errorRate: 0.05,
    };
    const db = await openDatabase({ entities, url, dataDir: 'memory://', poolSize: 2 });
    const maintenance = new CallLogMaintenance(db.dataSource, new UsageService(db.dataSource), DEFAULT_RETENTION_DAYS);
    const windows: Window[] = [];
    try {
      const windowSeconds = (k.minutes * 60) / k.windows;
      for (let w = 0; w < k.windows; w++) {
        progress(S, `window ${w + 1}/${k.windows} (${Math.round(windowSeconds)} s)`);
        windows.push(await runWindow(loadout, world, { conversations, calls, toolIds, maintenance }, w, windowSeconds, k));
      }
    } finally {
      await db.close();
    }
    return figures(loadout, windows, k);
  });
}

async function toolIdsOf(world: World, count: number): Promise<string[]> {
  const data = await world.as.VIEWER.ok<{ toolDefinitionsPage: { edges: Array<{ node: { id: string } }> } }>(
    `query($n: Int!) { toolDefinitionsPage(first: $n) { edges { node { id } } } }`,
    { n: count },
  );
  return data.toolDefinitionsPage.edges.map((e) => e.node.id);
}

async function runWindow(
  loadout: Loadout,
  world: World,
  parts: { conversations: string[]; calls: CallPlan; toolIds: string[]; maintenance: CallLogMaintenance },
  w: number,
  seconds: number,
  k: Options['sizes']['soak'],
): Promise<Window> {
  const load = (key: string, plan: LoadPlan, connections: number) =>
    graphqlLoad(loadout.graphqlUrl, key, plan, { connections, seconds, seed: w + 1 });
  const toolboxPlan: LoadPlan = {
    kind: 'toolbox',
    agentIds: world.agentIds,
    channels: world.channels,
    contextObjects: world.contextObjects,
  };
  const loads = Promise.all([
    load(world.as.VIEWER.key, toolboxPlan, k.toolboxConnections),
    load(world.as.RUNTIME.key, { kind: 'beginTurn', conversationIds: parts.conversations }, k.beginTurnConnections),
    load(world.as.RUNTIME.key, { kind: 'recordToolCalls', calls: parts.calls }, k.callConnections),
  ]);
  const endsAt = Date.now() + seconds * 1000;
  const editing = editLoop(world, parts.toolIds, k.editIntervalMs, () => Date.now() >= endsAt);
  const monthDropped = await dropExpiredMonth(loadout.db.url!, world, parts.calls, parts.maintenance, w, k.monthCalls);
  const [[toolbox, beginTurn, calls], edits] = await Promise.all([loads, editing]);
  return { toolbox, beginTurn, calls, editMs: edits.ms, editFailures: edits.failures, rssMb: rssMb(loadout.server.pid) ?? 0, monthDropped };
}

/** Seeds a month long expired (one further back each window) and runs the maintenance: whether the month is gone after. */
async function dropExpiredMonth(
  url: string,
  world: World,
  calls: CallPlan,
  maintenance: CallLogMaintenance,
  w: number,
  monthCalls: number,
): Promise<boolean> {
  const month = monthOf(new Date(Date.now() - (120 + 31 * w) * DAY_MS));
  const client = new Client(pgConfig(url));
  await client.connect();
  try {
    await seedExpiredMonth(client, url, world.organizationId, calls, month, monthCalls);
    await maintenance.run();
    const left = await client.query(`SELECT 1 FROM pg_class WHERE relname = $1`, [month.name]);
    return left.rowCount === 0;
  } finally {
    await client.end();
  }
}

function figures(loadout: Loadout, windows: Window[], k: Options['sizes']['soak']): Figure[] {
  const measured = windows.slice(1);
  const rss = ends(measured.map((w) => w.rssMb));
  const p99 = (pick: (w: Window) => LoadResult) => ends(measured.map((w) => pick(w).latencyP99Ms));
  const toolbox = p99((w) => w.toolbox);
  const beginTurn = p99((w) => w.beginTurn);
  const calls = p99((w) => w.calls);
  const edits = ends(measured.map((w) => median(w.editMs)));
  const failures = windows.reduce((n, w) => n + failuresOf(w.toolbox) + failuresOf(w.beginTurn) + failuresOf(w.calls) + w.editFailures, 0);
  const sample = windows.flatMap((w) => [w.toolbox, w.beginTurn, w.calls]).find((r) => r.sampleFailure)?.sampleFailure;
  const rate = (pick: (w: Window) => LoadResult) => Math.round(median(windows.map((w) => pick(w).okPerSecond)));
  const stable = (name: string, unit: string, pair: { first: number; last: number }, bound: number): Figure =>
    figure({ scenario: S, name, unit, value: pair.last, baseline: pair.first, target: { on: 'ratio', op: '<=', bound } });
  const span = `${k.minutes} min`;
  return [
    stable(`server RSS, last quarter of ${span} (baseline: first quarter)`, 'MB', rss, 1.15),
    stable('toolbox p99 latency, last quarter (baseline: first quarter)', 'ms', toolbox, 1.5),
    stable('beginTurn p99 latency, last quarter (baseline: first quarter)', 'ms', beginTurn, 1.5),
    stable('recordToolCalls p99 latency, last quarter (baseline: first quarter)', 'ms', calls, 1.5),
    stable('edit median latency, last quarter (baseline: first quarter)', 'ms', edits, 1.5),
    figure({
      scenario: S,
      name: `failed responses over ${span}`,
      unit: '',
      value: failures,
      baseline: null,
      target: { on: 'value', op: '=', bound: 0 },
      note: failures ? (sample ?? lastServerError(loadout.server) ?? undefined) : undefined,
    }),
    figure({
      scenario: S,
      name: `expired months of ${k.monthCalls.toLocaleString('en-US')} calls dropped, one per window`,
      unit: '',
      value: windows.filter((w) => w.monthDropped).length,
      baseline: null,
      target: { on: 'value', op: '=', bound: windows.length },
      note: `median req/s: toolbox ${rate((w) => w.toolbox)}, beginTurn ${rate((w) => w.beginTurn)}, recordToolCalls batches ${rate((w) => w.calls)}; ${measured.reduce((n, w) => n + w.editMs.length, 0)} edits`,
    }),
  ];
}
