import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer, type ApolloServerOptionsWithSchema, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { Context } from '@opentelemetry/api';
import { createServices, type AppServices } from '../app-services';
import { handleToolGc } from './rpc-tools-gc';
import type { RequestContext } from '../common/context';
import { openDatabase, type DatabaseOptions } from '../db/database';
import { entities } from '../entities';
import { RETRY_AFTER_SECONDS } from '../common/unavailable';
import { runMigrations } from '../db/migrations';
import { isDebuggerPath, serveDebugger } from '../pages/debugger/debugger-page';
import { isExplorerAsset, serveExplorer, wantsExplorer } from '../pages/explorer/explorer-page';
import { isLoadoutPath, serveLoadoutPage } from '../pages/loadout/loadout-page';
import { buildLoadoutSchema } from '../schema/build-schema';
import { handleGraphQL } from './apollo-node-http';
import { AnswerReuse } from './answer-reuse';
import { contextFor } from './authenticate';
import { contextFailure } from './context-failure';
import { isFaviconPath, serveFavicon } from '../pages/favicon';
import { serveFrontPage } from '../pages/front-page';
import { DEFAULT_SHUTDOWN_GRACE_MS, HttpDrain } from './http-drain';
import { DEFAULT_HTTP_TIMEOUTS, httpServerOptions, type HttpTimeouts } from './http-limits';
import { Metrics } from './metrics';
import { operationPolicy } from './operation-policy';
import { directExecution } from './plugins/direct-execution';
import { McpGateway } from '../mcp-gateway/mcp-gateway';
import { GATEWAY_LIMITS, type GatewayLimits } from '../mcp-gateway/gateway-limits';
import { handleMcp, MCP_PATH } from './mcp-door';
import { graphqlSpans } from './plugins/graphql-spans';
import { noSubscriptionsOverHttp } from './plugins/no-http-subscriptions';
import { requestObserver } from './plugins/request-observer';
import { reportFailure } from './report-failure';
import { assignRequestId, requestIdOf } from './request-id';
import { sendJson } from '../common/send-json';
import { answerHealth, HEALTH_PATHS, type Health } from './health-endpoints';
import { ADMISSION_LIMITS, type AdmissionLimits } from './admission';
import { serveSockets } from './graphql-ws';
import { preloadEncoding } from '../loadout/tokens';
import { inRequestSpan, isTracing } from '../telemetry/request-span';
import type { McpConnectionSettings } from '../probes/mcp-connections.service';

export interface LoadoutServer {
  url: string;
  port: number;
  services: AppServices;
  /**
   * Graceful shutdown: /readyz answers 503 at once while new connections are
   * still accepted for the settle (none by default here; the process reads
   * LOADOUT_SHUTDOWN_SETTLE_MS), then no new connections, every request
   * already sent is answered (within the grace period), subscriptions close
   * with 1001, then the LISTEN connection and the pool close.
   */
  stop(): Promise<void>;
}

/** What the server is started with; the process reads it from its environment (config.ts), a test sets it. */
export interface ServerConfig {
  port: number;
  databaseUrl?: string;
  /** Where the LISTEN connection goes when not to DATABASE_URL (a pooler in transaction mode cannot LISTEN). */
  listenDatabaseUrl?: string;
  /** DATABASE_URL is a transaction pooler's: no startup parameters, the statement timeout the database's own. */
  databasePooled?: boolean;
  dataDir: string;
  /** The platform operator's token; null where none is configured. */
  adminToken: string | null;
  production: boolean;
  httpTimeouts?: HttpTimeouts;
  /** How long a request waits for a database connection before SERVICE_UNAVAILABLE. */
  poolWaitMs?: number;
  /** PostgreSQL's statement_timeout for the application's connections (a PostgreSQL server only). */
  statementTimeoutMs?: number;
  /** On SIGTERM, how long requests in flight may take before the remaining connections are cut. */
  shutdownGraceMs?: number;
  /** On SIGTERM, how long /readyz fails while new connections are still accepted, before the listener closes. */
  shutdownSettleMs?: number;
  /** Bearer token that may read /metrics from anywhere; null: loopback only. */
  metricsToken?: string | null;
  /** The toolbox query answered without graphql-js's executor; off where execution must be watched (Apollo usage reporting). */
  directExecution?: boolean;
  /** beginTurn's one statement for a known conversation; off, every turn takes the long way (its oracle). */
  beginTurnAtOnce?: boolean;
  /** Browser origins besides loopback ones whose pages may use the MCP gateway (LOADOUT_MCP_ALLOWED_ORIGINS). */
  mcpAllowedOrigins?: string[];
  /** The graphql-ws caps and reserves, where they differ from ADMISSION_LIMITS. */
  admission?: Partial<AdmissionLimits>;
  /** The MCP gateway's bounds, where they differ from GATEWAY_LIMITS. */
  mcpGateway?: Partial<GatewayLimits>;
  /** Days of calls the call log keeps for the budget report's asOf; older months are dropped. */
  callLogRetentionDays?: number;
  /** What the compiled loadouts of every organisation may take of the heap, as estimated (LOADOUT_CACHE_MB). */
  loadoutCacheBytes?: number;
  /** A migrated data directory the embedded database starts from instead of an empty one (the tests' template). */
  embeddedTemplate?: DatabaseOptions['embeddedTemplate'];
  /** MCP connections: egress, secrets, the operator's stdio servers, probe timing (LOADOUT_MCP_*). */
  mcp?: McpConnectionSettings;
}

