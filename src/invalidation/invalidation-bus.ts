import { createPubSub } from '@graphql-yoga/subscription';
import { Client } from 'pg';
import { MoreThan, type DataSource, type EntityManager } from 'typeorm';
import { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

/** Subscription topics and their payloads. */
export enum Topic {
  TOOLBOX_INVALIDATED = 'TOOLBOX_INVALIDATED',
}
export interface TopicPayloads {
  [Topic.TOOLBOX_INVALIDATED]: [ToolboxInvalidationEntity];
}

export const createLoadoutPubSub = () => createPubSub<{ [K in Topic]: TopicPayloads[K] }>();
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
}

/** Embedded PGlite serves one process: events go straight to this process's subscribers. */
export class InProcessBus implements InvalidationBus {
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
const MAX_BACKOFF_MS = 10_000;

/**
 * A PostgreSQL server may serve several instances. The writer NOTIFYs each
 * event's id inside its transaction, which PostgreSQL delivers only on commit
 * (and never for a rolled-back one); the id alone keeps far below NOTIFY's
 * 8000-byte payload limit. Every instance, the writer included, holds one
 * LISTEN connection, loads the event by id and publishes it to its own
 * subscribers, so each subscription hears each event once.
 *
 * When the LISTEN connection drops it reconnects with backoff and replays
 * events recorded after the last one it delivered, so a short outage loses
 * nothing; ids already delivered are remembered and skipped.
 */
export class PostgresNotifyBus implements InvalidationBus {
  private client: Client | null = null;
  private stopped = false;
  private attempt = 0;
  private lastSeq: bigint | null = null;
  private readonly delivered = new Set<string>();
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    private readonly db: DataSource,
    private readonly pubSub: LoadoutPubSub,
  ) {}

  async stored(tx: EntityManager, events: readonly ToolboxInvalidationEntity[]): Promise<void> {
    for (const event of events) await tx.query(`SELECT pg_notify($1, $2)`, [NOTIFY_CHANNEL, event.id]);
  }

  committed(): void {}

  async start(): Promise<void> {
    const [row]: Array<{ seq: string | null }> = await this.db.query(`SELECT max(seq)::text AS seq FROM toolbox_invalidations`);
    this.lastSeq = row?.seq ? BigInt(row.seq) : 0n;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload) void this.deliverById(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    this.client = client;
    this.attempt = 0;
  }

  private lost(client: Client, error?: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    if (error) console.error('invalidation listener lost its connection:', error.message);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      this.connect()
        .then(() => this.replayMissed())
        .catch((error: Error) => {
          console.error('invalidation listener could not reconnect:', error.message);
          this.scheduleReconnect();
        });
    }, delay);
  }

  private async replayMissed(): Promise<void> {
    const missed = await this.db.manager.find(ToolboxInvalidationEntity, {
      where: { seq: MoreThan(String(this.lastSeq ?? 0n)) },
      order: { seq: 'ASC' },
    });
    for (const event of missed) this.deliver(event);
  }

  private async deliverById(id: string): Promise<void> {
    try {
      const event = await this.db.manager.findOneBy(ToolboxInvalidationEntity, { id });
      if (event) this.deliver(event);
    } catch (error) {
      console.error('could not load invalidation event', id, (error as Error).message);
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
