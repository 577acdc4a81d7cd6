import { setMaxListeners } from 'node:events';
import { createPubSub, type PubSubEventTarget } from '@graphql-yoga/subscription';
import { In, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';
import { ListenConnection } from './listen-connection';
import { LOADOUT_CHANGED_CHANNEL } from '../loadout/change';
import { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

/** Subscription topics and their payloads. */
export enum Topic {
  TOOLBOX_INVALIDATED = 'TOOLBOX_INVALIDATED',
}
export interface TopicPayloads {
  [Topic.TOOLBOX_INVALIDATED]: [ToolboxInvalidationEntity];
}

type Topics = { [K in Topic]: TopicPayloads[K] };

/** Every subscription is a listener of the one topic: thousands are expected, so Node's warning past ten does not apply. */
export function createLoadoutPubSub() {
  const eventTarget = new EventTarget();
  setMaxListeners(0, eventTarget);
  return createPubSub<Topics>({ eventTarget: eventTarget as PubSubEventTarget<Topics> });
}
export type LoadoutPubSub = ReturnType<typeof createLoadoutPubSub>;

/**
 * Gets stored invalidation events to every subscriber of every instance once
 * their transaction has committed.
 */
export interface InvalidationBus {
  /** Inside the transaction that stored the events. */
  stored(tx: EntityManager, events: readonly ToolboxInvalidationEntity[]): Promise<void>;
  /** After that transaction committed. */
  committed(events: readonly ToolboxInvalidationEntity[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Every other instance's changes reach this one: caches may be trusted. */
  readonly live: boolean;
  /** Whether anyone on this instance could be subscribed (an open graphql-ws connection); set by the server. */
  audience: () => boolean;
}

/** What the bus tells the loadout cache: another instance committed a change, or notifications may have been missed. */
export interface LoadoutListener {
  changed(organizationId: string, seq: number): void;
  reset(): void;
}

/** Embedded PGlite serves one process: events go straight to this process's subscribers. */
export class InProcessBus implements InvalidationBus {
  readonly live = true;
  audience = () => true;
  constructor(private readonly pubSub: LoadoutPubSub) {}
  async stored(): Promise<void> {}
  committed(events: readonly ToolboxInvalidationEntity[]): void {
    for (const event of events) this.pubSub.publish(Topic.TOOLBOX_INVALIDATED, event);
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

export const NOTIFY_CHANNEL = 'loadout_toolbox_invalidated';
const REMEMBERED_IDS = 10_000;
/** Event ids per NOTIFY: 100 uuids with commas stay far below the 8000-byte payload limit. */
const IDS_PER_NOTIFY = 100;

/**
 * A PostgreSQL server may serve several instances. The writer NOTIFYs the
 * events' ids inside its transaction, which PostgreSQL delivers only on
 * commit (and never for a rolled-back one), a hundred ids a notification.
 * Every instance, the writer included, holds one LISTEN connection, loads
 * the events by id and publishes them to its own subscribers, so each
 * subscription hears each event once. The same connection hears every
 * change's loadout_seq (`loadout_changed`) for the loadout cache, which is
 * trusted only while the connection is live (see ListenConnection).
 *
 * When the LISTEN connection drops it reconnects with backoff and replays
 * events recorded after the last one it delivered, so a short outage loses
 * nothing; ids already delivered are remembered and skipped.
 */
export class PostgresNotifyBus implements InvalidationBus {
  private readonly connection: ListenConnection;
  private lastSeq: bigint | null = null;
  private readonly delivered = new Set<string>();
  audience = () => true;

  constructor(
    listenUrl: string,
    private readonly db: DataSource,
    private readonly pubSub: LoadoutPubSub,
    private readonly loadouts: LoadoutListener,
    stats: Stats,
  ) {
    this.connection = new ListenConnection({
      url: listenUrl,
      channels: [NOTIFY_CHANNEL, LOADOUT_CHANGED_CHANNEL],
      stats,
      onNotification: (channel, payload) => {
        if (channel === NOTIFY_CHANNEL) this.heard(payload);
        else if (channel === LOADOUT_CHANGED_CHANNEL) {
          const [organizationId, seq] = payload.split(':');
          this.loadouts.changed(organizationId, Number(seq));
        }
      },
      onListening: async (reconnected) => {
        // Changes committed while no connection listened were never heard: start the cache afresh.
        this.loadouts.reset();
        if (reconnected) await this.replayMissed();
      },
    });
  }

  get live(): boolean {
    return this.connection.live;
  }

  async stored(tx: EntityManager, events: readonly ToolboxInvalidationEntity[]): Promise<void> {
    for (let i = 0; i < events.length; i += IDS_PER_NOTIFY) {
      const chunk = events.slice(i, i + IDS_PER_NOTIFY);
      const lastSeq = chunk.reduce((max, e) => (BigInt(e.seq) > max ? BigInt(e.seq) : max), 0n);
      await tx.query(`SELECT pg_notify($1, $2)`, [NOTIFY_CHANNEL, `${chunk.map((e) => e.id).join(',')};${lastSeq}`]);
    }
  }

  committed(): void {}

  async start(): Promise<void> {
    const [row]: Array<{ seq: string | null }> = await this.db.query(`SELECT max(seq)::text AS seq FROM toolbox_invalidations`);
    this.lastSeq = row?.seq ? BigInt(row.seq) : 0n;
    await this.connection.start();
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }

  private async replayMissed(): Promise<void> {
    const missed = await this.db.manager.find(ToolboxInvalidationEntity, {
      where: { seq: MoreThan(String(this.lastSeq ?? 0n)) },
      order: { seq: 'ASC' },
    });
    for (const event of missed) this.deliver(event);
  }

  /**
   * `ids;seq`. With nobody to hear them (no open subscription connection) the
   * events are not loaded: only the replay position moves past them, so a
   * later replay does not hand them to subscribers that came after.
   */
  private heard(payload: string): void {
    const [ids, seq] = payload.split(';');
    if (this.audience()) {
      void this.deliverByIds(ids.split(','));
      return;
    }
    const last = BigInt(seq);
    if (this.lastSeq === null || last > this.lastSeq) this.lastSeq = last;
  }

  private async deliverByIds(ids: string[]): Promise<void> {
    try {
      const events = await this.db.manager.find(ToolboxInvalidationEntity, { where: { id: In(ids) }, order: { seq: 'ASC' } });
      for (const event of events) this.deliver(event);
    } catch (error) {
      logger.error({ err: error, events: ids.length }, 'could not load invalidation events');
    }
  }

  private deliver(event: ToolboxInvalidationEntity): void {
    if (this.delivered.has(event.id)) return;
    this.delivered.add(event.id);
    if (this.delivered.size > REMEMBERED_IDS) this.delivered.delete(this.delivered.values().next().value!);
    const seq = BigInt(event.seq);
    if (this.lastSeq === null || seq > this.lastSeq) this.lastSeq = seq;
    this.pubSub.publish(Topic.TOOLBOX_INVALIDATED, event);
  }
}
