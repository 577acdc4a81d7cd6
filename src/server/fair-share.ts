/**
 * What one tenant may hold of an instance's graphql-ws capacity, and what
 * the instance holds in all (docs/configuration.md, "Limits"). Each is counted per instance:
 * the caps keep any one organisation's legal flood from taking what another
 * needs, and every instance's total within a bound its memory is sized for.
 */
export const FAIR_SHARE = {
  /** Open sockets of one organisation on one instance, whatever its keys. */
  maxSocketsPerOrganization: 250,
  /** Open sockets on one instance. */
  maxSocketsPerInstance: 5_000,
  /** Subscriptions open at once for one organisation on one instance. */
  maxSubscriptionsPerOrganization: 1_000,
  /** Subscriptions open at once on one instance. */
  maxSubscriptionsPerInstance: 20_000,
} as const;

/**
 * A count per key (an organisation) under a cap per key and a cap in all.
 * Whoever takes a place gives it back exactly once (see PlaceHolder).
 */
export class Tally {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perKey: number,
    readonly overall: number,
  ) {}

  /** Which cap refuses one more for `key`, or null when there is room (and the place is taken). */
  take(key: string): 'key' | 'overall' | null {
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.perKey) return 'key';
    if (this.total >= this.overall) return 'overall';
    this.byKey.set(key, held + 1);
    this.total++;
    return null;
  }

  give(key: string): void {
    const held = this.byKey.get(key) ?? 0;
    if (held <= 0) return;
    if (held === 1) this.byKey.delete(key);
    else this.byKey.set(key, held - 1);
    this.total--;
  }

  heldBy(key: string): number {
    return this.byKey.get(key) ?? 0;
  }

  get held(): number {
    return this.total;
  }
}

/** The places one socket's operations hold, each given back once: on completion, on error, or when the socket closes. */
export class PlaceHolder {
  private readonly held = new Map<string, string>();

  constructor(private readonly tally: Tally) {}

  take(id: string, key: string): 'key' | 'overall' | null {
    const refused = this.tally.take(key);
    if (refused === null) this.held.set(id, key);
    return refused;
  }

  give(id: string): void {
    const key = this.held.get(id);
    if (key === undefined) return;
    this.held.delete(id);
    this.tally.give(key);
  }

  giveAll(): void {
    for (const id of [...this.held.keys()]) this.give(id);
  }
}
