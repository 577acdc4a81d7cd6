/**
 * What /metrics reports beyond the pool and request timings: plain numbers
 * the domains bump on their paths (no allocation, no library call), read
 * only when /metrics is scraped.
 */
export class Stats {
  /** Invalidation events this instance stored and published. */
  eventsPublished = 0;
  /** Invalidation events sent to subscribers on this instance's sockets, one per subscription that heard it. */
  eventsDelivered = 0;
  /** recordToolCalls: calls counted, and calls refused as repeats of an idempotency key. */
  callsAccepted = 0;
  callsDeduplicated = 0;
  /** Compiled-loadout reads answered from the cache, and those that loaded from the database. */
  loadoutHits = 0;
  loadoutMisses = 0;
  /** Compiled loadouts evicted to stay within the cache's budget, and what the cache holds now (estimated bytes, organisations). */
  loadoutEvictions = 0;
  loadoutCacheBytes = 0;
  loadoutCacheOrganizations = 0;
  /** MCP gateway sessions open on this instance. */
  mcpGatewaySessions = 0;
  /** Plain queries the direct path answered, and those it handed back to graphql-js at run time. */
  directAnswered = 0;
  directHandedBack = 0;
  /** Kept answers given again, and conditional GETs answered 304 (docs/semantics.md §3.17). */
  answersReused = 0;
  answersNotModified = 0;
  /** Times the LISTEN connection's heartbeat came late (nothing cached served meanwhile), and times it was replaced. */
  listenerLate = 0;
  listenerReconnects = 0;
  /** Told of each MCP probe as it ends (/metrics observes its duration by outcome). */
  onProbe: (outcome: 'ok' | 'failed', seconds: number) => void = () => {};
  /** Errors sent to clients, by code (codes are a closed set, so the map stays small). */
  readonly errors = new Map<string, number>();

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }
}
