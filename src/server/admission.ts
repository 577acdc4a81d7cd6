/**
 * What graphql-ws places an instance gives (docs/semantics.md §8.6): a
 * socket holds one among its key's, its organisation's and the instance's
 * sockets, and a subscription one among its organisation's and the
 * instance's subscriptions. Each is counted per instance: the caps keep any
 * one tenant's legal flood from taking what another needs, and every
 * instance's total within a bound its memory is sized for. The last places
 * of each total are kept for organisations that hold only a few, so a full
 * instance still takes a new tenant. See docs/architecture.md,
 * note "Fair shares of an instance".
 */
export const ADMISSION_LIMITS = {
  /** Open sockets of one API key on one instance. */
  maxSocketsPerKey: 100,
  /** Open sockets of one organisation on one instance, whatever its keys. */
  maxSocketsPerOrganization: 250,
  /** Open sockets on one instance. */
  maxSocketsPerInstance: 5_000,
  /** Of those, the last ones, open only to organisations holding fewer than reservedSocketsPerOrganization. */
  reservedSocketsPerInstance: 500,
  reservedSocketsPerOrganization: 5,
  /** Subscriptions open at once for one organisation on one instance (a key's are bounded by its sockets' operations). */
  maxSubscriptionsPerOrganization: 1_000,
  /** Subscriptions open at once on one instance. */
  maxSubscriptionsPerInstance: 20_000,
  /** Of those, the last ones, open only to organisations holding fewer than reservedSubscriptionsPerOrganization. */
  reservedSubscriptionsPerInstance: 2_000,
  reservedSubscriptionsPerOrganization: 20,
};

export type AdmissionLimits = typeof ADMISSION_LIMITS;

/** Where a place is counted, and which cap refuses one. */
export type Level = 'key' | 'organization' | 'instance';

/** Who takes a place: an API key (its principal) of an organisation. */
export interface Holder {
  key: string;
  organization: string;
}

export interface PlaceCaps {
  /** What one key holds at most. */
  perKey: number;
  /** What one organisation holds at most, whatever its keys. */
  perOrganization: number;
  /** What the instance holds at most. */
  perInstance: number;
  /** The last places of `perInstance`, taken only by an organisation holding fewer than `reservedBelow`. */
  reserved: number;
  reservedBelow: number;
}

const count = (map: Map<string, number>, id: string, by: 1 | -1): void => {
  const n = (map.get(id) ?? 0) + by;
  if (n === 0) map.delete(id);
  else map.set(id, n);
};

/**
 * Places held per key, per organisation and in all, under a cap at each
 * level; the last places in all are reserved for organisations that hold
 * few: whoever fills the rest, a newcomer still finds room. Whoever takes a
 * place gives it back exactly once (see SocketPlaces).
 */
export class Places {
  private readonly byKey = new Map<string, number>();
  private readonly byOrganization = new Map<string, number>();
  private total = 0;

  constructor(readonly caps: PlaceCaps) {}

  /** Which level refuses one more place for `holder`, or null when there is room (and the place is taken). */
  take(holder: Holder): Level | null {
    if ((this.byKey.get(holder.key) ?? 0) >= this.caps.perKey) return 'key';
    const held = this.byOrganization.get(holder.organization) ?? 0;
    if (held >= this.caps.perOrganization) return 'organization';
    if (this.total >= (held < this.caps.reservedBelow ? this.caps.perInstance : this.unreserved)) return 'instance';
    count(this.byKey, holder.key, 1);
    count(this.byOrganization, holder.organization, 1);
    this.total++;
    return null;
  }

  /** Gives back a place `holder` took. */
  give(holder: Holder): void {
    if (!this.byKey.has(holder.key)) return;
    count(this.byKey, holder.key, -1);
    count(this.byOrganization, holder.organization, -1);
    this.total--;
  }

  /** Whether any organisation may take a place: false once only the reserved places are left. */
  get open(): boolean {
    return this.total < this.unreserved;
  }

  get held(): number {
    return this.total;
  }

  /** How many are held, the cap, and the count past which only organisations holding few take one: what /readyz/sockets and the gauges show. */
  get bounds(): { held: number; cap: number; unreserved: number } {
    return { held: this.total, cap: this.caps.perInstance, unreserved: this.unreserved };
  }

  private get unreserved(): number {
    return this.caps.perInstance - this.caps.reserved;
  }
}

/** What is admitted: sockets, and the subscriptions they run. */
export type Admitted = 'sockets' | 'subscriptions';

/** graphql-ws's close code for too many requests: what a socket refused a place is closed with. */
const TOO_MANY_CLOSE_CODE = 4429;

/** A place refused, as the client hears it: a socket is closed with `closeCode` and the message as reason; a subscription is answered with an error of `code`, its socket staying open. */
export interface Refusal {
  closeCode: number;
  code: string;
  message: string;
}

const WHOSE: Record<Exclude<Level, 'instance'>, string> = { key: 'API key', organization: 'organisation' };

/** The sockets' and the subscriptions' places of one instance, from one table of limits, and what a refusal of each says. */
export class Admission {
  readonly sockets: Places;
  readonly subscriptions: Places;

  constructor(limits: AdmissionLimits) {
    this.sockets = new Places({
      perKey: limits.maxSocketsPerKey,
      perOrganization: limits.maxSocketsPerOrganization,
      perInstance: limits.maxSocketsPerInstance,
      reserved: limits.reservedSocketsPerInstance,
      reservedBelow: limits.reservedSocketsPerOrganization,
    });
    this.subscriptions = new Places({
      perKey: Infinity,
      perOrganization: limits.maxSubscriptionsPerOrganization,
      perInstance: limits.maxSubscriptionsPerInstance,
      reserved: limits.reservedSubscriptionsPerInstance,
      reservedBelow: limits.reservedSubscriptionsPerOrganization,
    });
  }

  /** The refusal of a place among `admitted`, naming the cap of `level` that refused it. */
  refusal(admitted: Admitted, level: Level): Refusal {
    const { caps } = this[admitted];
    const message =
      level === 'instance'
        ? `This instance is full: its last ${caps.reserved} of ${caps.perInstance} ${admitted} are kept for organisations holding fewer than ${caps.reservedBelow}`
        : `At most ${level === 'key' ? caps.perKey : caps.perOrganization} ${admitted} open per ${WHOSE[level]} on this instance`;
    return { closeCode: TOO_MANY_CLOSE_CODE, code: 'BAD_REQUEST', message };
  }
}
