import { failuresAgainstRaw, figure, NO_RAW_BASELINE_ON_EMBEDDED, type Figure } from '../figures';
import { firstTurns, startConversations } from '../conversations';
import { lastServerError, withLoadout } from '../instance';
import { graphqlLoad } from '../load';
import type { LoadResult } from '../load-spec';
import type { Options } from '../options';
import { progress } from '../progress';
import type { RawResult } from '../raw-spec';
import { median } from '../stats';
import { runRaw } from '../workers';
import { buildWorld } from '../world';

const S = 'beginTurn';
const USERS = Array.from({ length: 50 }, (_, i) => `user_${i}`);

/**
 * beginTurn under load (RUNTIME key, random conversation per request)
 * against the same writes done by hand with `pg` at the same concurrency,
 * on the same database, on conversations of their own so turn indexes never
 * clash. Rounds interleaved.
 */
export async function beginTurnScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const { conversations: count, connections } = sizes.beginTurn;
  return withLoadout(options, async (loadout) => {
    progress(S, `building the world (${sizes.world.agents} agents, ${sizes.world.tools} tools)`);
    const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed });
    progress(S, `starting ${count} + ${count} conversations and their first turns`);
    const apiConversations = await startConversations(world, count, USERS, options.seed);
    const rawConversations = await startConversations(world, count, USERS, options.seed + 1);
    // The first turns store the snapshots; the raw baseline reuses them as the real thing would.
    await firstTurns(world, apiConversations);
    const raw = await firstTurns(world, rawConversations);

    const plan = { kind: 'beginTurn' as const, conversationIds: apiConversations };
    await graphqlLoad(loadout.graphqlUrl, world.as.RUNTIME.key, plan, { connections, seconds: 1, seed: 0 });
    await loadout.db.settle();
    const apiRuns: LoadResult[] = [];
    const rawRuns: RawResult[] = [];
    for (let round = 1; round <= sizes.rounds; round++) {
      progress(S, `round ${round}/${sizes.rounds}`);
      apiRuns.push(
        await graphqlLoad(loadout.graphqlUrl, world.as.RUNTIME.key, plan, { connections, seconds: sizes.loadSeconds, seed: round }),
      );
      await loadout.db.settle();
      if (!loadout.db.url) continue;
      rawRuns.push(
        await runRaw({
          databaseUrl: loadout.db.url,
          concurrency: connections,
          durationSeconds: sizes.loadSeconds,
          seed: round,
          plan: { kind: 'beginTurn', organizationId: world.organizationId, conversations: raw },
        }),
      );
    }
    return [
      figure({
        scenario: S,
        name: `beginTurn turns/s, ${connections} conn (baseline: raw pg)`,
        unit: 'turns/s',
        value: median(apiRuns.map((r) => r.okPerSecond)),
        baseline: rawRuns.length ? median(rawRuns.map((r) => r.operationsPerSecond)) : null,
        target: { on: 'ratio', op: '>=', bound: 0.5 },
        met: rawRuns.length ? undefined : null,
        note: rawRuns.length ? undefined : NO_RAW_BASELINE_ON_EMBEDDED,
      }),
      failuresAgainstRaw(S, 'beginTurn', apiRuns, rawRuns, lastServerError(loadout.server)),
    ];
  });
}
