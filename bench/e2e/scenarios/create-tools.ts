import { performance } from 'node:perf_hooks';
import { figure, type Figure } from '../figures';
import { HTTP_TIMEOUT_MS } from '../http';
import { withLoadout } from '../instance';
import type { Options } from '../options';
import { progress } from '../progress';
import { createAgents, createToolsOneByOne, setUpOrganization } from '../world';

const S = 'createTools';

interface Creation {
  /** Seconds for all the tools, extrapolated from those created when the budget ran out. */
  seconds: number | null;
  note?: string;
}

/** Creates the planned tools one createToolDefinition at a time (a few at once) in a fresh world with `agents` agents. */
function timeCreation(options: Options, agents: number): Promise<Creation> {
  const { createTools: c } = options.sizes;
  return withLoadout(options, async (loadout) => {
    const world = await setUpOrganization(loadout.graphqlUrl, loadout.operatorToken, {
      ...options.sizes.world,
      agents,
      tools: c.tools,
      seed: options.seed,
    });
    await createAgents(world, agents);
    const start = performance.now();
    const { created, timedOut } = await createToolsOneByOne(world, world.tools, c.concurrency, Date.now() + c.budgetSeconds * 1000);
    const seconds = (performance.now() - start) / 1000;
    if (created === world.tools.length) return { seconds };
    const why = timedOut ? `a create took over ${HTTP_TIMEOUT_MS / 1000} s` : `the ${c.budgetSeconds} s budget ran out`;
    if (created === 0) return { seconds: null, note: `timeout: ${why} before any tool was created` };
    return {
      seconds: (seconds * world.tools.length) / created,
      note: `extrapolated: ${why} after ${created} of ${world.tools.length} tools in ${seconds.toFixed(0)} s`,
    };
  });
}

/** Time to create the tools when the agents already exist, against the same with no agent. */
export async function createToolsScenario(options: Options): Promise<Figure[]> {
  const { createTools: c } = options.sizes;
  progress(S, `${c.tools} tools, no agents`);
  const baseline = await timeCreation(options, 0);
  progress(S, `${c.tools} tools, ${c.agents} agents`);
  const withAgents = await timeCreation(options, c.agents);
  const complete = baseline.note === undefined && withAgents.note === undefined;
  return [
    figure({
      scenario: S,
      name: `create ${c.tools} tools (${c.concurrency} at once), ${c.agents} agents (baseline: none)`,
      unit: 's',
      value: withAgents.seconds,
      baseline: baseline.seconds,
      target: { on: 'ratio', op: '<=', bound: 3 },
      // An extrapolation is a finding, not a measurement that meets a target.
      met: complete ? undefined : false,
      note: [withAgents.note, baseline.note && `baseline: ${baseline.note}`].filter(Boolean).join('; ') || undefined,
    }),
  ];
}
