import { figure, joinNotes, type Figure } from '../figures';
import { withLoadout } from '../instance';
import { graphqlLoad } from '../load';
import { failuresOf, type LoadResult } from '../load-spec';
import type { Options } from '../options';
import { progress } from '../progress';
import { median } from '../stats';
import { buildWorld } from '../world';

const S = 'scale';

interface Level {
  tools: number;
  /** Median over rounds of the mean latency: finer than autocannon's whole-millisecond p50 at small sizes. */
  meanMs: number;
  failures: number;
  sample: string | null;
}

/** Toolbox reads at one tool count, on a fresh world of its own. */
function measure(options: Options, tools: number): Promise<Level> {
  const { sizes } = options;
  const { agents, connections } = sizes.scale;
  return withLoadout(options, async (loadout) => {
    progress(S, `${tools} tools, ${agents} agents`);
    const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, agents, tools, seed: options.seed });
    const plan = { kind: 'toolbox' as const, agentIds: world.agentIds, channels: world.channels, contextObjects: world.contextObjects };
    await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, { connections, seconds: 1, seed: 0 });
    await loadout.db.settle();
    const runs: LoadResult[] = [];
    for (let round = 1; round <= sizes.rounds; round++) {
      runs.push(await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, { connections, seconds: sizes.loadSeconds, seed: round }));
      await loadout.db.settle();
    }
    return {
      tools,
      meanMs: median(runs.map((r) => r.latencyMeanMs)),
      failures: runs.reduce((n, r) => n + failuresOf(r), 0),
      sample: runs.find((r) => r.sampleFailure)?.sampleFailure ?? null,
    };
  });
}

const failureNote = (l: Level) => l.failures > 0 && `${l.failures} failed responses at ${l.tools} tools: ${l.sample}`;

/** How toolbox latency grows with the organisation's tool count: the largest against the middle one. */
export async function scaleScenario(options: Options): Promise<Figure[]> {
  const [small, middle, large] = options.sizes.scale.tools;
  const levels: Level[] = [];
  for (const tools of [small, middle, large]) levels.push(await measure(options, tools));
  const [s, m, l] = levels;
  const n = (x: number) => x.toLocaleString('en-US');
  return [
    figure({
      scenario: S,
      name: `toolbox mean latency, ${n(large)} tools (baseline: ${n(middle)})`,
      unit: 'ms',
      value: l.meanMs,
      baseline: m.meanMs,
      target: { on: 'ratio', op: '<=', bound: 12 },
      met: l.failures + m.failures > 0 ? false : undefined,
      note: joinNotes(failureNote(l), failureNote(m)),
    }),
    figure({
      scenario: S,
      name: `toolbox mean latency, ${n(small)} tools (baseline: ${n(middle)})`,
      unit: 'ms',
      value: s.meanMs,
      baseline: m.meanMs,
      target: null,
      note: joinNotes(failureNote(s)),
    }),
  ];
}
