import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { openDatabase } from '../../../src/db/database';
import { entities } from '../../../src/entities';
import { DAY_MS } from '../../../src/common/time';
import { CallLogMaintenance } from '../../../src/usage/call-log-maintenance';
import { DEFAULT_RETENTION_DAYS, monthOf } from '../../../src/usage/call-log-retention';
import { UsageService } from '../../../src/usage/usage.service';
import { pgConfig } from '../database';
import { figure, type Figure } from '../figures';
import { lastServerError, withLoadout } from '../instance';
import { graphqlLoad } from '../load';
import { failuresOf } from '../load-spec';
import type { Options } from '../options';
import { Prng } from '../prng';
import { progress } from '../progress';
import { toolCallBatch, type CallPlan } from '../request-bodies';
import { seedExpiredMonth } from '../seed-calls';
import { percentile, sleep } from '../stats';
import { setUpCallWorld, type World } from '../world';

const S = 'retention';
const RECORD = `mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted } }`;
/** The background load starts this long before the probe, so the probe meets a server already loaded. */
const LEAD_MS = 1_000;

/** recordToolCalls batches sent one after another until `done()`: each one's latency, in ms. */
async function probe(world: World, calls: CallPlan, rng: Prng, done: () => boolean): Promise<number[]> {
  const ms: number[] = [];
  while (!done()) {
    const start = performance.now();
    await world.as.RUNTIME.ok(RECORD, { calls: toolCallBatch(rng, calls) });
    ms.push(performance.now() - start);
  }
  return ms;
}

/**
 * Dropping an expired month of the call log while calls flow: a month four
 * months back (past the default 90 days) is seeded with SQL, then the
 * maintenance step runs, as another instance would run it, under a
 * recordToolCalls load, while a probe sends batches one after another and
 * times each. The same load and probe without a drop are the baseline.
 * The bench process reaches the database itself: a PostgreSQL server only.
 */
export async function retentionScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const r = sizes.retention;
  return withLoadout(options, async (loadout) => {
    const url = loadout.db.url;
    if (!url) {
      return [
        figure({
          scenario: S,
          name: 'drop a month of calls while calls flow',
          unit: 'ms',
          value: null,
          baseline: null,
          target: null,
          note: 'the maintenance step runs from the bench process, which cannot reach embedded PGlite (memory://); run on the PostgreSQL server',
        }),
      ];
    }
    progress(S, `building the world (${sizes.world.tools} tools)`);
    const { world, calls } = await setUpCallWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed }, r);

    const month = monthOf(new Date(Date.now() - 120 * DAY_MS));
    progress(S, `seeding ${r.monthCalls} calls into ${month.name}`);
    const client = new Client(pgConfig(url));
    await client.connect();
    try {
      await seedExpiredMonth(client, url, world.organizationId, calls, month, r.monthCalls);
      await client.query('ANALYZE');
    } finally {
      await client.end();
    }

    const db = await openDatabase({ entities, url, dataDir: 'memory://', poolSize: 2 });
    try {
      const maintenance = new CallLogMaintenance(db.dataSource, new UsageService(db.dataSource), DEFAULT_RETENTION_DAYS);
      const rng = new Prng(options.seed);
      const load = (seed: number) =>
        graphqlLoad(
          loadout.graphqlUrl,
          world.as.RUNTIME.key,
          { kind: 'recordToolCalls', calls },
          { connections: r.connections, seconds: r.loadSeconds, seed },
        );
      await graphqlLoad(
        loadout.graphqlUrl,
        world.as.RUNTIME.key,
        { kind: 'recordToolCalls', calls },
        { connections: r.connections, seconds: 1, seed: 0 },
      );
      await loadout.db.settle();

      progress(S, 'baseline: load and probe, no drop');
      const quiet = load(1);
      await sleep(LEAD_MS);
      const probeUntil = Date.now() + r.probeSeconds * 1000;
      const quietMs = await probe(world, calls, rng, () => Date.now() >= probeUntil);
      const quietLoad = await quiet;
      await loadout.db.settle();

      progress(S, `load and probe while ${month.name} is dropped`);
      const loadEnds = Date.now() + r.loadSeconds * 1000;
      const busy = load(2);
      await sleep(LEAD_MS);
      let running = true;
      const probing = probe(world, calls, rng, () => !running);
      const run = await maintenance.run().finally(() => (running = false));
      const inTime = Date.now() < loadEnds;
      const busyMs = await probing;
      const busyLoad = await busy;

      const dropped = run.dropped.includes(month.name);
      const problem = !dropped
        ? `the run dropped ${JSON.stringify(run.dropped)}, not ${month.name}`
        : !inTime
          ? 'the run ended after the load'
          : null;
      const failures = failuresOf(quietLoad) + failuresOf(busyLoad);
      return [
        figure({
          scenario: S,
          name: `drop a month of ${r.monthCalls.toLocaleString('en-US')} calls while calls flow (drop through commit)`,
          unit: 'ms',
          value: run.dropMs,
          baseline: null,
          target: { on: 'value', op: '<', bound: 1000 },
          met: problem ? false : undefined,
          note:
            problem ??
            `the whole maintenance run took ${Math.round(run.ms)} ms, folding the month's last calls per scope and tool before the drop`,
        }),
        figure({
          scenario: S,
          name: `recordToolCalls p99 latency while a month is dropped, ${busyMs.length} probes (baseline: no drop)`,
          unit: 'ms',
          value: percentile(busyMs, 0.99),
          baseline: percentile(quietMs, 0.99),
          target: { on: 'ratio', op: '<=', bound: 2 },
        }),
        figure({
          scenario: S,
          name: 'recordToolCalls max latency while a month is dropped (baseline: no drop)',
          unit: 'ms',
          value: Math.max(...busyMs),
          baseline: Math.max(...quietMs),
          target: null,
        }),
        figure({
          scenario: S,
          name: 'recordToolCalls failed responses under load, with and without a drop',
          unit: '',
          value: failures,
          baseline: null,
          target: { on: 'value', op: '=', bound: 0 },
          note: failures ? (busyLoad.sampleFailure ?? quietLoad.sampleFailure ?? lastServerError(loadout.server) ?? undefined) : undefined,
        }),
      ];
    } finally {
      await db.close();
    }
  });
}
