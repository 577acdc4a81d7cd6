import type { LoadPlan } from './request-bodies';

/** What the parent hands the load worker (as a JSON file). */
export interface LoadSpec {
  /** http://127.0.0.1:<port>/<path> */
  url: string;
  connections: number;
  durationSeconds: number;
  /** The whole Authorization header value; null: none. */
  authorization: string | null;
  plan: LoadPlan;
  seed: number;
}

/** What the load worker prints: one JSON line. */
export interface LoadResult {
  durationSeconds: number;
  /** 2xx responses without GraphQL errors, per second. */
  okPerSecond: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  /** Socket errors. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** 2xx responses whose body carries `errors`. */
  graphqlErrors: number;
  /** The first failed response's body, cut short, to say why. */
  sampleFailure: string | null;
}

export const failuresOf = (r: LoadResult): number => r.errors + r.timeouts + r.non2xx + r.graphqlErrors;
