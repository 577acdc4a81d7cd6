import type { LoadResult } from './load-spec';
import type { LoadPlan } from './request-bodies';
import { runLoad } from './workers';

/** One autocannon load of a plan against a GraphQL endpoint on 127.0.0.1. */
export function graphqlLoad(
  url: string,
  key: string | null,
  plan: LoadPlan,
  load: { connections: number; seconds: number; seed: number },
): Promise<LoadResult> {
  return runLoad({
    url,
    connections: load.connections,
    durationSeconds: load.seconds,
    authorization: key ? `Bearer ${key}` : null,
    plan,
    seed: load.seed,
  });
}
