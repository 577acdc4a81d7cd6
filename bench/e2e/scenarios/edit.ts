import { performance } from 'node:perf_hooks';
import { figure, type Figure } from '../figures';
import { HTTP_TIMEOUT_MS, TimeoutError } from '../http';
import { withLoadout } from '../instance';
import type { Options } from '../options';
import { progress } from '../progress';
import { median, percentile } from '../stats';
import { createAgents, createToolsInChangeSets, setUpOrganization, type World } from '../world';

const S = 'edit';

interface EditTiming {
  /** Median over the edits; null when the first one timed out. */
  medianMs: number | null;
  /** The 10th and 90th percentile of the counted edits: how far one run's median can stray. */
  spreadMs: [number, number] | null;
  timedOut: boolean;
  /** Invalidation events the last completed edit stored. */
  events: number | null;
}

const invalidationCount = async (world: World): Promise<number> =>
  (await world.as.VIEWER.ok<{ toolboxInvalidations: { totalCount: number } }>(`{ toolboxInvalidations(first: 1) { totalCount } }`))
    .toolboxInvalidations.totalCount;

/**
 * Edits of the pinned tool's description, one at a time, each different.
 * The first `warmUp` of a series are not counted, in every series alike:
 * the first edit after the world changed loads the loadout afresh, the
 * code that only edits seen by agents run is not yet compiled by the JIT,
 * and the heap is still full of the world's construction, while a running
 * server has all three long behind it. A timeout ends the
 * series: the server is still busy with it, so later edits would measure
 * the queue behind it.
 */
async function timeEdits(world: World, { warmUp, edits }: Options['sizes']['edit'], tag: string): Promise<EditTiming> {
  const times: number[] = [];
  let events: number | null = null;
  for (let i = 0; i < warmUp + edits; i++) {
    const before = await invalidationCount(world);
    const start = performance.now();
    try {
      await world.as.EDITOR.ok(
        `mutation($id: ID!, $d: String!) { updateToolDefinition(id: $id, input: { description: $d }) { version } }`,
        {
          id: world.pinnedToolId,
          d: `The first tool of every toolbox (edit ${tag}-${i}).`,
        },
      );
    } catch (error) {
      if (error instanceof TimeoutError)
        return { medianMs: times.length ? median(times) : null, spreadMs: spread(times), timedOut: true, events };
      throw error;
    }
    if (i >= warmUp) times.push(performance.now() - start);
    events = (await invalidationCount(world)) - before;
  }
  return { medianMs: median(times), spreadMs: spread(times), timedOut: false, events };
}

const spread = (times: readonly number[]): [number, number] | null =>
  times.length ? [percentile(times, 0.1), percentile(times, 0.9)] : null;

const spreadText = (timing: EditTiming): string =>
  timing.spreadMs ? `${timing.spreadMs[0].toFixed(1)}–${timing.spreadMs[1].toFixed(1)} ms` : 'none';

/** A fresh server with the organisation and its tools (no agents yet). */
const withTools = <T>(options: Options, tools: number, fn: (world: World) => Promise<T>): Promise<T> =>
  withLoadout(options, async (loadout) => {
    const world = await setUpOrganization(loadout.graphqlUrl, loadout.operatorToken, { ...options.sizes.world, tools, seed: options.seed });
    await createToolsInChangeSets(world, world.tools);
    return fn(world);
  });

const worldName = (agents: number, tools: number) => `${agents.toLocaleString('en-US')} agents × ${tools.toLocaleString('en-US')} tools`;

/** Every world's edit at most 3× the same edit seen by no agent: the per-agent work is a version and an event row. */
function latencyFigure(name: string, timing: EditTiming, baseline: EditTiming): Figure {
  return figure({
    scenario: S,
    name: `edit latency, ${name} (baseline: 0 agents)`,
    unit: 'ms',
    value: timing.medianMs,
    baseline: baseline.medianMs,
    target: { on: 'ratio', op: '<=', bound: 3 },
    met: timing.timedOut ? false : undefined,
    // The ratio of two medians of small numbers moves with either: the edits' p10–p90 say by how much, in this run.
    note: timing.timedOut
      ? `timeout: an edit took over ${HTTP_TIMEOUT_MS / 1000} s with ${name}`
      : `edits p10–p90 ${spreadText(timing)}, baseline ${spreadText(baseline)}`,
  });
}

const eventsFigure = (name: string, agents: number, timing: EditTiming): Figure =>
  figure({
    scenario: S,
    name: `invalidation events per edit, ${name} (expected: agents)`,
    unit: '',
    value: timing.events,
    baseline: agents,
    target: { on: 'ratio', op: '=', bound: 1 },
    // Not counted where the edit never finished: the latency row already says so.
    met: timing.events === null ? null : undefined,
  });

/**
 * Latency of one tool edit every agent sees within its Max Tools cut: with
 * no agents (baseline) and with the world's agents, then larger worlds.
 */
export async function editScenario(options: Options): Promise<Figure[]> {
  const { edit, world: base } = options.sizes;
  progress(S, `0 then ${edit.agents} agents, ${base.tools} tools`);
  const { baseline, main } = await withTools(options, base.tools, async (world) => {
    const baseline = await timeEdits(world, edit, 'baseline');
    await createAgents(world, edit.agents);
    return { baseline, main: await timeEdits(world, edit, 'agents') };
  });
  const mainName = worldName(edit.agents, base.tools);
  const figures = [
    figure({
      scenario: S,
      name: `edit latency, ${worldName(0, base.tools)}`,
      unit: 'ms',
      value: baseline.medianMs,
      baseline: null,
      target: null,
    }),
    latencyFigure(mainName, main, baseline),
    eventsFigure(mainName, edit.agents, main),
  ];
  for (const larger of edit.larger) {
    const name = worldName(larger.agents, larger.tools);
    progress(S, name);
    const timing = await withTools(options, larger.tools, async (world) => {
      await createAgents(world, larger.agents);
      return timeEdits(world, edit, 'larger');
    });
    figures.push(latencyFigure(name, timing, baseline), eventsFigure(name, larger.agents, timing));
  }
  return figures;
}
