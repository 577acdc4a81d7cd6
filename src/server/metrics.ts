import type http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { Stats } from '../common/stats';
import { bearerToken, sameSecret } from './authenticate';
import type { Places } from './admission';
import type { AnswerStore } from './answer-store';

/** What a pool (pg's, or the embedded one) tells about its connections. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with LOADOUT_METRICS_TOKEN set, a request bearing
 * it, from anywhere (else 401); without one, connections from this host only
 * (else 403), so a scraper on the host or a sidecar reads it and the
 * internet does not.
 */
export function metricsAccess(remoteAddress: string | undefined, authorization: string | undefined, token: string | null): 200 | 401 | 403 {
  if (token) return sameSecret(bearerToken(authorization) ?? '', token) ? 200 : 401;
  return LOOPBACK.has(remoteAddress ?? '') ? 200 : 403;
}

/**
 * `/metrics` in Prometheus' text format, one registry per server. Request
 * latency is observed once per request; everything else is read from
 * counters and the pool only when scraped.
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly duration: Histogram<'operation'>;

  constructor(
    stats: Stats,
    dataSource: DataSource,
    notificationsLive: () => boolean,
    private readonly token: string | null,
    mcpServersByStatus: () => Promise<Record<string, number>>,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'loadout_request_duration_seconds',
      help: 'GraphQL and REST requests by operation (the root field; several: multiple; none valid: unknown); _count is the number of requests',
      labelNames: ['operation'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    new Counter({
      name: 'loadout_errors_total',
      help: 'Errors sent to clients, by code',
      labelNames: ['code'],
      registers,
      collect() {
        this.reset();
        for (const [code, n] of stats.errors) this.inc({ code }, n);
      },
    });
    const pool = (): PoolCounts | undefined => (dataSource.driver as { master?: PoolCounts }).master;
    new Gauge({
      name: 'loadout_db_pool_connections',
      help: 'Database connections of the pool, in use or idle',
      labelNames: ['state'],
      registers,
      collect() {
        const p = pool();
        this.set({ state: 'in_use' }, p ? p.totalCount - p.idleCount : 0);
        this.set({ state: 'idle' }, p?.idleCount ?? 0);
      },
    });
    new Gauge({
      name: 'loadout_db_pool_waiting',
      help: 'Queries waiting for a database connection',
      registers,
      collect() {
        this.set(pool()?.waitingCount ?? 0);
      },
    });
    const counter = (name: string, help: string, read: () => number) =>
      new Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    new Gauge({
      name: 'loadout_notifications_live',
      help: "Whether every other instance's changes reach this one (1), or nothing cached is served (0)",
      registers,
      collect() {
        this.set(notificationsLive() ? 1 : 0);
      },
    });
    counter(
      'loadout_notification_heartbeats_late_total',
      "Times the LISTEN connection's heartbeat came late (nothing cached served until heard)",
      () => stats.listenerLate,
    );
    counter('loadout_notification_reconnects_total', 'Times the LISTEN connection was replaced', () => stats.listenerReconnects);
    counter('loadout_events_published_total', 'Invalidation events this instance stored and published', () => stats.eventsPublished);
    counter('loadout_events_delivered_total', 'Invalidation events sent to subscriptions on this instance', () => stats.eventsDelivered);
    counter('loadout_tool_calls_accepted_total', 'recordToolCalls: calls counted', () => stats.callsAccepted);
    counter(
      'loadout_tool_calls_deduplicated_total',
      'recordToolCalls: calls not counted again (an idempotency key already seen)',
      () => stats.callsDeduplicated,
    );
    const byOutcome = (name: string, help: string, reads: Record<string, () => number>) =>
      new Counter({
        name,
        help,
        labelNames: ['outcome'],
        registers,
        collect() {
          this.reset();
          for (const [outcome, read] of Object.entries(reads)) this.inc({ outcome }, read());
        },
      });
    byOutcome(
      'loadout_direct_execution_total',
      "Queries of an allow-listed root field the direct path answered, and those it handed back to graphql-js's executor",
      { answered: () => stats.directAnswered, handed_back: () => stats.directHandedBack },
    );
    byOutcome('loadout_reused_answers_total', 'Kept answers given again, and conditional GETs answered 304 Not Modified', {
      reused: () => stats.answersReused,
      not_modified: () => stats.answersNotModified,
    });
    counter('loadout_loadout_cache_hits_total', 'Compiled-loadout reads served from the cache', () => stats.loadoutHits);
    counter('loadout_loadout_cache_misses_total', 'Compiled-loadout reads that loaded from the database', () => stats.loadoutMisses);
    counter(
      'loadout_loadout_cache_evictions_total',
      'Compiled loadouts evicted, least recently used first, to stay within LOADOUT_CACHE_MB',
      () => stats.loadoutEvictions,
    );
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    const probes = new Histogram({
      name: 'loadout_mcp_probe_duration_seconds',
      help: 'MCP probes by outcome (ok, failed); _count is the number of probes',
      labelNames: ['outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    stats.onProbe = (outcome, seconds) => probes.observe({ outcome }, seconds);
    new Gauge({
      name: 'loadout_mcp_servers',
      help: 'MCP servers by probe status (UNPROBED, OK, STALE, FAILING), every organisation',
      labelNames: ['status'],
      registers,
      async collect() {
        // A database that does not answer leaves the gauge out of this scrape, not the scrape failing.
        const counts = await mcpServersByStatus().catch(() => ({}));
        this.reset();
        for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      },
    });
    gauge('loadout_loadout_cache_bytes', 'Estimated heap taken by the compiled loadouts cached', () => stats.loadoutCacheBytes);
    gauge('loadout_loadout_cache_organizations', 'Organisations whose compiled loadout is cached', () => stats.loadoutCacheOrganizations);
    gauge('loadout_mcp_gateway_sessions', 'MCP gateway sessions open on this instance', () => stats.mcpGatewaySessions);
  }

  /** Sockets and subscriptions held on this instance against the caps (ADMISSION_LIMITS): held, the cap, and where the reserve starts. */
  watchCapacity(capacity: { sockets: Places; subscriptions: Places }): void {
    for (const kind of ['sockets', 'subscriptions'] as const) {
      const places = capacity[kind];
      new Gauge({
        name: `loadout_ws_${kind}`,
        help: `graphql-ws ${kind} on this instance: held, the cap, and the count past which only organisations holding few get one`,
        labelNames: ['bound'],
        registers: [this.registry],
        collect() {
          for (const [bound, n] of Object.entries(places.bounds)) this.set({ bound }, n);
        },
      });
    }
  }

  /** What the kept answers take (docs/semantics.md §3.17). */
  watchAnswers(store: Pick<AnswerStore, 'bytes' | 'size'>): void {
    const registers = [this.registry];
    for (const [name, help, read] of [
      ['loadout_kept_answers', 'Answers kept to be given again while their source is current', () => store.size],
      ['loadout_kept_answers_bytes', 'Estimated heap taken by the kept answers', () => store.bytes],
    ] as const) {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    }
  }

  /** Once per request, when its answer is complete. */
  observe(operation: string, startedMs: number): void {
    this.duration.observe({ operation }, (performance.now() - startedMs) / 1000);
  }

  async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const status = metricsAccess(req.socket.remoteAddress, req.headers.authorization, this.token);
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'text/plain' }).end('metrics: not allowed\n');
      return;
    }
    const body = await this.registry.metrics();
    res.writeHead(200, { 'content-type': this.registry.contentType }).end(body);
  }
}
