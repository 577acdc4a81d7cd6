import { setMaxListeners } from 'node:events';
import { createPubSub, type PubSubEventTarget } from '@graphql-yoga/subscription';
import { Between, type DataSource, type EntityManager } from 'typeorm';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';
import { ListenConnection } from './listen-connection';
import { EVENTS_STORED, LOADOUT_CHANGED } from '../db/notifications';
import { ReplayPositions } from './replay-positions';
import { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

/** Subscription topics and their payloads. */
export enum Topic {
  TOOLBOX_INVALIDATED = 'TOOLBOX_INVALIDATED',
}
/** Routed by organisation: an event is dispatched to its own organisation's subscriptions only, never to every tenant's. */
export interface TopicPayloads {
  [Topic.TOOLBOX_INVALIDATED]: [organizationId: string, event: ToolboxInvalidationEntity];
}

type Topics = { [K in Topic]: TopicPayloads[K] };

/** Every subscription is a listener of its organisation's topic: thousands are expected, so Node's warning past ten does not apply. */
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
  /** Inside the transaction that stored the events, as runs of consecutive seqs. */
  stored(tx: EntityManager, runs: readonly EventRun[]): Promise<void>;
  /** After that transaction committed; the events are made only for a bus that publishes them itself. */
  committed(events: () => readonly ToolboxInvalidationEntity[]): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Every other instance's changes reach this one: caches may be trusted. */
  readonly live: boolean;
  /** Whether anyone on this instance could be subscribed (an open graphql-ws connection); set by the server. */
  audience: () => boolean;
}

/** Events of one organisation with the seqs `first` to `last`, all of them: a change's block (see InvalidationRecorder). */
export interface EventRun {
  organizationId: string;
  first: bigint;
  last: bigint;
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
  committed(events: () => readonly ToolboxInvalidationEntity[]): void {
    for (const event of events()) this.pubSub.publish(Topic.TOOLBOX_INVALIDATED, event.organizationId, event);
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

const REMEMBERED_IDS = 10_000;

/** Each organisation's newest event: where its replay position starts. */
const NEWEST_PER_ORGANIZATION = `SELECT o.id, n.seq::text AS seq FROM organizations o
  CROSS JOIN LATERAL (SELECT max(i.seq) AS seq FROM toolbox_invalidations i WHERE i.organization_id = o.id) n
  WHERE n.seq IS NOT NULL`;

/**
 * The keys of every organisation's events past its replay position
 * (`:organizations`, `:seqs` their positions; 0 for one without). OFFSET 0 keeps
 * the planner from flattening the subquery into one join over the whole
 * table: each organisation is one probe of its (organization_id, seq) key.
 */
const PAST_POSITIONS = `SELECT e.organization_id, e.seq FROM organizations o
  LEFT JOIN unnest(CAST(:organizations AS uuid[]), CAST(:seqs AS bigint[])) AS p(organization_id, seq) ON p.organization_id = o.id
  CROSS JOIN LATERAL (SELECT i.organization_id, i.seq FROM toolbox_invalidations i WHERE i.organization_id = o.id AND i.seq > coalesce(p.seq, 0) OFFSET 0) e`;

// See docs/architecture.md, note "Replay by organisation".
/** Invalidation events across the instances of one PostgreSQL server, through NOTIFY and one LISTEN connection each. */
export class PostgresNotifyBus implements InvalidationBus {
  private readonly connection: ListenConnection;
  private readonly positions = new ReplayPositions();
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
      channels: [EVENTS_STORED.channel, LOADOUT_CHANGED.channel],
      stats,
      onNotification: (channel, text) => {
        if (channel === EVENTS_STORED.channel) {
          const run = EVENTS_STORED.decode(text);
          if (run) this.heard(run);
        } else if (channel === LOADOUT_CHANGED.channel) {
          const changed = LOADOUT_CHANGED.decode(text);
          if (changed) this.loadouts.changed(changed.organizationId, changed.seq);
        }
      },
      onListening: async (reconnected) => {
        // Changes committed while no connection listened were never heard: start the cache afresh.
        this.loadouts.reset();
        if (reconnected) await this.replayMissed();
        else await this.startPositions();
      },
    });
  }

  get live(): boolean {
    return this.connection.live;
  }

  /** One notification per run. */
  async stored(tx: EntityManager, runs: readonly EventRun[]): Promise<void> {
    // WITH ORDINALITY: sent in the order of the runs, which is the order they are heard in.
    if (runs.length)
      await tx.query(`SELECT pg_notify($1, p.payload) FROM unnest($2::text[]) WITH ORDINALITY AS p(payload, n) ORDER BY p.n`, [
        EVENTS_STORED.channel,
        runs.map((r) => EVENTS_STORED.encode(r)),
      ]);
  }

  committed(): void {}

  start(): Promise<void> {
    return this.connection.start();
  }

  stop(): Promise<void> {
    return this.connection.stop();
  }

  /** Once listening: whatever commits from now on is heard, whatever committed before is no subscriber's. */
  private async startPositions(): Promise<void> {
    const rows: Array<{ id: string; seq: string }> = await this.db.query(NEWEST_PER_ORGANIZATION);
    for (const row of rows) this.positions.advance(row.id, BigInt(row.seq));
  }

  private async replayMissed(): Promise<void> {
    const { organizationIds, seqs } = this.positions.columns();
    const missed = await this.db.manager
      .createQueryBuilder(ToolboxInvalidationEntity, 'i')
      .where(`(i.organization_id, i.seq) IN (${PAST_POSITIONS})`, { organizations: organizationIds, seqs })
      .orderBy('i.seq', 'ASC')
      .getMany();
    for (const event of missed) this.deliver(event);
  }

  /**
   * With nobody to hear them (no open subscription connection) the events
   * are not loaded: only their organisation's replay position moves past
   * them, so a later replay does not hand them to subscribers that came after.
   */
  private heard(run: EventRun): void {
    if (this.audience()) void this.deliverRun(run);
    else this.positions.advance(run.organizationId, run.last);
  }

  private async deliverRun({ organizationId, first, last }: EventRun): Promise<void> {
    try {
      const events = await this.db.manager.find(ToolboxInvalidationEntity, {
        where: { organizationId, seq: Between(String(first), String(last)) },
        order: { seq: 'ASC' },
      });
      for (const event of events) this.deliver(event);
    } catch (error) {
      logger.error({ err: error, organizationId, first: String(first), last: String(last) }, 'could not load invalidation events');
    }
  }

  private deliver(event: ToolboxInvalidationEntity): void {
    if (this.delivered.has(event.id)) return;
    this.delivered.add(event.id);
    if (this.delivered.size > REMEMBERED_IDS) this.delivered.delete(this.delivered.values().next().value!);
    this.positions.advance(event.organizationId, BigInt(event.seq));
    this.pubSub.publish(Topic.TOOLBOX_INVALIDATED, event.organizationId, event);
  }
}
