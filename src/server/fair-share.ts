/**
 * What one tenant may hold of an instance's graphql-ws capacity, and what
 * the instance holds in all (docs/semantics.md §8.6). Each is counted per
 * instance: the caps keep any one organisation's legal flood from taking what
 * another needs, and every instance's total within a bound its memory is
 * sized for. The last places of each total are kept for organisations that
 * hold only a few, so a full instance still takes a new tenant.
 */
export const FAIR_SHARE = {
  /** Open sockets of one organisation on one instance, whatever its keys. */
  maxSocketsPerOrganization: 250,
  /** Open sockets on one instance. */
  maxSocketsPerInstance: 5_000,
  /** Of those, the last ones, open only to organisations holding fewer than reservedSocketsPerOrganization. */
  reservedSocketsPerInstance: 500,
  reservedSocketsPerOrganization: 5,
  /** Subscriptions open at once for one organisation on one instance. */
  maxSubscriptionsPerOrganization: 1_000,
  /** Subscriptions open at once on one instance. */
  maxSubscriptionsPerInstance: 20_000,
  /** Of those, the last ones, open only to organisations holding fewer than reservedSubscriptionsPerOrganization. */
  reservedSubscriptionsPerInstance: 2_000,
  reservedSubscriptionsPerOrganization: 20,
};

export type FairShare = typeof FAIR_SHARE;

export interface TallyCaps {
  /** The most one key holds. */
  perKey: number;
  /** The most held in all. */
  overall: number;
  /** The last places of `overall`, taken only by a key holding fewer than `reservedPerKey`. */
  reserved: number;
  reservedPerKey: number;
}

/**
 * A count per key (an organisation) under a cap per key and a cap in all,
 * whose last places are reserved for keys that hold few: whoever fills the
 * rest, a newcomer still finds room. Whoever takes a place gives it back
 * exactly once (see PlaceHolder).
 */
export class Tally {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(readonly caps: TallyCaps) {}

  /** Which cap refuses one more for `key`, or null when there is room (and the place is taken). */
  take(key: string): 'key' | 'overall' | null {
    const held = this.byKey.get(key) ?? 0;
    if (held >= this.caps.perKey) return 'key';
    const room = held < this.caps.reservedPerKey ? this.caps.overall : this.caps.overall - this.caps.reserved;
    if (this.total >= room) return 'overall';
    this.byKey.set(key, held + 1);
    this.total++;
    return null;
  }

  /** Whether any key may take a place: false once only the reserved places are left. */
  get open(): boolean {
    return this.total < this.caps.overall - this.caps.reserved;
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
