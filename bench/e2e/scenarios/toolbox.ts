import { failuresOf, type LoadResult } from '../load-spec';
import { figure, joinNotes, type Figure } from '../figures';
import { lastServerError, withAnotherServer, withHello, withLoadout, type Loadout } from '../instance';
import { graphqlLoad } from '../load';
import type { Options } from '../options';
import type { ServerProcess } from '../server-process';
import { progress } from '../progress';
import type { LoadPlan } from '../request-bodies';
import { RssSampler } from '../rss';
import { startOtlpSink } from '../otlp-sink';
import { median } from '../stats';
import { buildWorld } from '../world';

const S = 'toolbox';

/**
 * The servers tracing is measured on: a twin with tracing off, started and
 * warmed as the traced ones are, so that a ratio holds what tracing costs
 * and not another process's warm-up or the other loads it served; one
 * samples every request, one a tenth of those that come without a sampled
 * parent, each held to 0.9 of the twin; one samples every request and
 * traces statements too, measured only: it carries each request's context
 * across its awaits (docs/operations.md, "Tracing"). On a PostgreSQL server
 * all four read one database, so that no figure is another database's.
 */
const SAMPLINGS = ['off', 'every', 'oneInTen', 'statements'] as const;
type Sampling = (typeof SAMPLINGS)[number];
type Traced = Exclude<Sampling, 'off'>;
const TRACED: Record<Traced, { name: string; env: NodeJS.ProcessEnv; bound: number | null }> = {
  every: { name: 'every request sampled', env: {}, bound: 0.9 },
  oneInTen: {
    name: '1 in 10 sampled',
    env: { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
    bound: 0.9,
  },
  statements: { name: 'every request and its statements', env: { LOADOUT_TRACE_STATEMENTS: 'on' }, bound: null },
};

/**
 * Toolbox reads under load (a VIEWER key, a random agent, channel and page
 * per request) against the hello baseline at the same connections and
 * duration: as runtimes send them (an answer kept while current is given
 * again), with every answer built (`Cache-Control: no-cache`), and the same
 * reads of the traced servers and their twin, exporting to an OTLP receiver
 * that drops what it is sent. Rounds are interleaved so all see the same
 * machine; within a round the twin and the traced servers take turns in an
 * order that moves on each round, and each traced run is compared with the
 * twin's run of its round.
 */
export async function toolboxScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const sink = await startOtlpSink();
  try {
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint };
    const envOf = (sampling: Sampling): NodeJS.ProcessEnv => (sampling === 'off' ? {} : { ...tracing, ...TRACED[sampling].env });
    // The twin first; on a PostgreSQL server the traced servers join its database, embedded each has its own.
    const withTraced = async <T>(
      fn: (traced: Record<Sampling, Loadout>) => Promise<T>,
      started: Partial<Record<Sampling, Loadout>> = {},
    ): Promise<T> => {
      const next = SAMPLINGS.find((sampling) => !started[sampling]);
      if (!next) return fn(started as Record<Sampling, Loadout>);
      const go = (server: Loadout) => withTraced(fn, { ...started, [next]: server });
      return started.off && options.databaseKind === 'server'
        ? withAnotherServer(started.off, envOf(next), go)
        : withLoadout(options, go, envOf(next));
    };
    return await withLoadout(options, (loadout) => withTraced((traced) => withHello((hello) => measure(loadout, traced, hello)))).then(
      (figures) => [...figures, tracedExports(sink.exports())],
    );
  } finally {
    await sink.close();
  }

  async function measure(loadout: Loadout, traced: Record<Sampling, Loadout>, hello: ServerProcess): Promise<Figure[]> {
    progress(S, `building the world (${sizes.world.agents} agents, ${sizes.world.tools} tools), on each server`);
    const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed });
    const plan: LoadPlan = { kind: 'toolbox', agentIds: world.agentIds, channels: world.channels, contextObjects: world.contextObjects };
    const tracedReads = {} as Record<Sampling, { server: Loadout; key: string; plan: LoadPlan; runs: LoadResult[] }>;
    const worldOf = (server: Loadout) => buildWorld(server.graphqlUrl, server.operatorToken, { ...sizes.world, seed: options.seed });
    const twinWorld = await worldOf(traced.off);
    for (const sampling of SAMPLINGS) {
      const server = traced[sampling];
      const tracedWorld = server.db === traced.off.db ? twinWorld : await worldOf(server);
      const { agentIds, channels, contextObjects, as } = tracedWorld;
      tracedReads[sampling] = { server, key: as.VIEWER.key, plan: { ...plan, agentIds, channels, contextObjects }, runs: [] };
    }
    const built: LoadPlan = { ...plan, fresh: true };
    const load = (seconds: number, seed: number) => ({ connections: sizes.toolboxConnections, seconds, seed });
    // Warm-up: JIT, caches and pools, outside the figures.
    await graphqlLoad(`${hello.baseUrl}/`, null, { kind: 'hello' }, load(1, 0));
    await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, load(1, 0));
    await loadout.db.settle();
    for (const { server, key, plan: tracedPlan } of Object.values(tracedReads)) {
      await graphqlLoad(server.graphqlUrl, key, tracedPlan, load(1, 0));
      await server.db.settle();
    }

    const helloRuns: LoadResult[] = [];
    const toolboxRuns: LoadResult[] = [];
    const builtRuns: LoadResult[] = [];
    let helloRss = 0;
    let serverRss = 0;
    for (let round = 1; round <= sizes.rounds; round++) {
      progress(S, `round ${round}/${sizes.rounds}`);
      const helloSampler = new RssSampler(hello.pid);
      helloRuns.push(await graphqlLoad(`${hello.baseUrl}/`, null, { kind: 'hello' }, load(sizes.loadSeconds, round)));
      helloRss = Math.max(helloRss, helloSampler.stop());
      const serverSampler = new RssSampler(loadout.server.pid);
      toolboxRuns.push(await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, load(sizes.loadSeconds, round)));
      serverRss = Math.max(serverRss, serverSampler.stop());
      await loadout.db.settle();
      builtRuns.push(await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, built, load(sizes.loadSeconds, round)));
      await loadout.db.settle();
      for (let turn = 0; turn < SAMPLINGS.length; turn++) {
        const { server, key, plan: tracedPlan, runs } = tracedReads[SAMPLINGS[(turn + round) % SAMPLINGS.length]];
        runs.push(await graphqlLoad(server.graphqlUrl, key, tracedPlan, load(sizes.loadSeconds, round)));
        await server.db.settle();
      }
    }
    const failures = [...toolboxRuns, ...builtRuns].reduce((n, r) => n + failuresOf(r), 0);
    const sample = [...toolboxRuns, ...builtRuns].find((r) => r.sampleFailure)?.sampleFailure;
    return [
      figure({
        scenario: S,
        name: `toolbox req/s, ${sizes.toolboxConnections} conn (baseline: hello)`,
        unit: 'req/s',
        value: median(toolboxRuns.map((r) => r.okPerSecond)),
        baseline: median(helloRuns.map((r) => r.okPerSecond)),
        target: { on: 'ratio', op: '>=', bound: 0.7 },
      }),
      figure({
        scenario: S,
        name: `toolbox req/s, every answer built, ${sizes.toolboxConnections} conn (baseline: hello)`,
        unit: 'req/s',
        value: median(builtRuns.map((r) => r.okPerSecond)),
        baseline: median(helloRuns.map((r) => r.okPerSecond)),
        target: { on: 'ratio', op: '>=', bound: 0.5 },
      }),
      figure({
        scenario: S,
        name: 'toolbox p99 latency (baseline: hello)',
        unit: 'ms',
        value: median(toolboxRuns.map((r) => r.latencyP99Ms)),
        baseline: median(helloRuns.map((r) => r.latencyP99Ms)),
        target: { on: 'ratio', op: '<=', bound: 10 },
      }),
      figure({
        scenario: S,
        name: 'toolbox failed responses, all rounds',
        unit: '',
        value: failures,
        baseline: helloRuns.reduce((n, r) => n + failuresOf(r), 0),
        target: { on: 'value', op: '=', bound: 0 },
        note: joinNotes(sample && `toolbox: ${sample}`, sample && lastServerError(loadout.server)),
      }),
      figure({
        scenario: S,
        name: 'server peak RSS under toolbox load (baseline: hello)',
        unit: 'MB',
        value: serverRss,
        baseline: helloRss,
        target: { on: 'value', op: '<', bound: 300 },
      }),
      ...(Object.keys(TRACED) as Traced[]).map((sampling) => {
        const { runs } = tracedReads[sampling];
        const twin = tracedReads.off.runs;
        const { name, bound } = TRACED[sampling];
        const failed = runs.reduce((n, r) => n + failuresOf(r), 0);
        // The median of the rounds' ratios to the twin, shown as the req/s it makes of the twin's median.
        const baseline = median(twin.map((r) => r.okPerSecond));
        return figure({
          scenario: S,
          name: `toolbox req/s with tracing on, ${name} (baseline: its twin, tracing off)`,
          unit: 'req/s',
          value: Math.round(median(runs.map((r, i) => r.okPerSecond / twin[i].okPerSecond)) * baseline),
          baseline,
          target: bound === null ? null : { on: 'ratio', op: '>=', bound },
          note: joinNotes(failed > 0 && `${failed} failed responses traced`),
        });
      }),
    ];
  }
}

/** Whether the traced server exported anything: a figure measured without tracing would say nothing. */
function tracedExports(exports: number): Figure {
  return figure({
    scenario: S,
    name: 'OTLP exports the traced server sent',
    unit: '',
    value: exports,
    baseline: null,
    target: { on: 'value', op: '>=', bound: 1 },
  });
}
