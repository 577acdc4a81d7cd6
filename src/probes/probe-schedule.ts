/**
 * When a server is probed next (docs/mcp-connections.md, "Probing"): every
 * interval while it answers; after failures, sooner at first and then less
 * often, doubling up to a bound. Each delay is moved by up to a tenth either
 * way, so servers registered together do not stay in step.
 */

export interface ProbeTimes {
  intervalMs: number;
  /** The first retry after a failure, and the most a retry waits. */
  backoffMinMs: number;
  backoffMaxMs: number;
}

export function nextProbeDelay(failures: number, times: ProbeTimes, random: () => number = Math.random): number {
  const base = failures === 0 ? times.intervalMs : Math.min(times.backoffMaxMs, times.backoffMinMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(base * (0.9 + 0.2 * random()));
}