/** Which database a server of this configuration uses, as `npm start` names it. */
export const databaseDescription = (config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string =>
  config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;

/** Told of each step of a start as it ends, with how long it took (`npm start` prints them). */
export type StartStep = (step: 'database' | 'migrations', ms: number, detail: string) => void;

export async function startServer(config: ServerConfig, onStep: StartStep = () => {}): Promise<LoadoutServer> {
  let stepStarted = performance.now();
  const stepEnded = (step: Parameters<StartStep>[0], detail: string) => {
    onStep(step, performance.now() - stepStarted, detail);
    stepStarted = performance.now();
  };
  const db = await openDatabase({
    entities,
    url: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedTemplate: config.embeddedTemplate,
    poolWaitMs: config.poolWaitMs,
    statementTimeoutMs: config.statementTimeoutMs,
    pooled: config.databasePooled,
  });
  stepEnded('database', databaseDescription(config));
  const applied = await runMigrations(db.dataSource);
  stepEnded('migrations', applied.length > 0 ? `${applied.length} applied` : 'none pending');
  // A fixed cost whatever the data: paid before ready rather than by the first toolbox.
  preloadEncoding('o200k_base');
  const services = createServices(db, {
    listenUrl: config.listenDatabaseUrl,
    callLogRetentionDays: config.callLogRetentionDays,
    loadoutCacheBytes: config.loadoutCacheBytes,
    mcp: config.mcp,
    beginTurnAtOnce: config.beginTurnAtOnce,
  });
  // Before serving: the months of the call log exist before their first call.
  await services.callLog.start();
  await services.invalidationBus.start();
  services.mcpConnections.start();
  const schema = await buildLoadoutSchema(services.pubSub);

  const httpServer = http.createServer(httpServerOptions(config.httpTimeouts ?? DEFAULT_HTTP_TIMEOUTS));
  const drain = new HttpDrain(httpServer);
  const metrics = new Metrics(
    services.stats,
    db.dataSource,
    () => services.invalidationBus.live,
    config.metricsToken ?? null,
    () => services.mcpConnections.countByStatus(),
  );
  const policy = operationPolicy(config.production);
  const wsCleanup = serveSockets(httpServer, schema, policy, services, metrics, config.adminToken, {
    ...ADMISSION_LIMITS,
    ...config.admission,
  });
  const gateway = new McpGateway(services, { ...GATEWAY_LIMITS, ...config.mcpGateway });
  const socketAudience = services.invalidationBus.audience;
  services.invalidationBus.audience = () => socketAudience() || gateway.size > 0;

  const plugins: ApolloServerPlugin<RequestContext>[] = [
    // No field carries cache hints; the default plugin would wrap every field resolver of every request for nothing.
    ApolloServerPluginCacheControlDisabled(),
    // Inline traces are for federated subgraphs, which this schema is not; installed by default, it would keep the direct path from starting.
    ApolloServerPluginInlineTraceDisabled(),
    // Outside production a browser gets our own bundled explorer instead (Apollo's loads from a CDN).
    ApolloServerPluginLandingPageDisabled(),
    requestObserver(services.stats, metrics),
    noSubscriptionsOverHttp(),
    // Untraced, a plugin asked about every request for nothing.
    ...(isTracing() ? [graphqlSpans()] : []),
  ];
  const options: ApolloServerOptionsWithSchema<RequestContext> = {
    schema,
    // The policy refuses introspection in production itself, the same way on every transport.
    introspection: true,
    formatError: policy.formatError,
    validationRules: [...policy.validationRules],
    parseOptions: policy.parseOptions,
    includeStacktraceInErrorResponses: false,
    // We drain and exit on SIGTERM ourselves; Apollo re-sending the signal would kill the process mid-drain.
    stopOnTerminationSignals: false,
    plugins,
  };
  // It sees these options at start, with the plugins Apollo adds, and refuses to start beside anything it would bypass.
  // Answers are kept only as the direct path reports their source: off with it.
  const answers =
    config.directExecution === false ? undefined : new AnswerReuse(services, services.stats, (op, at) => metrics.observe(op, at));
  if (answers) {
    plugins.push(
      directExecution({
        server: options,
        stats: services.stats,
        onAnswer: (context, value, field) => answers.answered(context, value, field),
      }),
    );
    metrics.watchAnswers(answers.store);
  }
  const apollo = new ApolloServer<RequestContext>(options);
  await apollo.start();

  const health: Health = {
    draining: () => drain.isDraining,
    live: () => services.invalidationBus.live,
    sockets: wsCleanup.sockets,
    dataSource: db.dataSource,
    databaseKind: db.kind,
  };
  httpServer.on('request', (req, res) => {
    const target = req.url ?? '/';
    const path = target.includes('?') ? target.slice(0, target.indexOf('?')) : target;
    const respond = async (traceContext: Context) => {
      if (path === '/graphql') {
        if (!config.production && wantsExplorer(req)) return serveExplorer(path, res);
        const startedAt = performance.now();
        const requestId = assignRequestId(req, res);
        return handleGraphQL(
          apollo,
          req,
          res,
          async () => {
            const context = await contextFor(services, config.adminToken, req.headers.authorization).catch((error: unknown) => {
              metrics.observe('unknown', startedAt);
              throw contextFailure(error, requestId, services.stats);
            });
            context.requestId = requestId;
            context.startedAt = startedAt;
            context.answerNote = {};
            context.traceContext = traceContext;
            return context;
          },
          answers && { answers, startedAt },
        );
      }
      if (path === '/rpc/tools/gc') {
        const started = performance.now();
        assignRequestId(req, res);
        await handleToolGc(services, config.adminToken, req, res);
        return metrics.observe('rpc.tools.gc', started);
      }
      const mcp = MCP_PATH.exec(path);
      if (mcp) {
        const started = performance.now();
        assignRequestId(req, res);
        await handleMcp(gateway, services, config, req, res, mcp[1], new URLSearchParams(target.slice(path.length)));
        return metrics.observe('mcp', started);
      }
      if (path === '/') return serveFrontPage(req, res, config.production);
      if (isFaviconPath(path)) return serveFavicon(res);
      if (HEALTH_PATHS.has(path)) return answerHealth(path, res, health);
      if (path === '/metrics') return metrics.serve(req, res);
      if (isDebuggerPath(path)) return serveDebugger(path, res);
      if (isLoadoutPath(path)) return serveLoadoutPage(path, res);
      if (!config.production && isExplorerAsset(path)) return serveExplorer(path, res);
      return sendJson(res, 404, { error: 'not found' });
    };
    inRequestSpan(req, res, path, routeOf, respond).catch((error: unknown) => {
      const { code } = reportFailure(error, services.stats, { requestId: requestIdOf(res), path }, 'request failed');
      if (res.headersSent) res.end();
      else if (code === 'SERVICE_UNAVAILABLE')
        sendJson(res.setHeader('retry-after', String(RETRY_AFTER_SECONDS)), 503, { error: { code } });
      else sendJson(res, 500, { error: 'internal server error' });
    });
  });

  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  const port = (httpServer.address() as AddressInfo).port;

  let stopping: Promise<void> | null = null;
  return {
    url: `http://localhost:${port}`,
    port,
    services,
    stop: () => {
      stopping ??= (async () => {
        drain.begin();
        gateway.drain();
        const settleMs = config.shutdownSettleMs ?? 0;
        if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
        await Promise.all([drain.drain(config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS), wsCleanup.dispose()]);
        await apollo.stop();
        await gateway.stop();
        await services.mcpConnections.stop();
        await services.invalidationBus.stop();
        await services.callLog.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}

/** A request span's `http.route`: fixed paths as they are, an agent's MCP door by its template, pages and their assets none. */
function routeOf(path: string): string | undefined {
  if (path === '/graphql' || path === '/rpc/tools/gc' || path === '/') return path;
  return MCP_PATH.test(path) ? '/mcp/agents/{agentId}' : undefined;
}
