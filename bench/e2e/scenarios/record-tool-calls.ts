import { failuresAgainstRaw, figure, NO_RAW_BASELINE_ON_EMBEDDED, type Figure } from '../figures';
import { lastServerError, withLoadout } from '../instance';
import { graphqlLoad } from '../load';
import type { LoadResult } from '../load-spec';
import type { Options } from '../options';
import { progress } from '../progress';
import type { RawResult } from '../raw-spec';
import { median } from '../stats';
import { runRaw } from '../workers';
import { setUpCallWorld } from '../world';

const S = 'recordToolCalls';

/**
 * recordToolCalls batches (project scope, no idempotency keys, ~5% errors)
 * under load against the same batches written by hand as pre-aggregated
 * tool_usage upserts at the same concurrency. Rounds interleaved.
 */
export async function recordToolCallsScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const r = sizes.recordToolCalls;
  return withLoadout(options, async (loadout) => {
    progress(S, `building the world (${sizes.world.tools} tools)`);
    const { world, calls } = await setUpCallWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed }, r);
    const load = (seconds: number, seed: number) => ({ connections: r.connections, seconds, seed });
    await graphqlLoad(loadout.graphqlUrl, world.as.RUNTIME.key, { kind: 'recordToolCalls', calls }, load(1, 0));
    await loadout.db.settle();

    const apiRuns: LoadResult[] = [];
    const rawRuns: RawResult[] = [];
    for (let round = 1; round <= sizes.rounds; round++) {
      progress(S, `round ${round}/${sizes.rounds}`);
      apiRuns.push(
        await graphqlLoad(loadout.graphqlUrl, world.as.RUNTIME.key, { kind: 'recordToolCalls', calls }, load(sizes.loadSeconds, round)),
      );
      await loadout.db.settle();
      if (!loadout.db.url) continue;
      rawRuns.push(
        await runRaw({
          databaseUrl: loadout.db.url,
          concurrency: r.connections,
          durationSeconds: sizes.loadSeconds,
          seed: round,
          plan: { kind: 'toolUsage', organizationId: world.organizationId, calls },
        }),
      );
    }
    return [
      figure({
        scenario: S,
        name: `recordToolCalls calls/s, batches of ${r.batchSize}, ${r.connections} conn (baseline: raw upsert)`,
        unit: 'calls/s',
        value: median(apiRuns.map((x) => x.okPerSecond * r.batchSize)),
        baseline: rawRuns.length ? median(rawRuns.map((x) => x.operationsPerSecond * r.batchSize)) : null,
        target: { on: 'ratio', op: '>=', bound: 0.5 },
        met: rawRuns.length ? undefined : null,
        note: rawRuns.length ? undefined : NO_RAW_BASELINE_ON_EMBEDDED,
      }),
      failuresAgainstRaw(S, 'recordToolCalls', apiRuns, rawRuns, lastServerError(loadout.server)),
    ];
  });
}
