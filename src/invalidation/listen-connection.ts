import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { logger } from '../common/logger';
import type { Stats } from '../common/stats';
import { HEARTBEAT_SENT } from '../db/notifications';

/**
 * How the LISTEN connection proves it is alive. Every `intervalMs` the
 * instance NOTIFYs a channel of its own on that connection and must hear it
 * back. PostgreSQL delivers notifications in commit order, so hearing a
 * heartbeat sent at time S means every change committed before S was heard
 * too; an instance whose last heard heartbeat was sent more than `lateMs`
 * ago may have missed a change, and serves nothing cached until it hears
 * one again. After `deadMs` of silence the connection is replaced.
 */
export const HEARTBEAT = {
  intervalMs: 500,
  lateMs: 2_000,
  deadMs: 5_000,
  /** Connecting and LISTENing, as one step: a partitioned server never answers. */
  connectTimeoutMs: 5_000,
  /** The kernel's own probes on the socket, beside the heartbeat. */
  keepAliveMs: 10_000,
} as const;

const MAX_BACKOFF_MS = 10_000;

export interface ListenOptions {
  url: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** Once listening, after every (re)connection: whatever was sent while no connection listened was missed. */
  onListening(reconnected: boolean): Promise<void>;
  stats: Stats;
}

/**
 * One LISTEN connection to a PostgreSQL server, kept alive: it reconnects
 * with backoff when it drops, and notices when it is silently dead (a
 * stopped backend, a partition that sends neither FIN nor RST) by the
 * heartbeat it sends itself.
 */
export class ListenConnection {
  private client: Client | null = null;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private readonly heartbeatChannel = `${HEARTBEAT_SENT.channel}_${randomBytes(8).toString('hex')}`;
  private nonce = 0;
  /** Send times (performance.now()) of heartbeats not yet heard, by nonce. */
  private readonly sent = new Map<number, number>();
  /** The send time of the latest heartbeat heard (or of the LISTEN itself). */
  private confirmedAt = 0;
  /** The client a heartbeat is outstanding on: one at a time, so a stalled server queues nothing. */
  private pending: Client | null = null;
  private late = false;

  constructor(private readonly options: ListenOptions) {
    this.heartbeatTimer = setInterval(() => this.beat(), HEARTBEAT.intervalMs);
    this.heartbeatTimer.unref();
  }

  /** Every notification committed more than `lateMs` ago has been heard. */
  get live(): boolean {
    return this.client !== null && performance.now() - this.confirmedAt <= HEARTBEAT.lateMs;
  }

  start(): Promise<void> {
    return this.connect(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeatTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    if (client) destroy(client);
  }

  private async connect(reconnected: boolean): Promise<void> {
    const client = new Client({
      connectionString: this.options.url,
      fallback_application_name: 'loadout-listener',
      keepAlive: true,
      keepAliveInitialDelayMillis: HEARTBEAT.keepAliveMs,
    });
    client.on('notification', (message) => {
      if (message.channel === this.heartbeatChannel) {
        const beat = HEARTBEAT_SENT.decode(message.payload ?? '');
        if (beat) this.heard(beat.nonce);
      } else if (message.payload) this.options.onNotification(message.channel, message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        (async () => {
          await client.connect();
          for (const channel of [...this.options.channels, this.heartbeatChannel]) await client.query(`LISTEN ${channel}`);
        })(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no LISTEN connection within ${HEARTBEAT.connectTimeoutMs} ms`)),
            HEARTBEAT.connectTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      destroy(client);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    // Stopped while connecting: this connection must not outlive the instance.
    if (this.stopped) {
      destroy(client);
      return;
    }
    this.client = client;
    this.pending = null;
    this.sent.clear();
    this.confirmedAt = performance.now();
    this.attempt = 0;
    if (reconnected) this.options.stats.listenerReconnects++;
    this.late = false;
    try {
      await this.options.onListening(reconnected);
    } catch (error) {
      if (this.client === client) {
        this.client = null;
        destroy(client);
      }
      throw error;
    }
  }

  private beat(): void {
    const client = this.client;
    if (!client) return;
    const silence = performance.now() - this.confirmedAt;
    if (silence > HEARTBEAT.lateMs && !this.late) {
      this.late = true;
      this.options.stats.listenerLate++;
      logger.warn({ silentMs: Math.round(silence) }, 'LISTEN heartbeat late: nothing cached is served until it is heard');
    }
    if (silence > HEARTBEAT.deadMs) {
      logger.warn({ silentMs: Math.round(silence) }, 'LISTEN connection silent: replacing it');
      this.drop(client);
      return;
    }
    if (this.pending === client) return;
    const nonce = ++this.nonce;
    this.sent.set(nonce, performance.now());
    this.pending = client;
    const settled = () => {
      if (this.pending === client) this.pending = null;
    };
    // A failure is the connection's: its 'error' or 'end' follows.
    client.query('SELECT pg_notify($1, $2)', [this.heartbeatChannel, HEARTBEAT_SENT.encode({ nonce })]).then(settled, settled);
  }

  private heard(nonce: number): void {
    const sentAt = this.sent.get(nonce);
    if (sentAt === undefined) return;
    for (const earlier of this.sent.keys()) if (earlier <= nonce) this.sent.delete(earlier);
    if (sentAt > this.confirmedAt) this.confirmedAt = sentAt;
    if (this.late) {
      this.late = false;
      logger.info('LISTEN heartbeat heard again');
    }
  }

  private lost(client: Client, error?: Error): void {
    if (this.stopped || this.client !== client) return;
    if (error) logger.warn({ err: error }, 'LISTEN connection lost');
    this.drop(client);
  }

  private drop(client: Client): void {
    this.client = null;
    destroy(client);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 100 * 2 ** this.attempt++);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.stopped) return;
      this.connect(true).catch((error: Error) => {
        logger.warn({ err: error, attempt: this.attempt }, 'LISTEN connection could not reconnect');
        this.scheduleReconnect();
      });
    }, delay);
  }
}

/** Closes a client at once, whatever its server does: `end()` waits for a goodbye a dead server never sends. */
function destroy(client: Client): void {
  client.end().catch(() => undefined);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
