import { performance } from 'node:perf_hooks';
import { figure, joinNotes, type Figure } from '../figures';
import { GraphQLClient } from '../http';
import { lastServerError, withLoadoutPair, type Loadout } from '../instance';
import { graphqlLoad } from '../load';
import { failuresOf, type LoadResult } from '../load-spec';
import type { Options } from '../options';
import { progress } from '../progress';
import type { LoadPlan } from '../request-bodies';
import { median, percentile, sleep } from '../stats';
import { buildWorld, type World } from '../world';

const S = 'instances';

/** How long B may go on serving the old toolbox before the edit counts as never seen. */
const STALE_LIMIT_MS = 10_000;

const EDIT = `mutation($id: ID!, $d: String!) { updateToolDefinition(id: $id, input: { description: $d }) { version } }`;
const PROBE = `query($a: ID!, $c: String!) { toolbox(agentId: $a, channel: $c) { fingerprint } }`;

interface Edits {
  /** Per edit: from A's answer (the commit precedes it) until B first answered with the new fingerprint. */
  staleMs: number[];
  /** Probes of B that failed or edits B never served within the limit. */
  failures: string[];
}

/**
 * Edits of the pinned tool (first in every toolbox) on A, one after
 * another `intervalMs` apart, while the load runs; after each, B is asked
 * for one toolbox without pause until its fingerprint is the new one.
 */
async function editOnAWatchB(world: World, b: GraphQLClient, count: number, intervalMs: number, round: number): Promise<Edits> {
  const out: Edits = { staleMs: [], failures: [] };
  const probe = { a: world.agentIds[0], c: world.channels[0] };
  const fingerprint = async (): Promise<string | null> => {
    const res = await b.request<{ toolbox: { fingerprint: string } }>(PROBE, probe);
    if (res.errors?.length || !res.data) {
      out.failures.push(`probe of B: ${JSON.stringify(res.errors).slice(0, 200)}`);
      return null;
    }
    return res.data.toolbox.fingerprint;
  };
  for (let i = 0; i < count; i++) {
    const old = await fingerprint();
    await world.as.EDITOR.ok(EDIT, { id: world.pinnedToolId, d: `The first tool of every toolbox (round ${round}, edit ${i}).` });
    const committed = performance.now();
    let seen: number | null = null;
    while (performance.now() - committed < STALE_LIMIT_MS) {
      const now = await fingerprint();
      if (now !== null && now !== old) {
        seen = performance.now();
        break;
      }
    }
    if (seen === null) out.failures.push(`B still served the old toolbox ${STALE_LIMIT_MS / 1000} s after an edit on A`);
    out.staleMs.push((seen ?? performance.now()) - committed);
    await sleep(intervalMs);
  }
  return out;
}

const okPerSecond = (runs: readonly LoadResult[]): number => runs.reduce((n, r) => n + r.okPerSecond, 0);

/**
 * Two instances on one database: the toolbox load of the toolbox scenario
 * on A alone, then spread over A and B (half the connections each) while
 * edits made on A are watched on B. Edits run at the same pace in both
 * phases, so the two throughputs carry the same writes.
 */
export async function instancesScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const { connections, edits, intervalMs } = sizes.instances;
  const perRound = Math.ceil(edits / sizes.rounds);
  return withLoadoutPair(options, async (a: Loadout, b: Loadout) => {
    progress(S, `building the world (${sizes.world.agents} agents, ${sizes.world.tools} tools)`);
    const world = await buildWorld(a.graphqlUrl, a.operatorToken, { ...sizes.world, seed: options.seed });
    const viewerB = new GraphQLClient(b.graphqlUrl, world.as.VIEWER.key);
    const plan: LoadPlan = { kind: 'toolbox', agentIds: world.agentIds, channels: world.channels, contextObjects: world.contextObjects };
    const load = (url: string, conns: number, seconds: number, seed: number) =>
      graphqlLoad(url, world.as.VIEWER.key, plan, { connections: conns, seconds, seed });
    // Warm-up of both: JIT, caches and pools, outside the figures.
    await Promise.all([load(a.graphqlUrl, connections / 2, 1, 0), load(b.graphqlUrl, connections / 2, 1, 0)]);
    await a.db.settle();

    const single: LoadResult[][] = [];
    const pair: LoadResult[][] = [];
    const stale: number[] = [];
    const problems: string[] = [];
    for (let round = 1; round <= sizes.rounds; round++) {
      progress(S, `round ${round}/${sizes.rounds}: one instance`);
      const [alone, beside] = await Promise.all([
        load(a.graphqlUrl, connections, sizes.loadSeconds, round),
        editOnAWatchB(world, viewerB, perRound, intervalMs, -round),
      ]);
      single.push([alone]);
      problems.push(...beside.failures);
      await a.db.settle();
      progress(S, `round ${round}/${sizes.rounds}: two instances`);
      const [onA, onB, watched] = await Promise.all([
        load(a.graphqlUrl, connections / 2, sizes.loadSeconds, round),
        load(b.graphqlUrl, connections / 2, sizes.loadSeconds, round + 100),
        editOnAWatchB(world, viewerB, perRound, intervalMs, round),
      ]);
      pair.push([onA, onB]);
      stale.push(...watched.staleMs);
      problems.push(...watched.failures);
      await a.db.settle();
    }
    const runs = [...single.flat(), ...pair.flat()];
    const failed = runs.reduce((n, r) => n + failuresOf(r), 0) + problems.length;
    const sample = runs.find((r) => r.sampleFailure)?.sampleFailure;
    const serverLog = lastServerError(a.server) ?? lastServerError(b.server);
    return [
      figure({
        scenario: S,
        name: `toolbox req/s, ${connections} conn spread over 2 instances, edits on one (baseline: 1 instance)`,
        unit: 'req/s',
        value: median(pair.map(okPerSecond)),
        baseline: median(single.map(okPerSecond)),
        target: null,
      }),
      figure({
        scenario: S,
        name: `staleness p99, edit committed on A until B serves it, ${stale.length} edits under load`,
        unit: 'ms',
        value: percentile(stale, 0.99),
        baseline: null,
        target: { on: 'value', op: '<=', bound: 1000 },
        note: `median ${median(stale).toFixed(1)} ms, worst ${Math.max(...stale).toFixed(1)} ms; timed from A's answer to the edit`,
      }),
      figure({
        scenario: S,
        name: 'two instances failed responses, all rounds',
        unit: '',
        value: failed,
        baseline: null,
        target: { on: 'value', op: '=', bound: 0 },
        note: joinNotes(sample && `load: ${sample}`, problems[0], failed > 0 && serverLog),
      }),
    ];
  });
}
