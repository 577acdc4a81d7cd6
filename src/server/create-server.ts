import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { createServices, type AppServices } from '../app-services';
import { handleToolGc } from '../budget/budget.http';
import type { RequestContext } from '../common/context';
import { formatError } from '../common/errors';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { pendingMigrations, runMigrations } from '../db/migrations';
import { isDebuggerPath, serveDebugger } from '../debugger/debugger-page';
import { isExplorerAsset, serveExplorer, wantsExplorer } from '../explorer/explorer-page';
import { buildLoadoutSchema } from '../schema/build-schema';
import { handleGraphQL } from './apollo-node-http';
import { contextFor } from './authenticate';
import { sendJson } from './send-json';

export interface LoadoutServer {
  url: string;
  port: number;
  services: AppServices;
  /** Stop accepting, finish requests in flight, close subscriptions and the pool. */
  stop(): Promise<void>;
}

export type ServerConfig = Pick<Config, 'port' | 'databaseUrl' | 'dataDir' | 'adminToken' | 'production'>;

export async function startServer(config: ServerConfig): Promise<LoadoutServer> {
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(db.dataSource);
  const services = createServices(db);
  await services.invalidationBus.start();
  const schema = await buildLoadoutSchema(services.pubSub);

  const httpServer = http.createServer();
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  services.invalidationBus.audience = () => wsServer.clients.size > 0;
  const wsCleanup = useServer<Record<string, unknown>, { ctx?: RequestContext }>(
    {
      schema,
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        const context = await contextFor(services, config.adminToken, typeof authorization === 'string' ? authorization : null);
        if (!context.actor) return false;
        ctx.extra.ctx = context;
        return true;
      },
      context: (ctx) => ctx.extra.ctx!,
    },
    wsServer,
  );

  const apollo = new ApolloServer<RequestContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    // We drain and exit on SIGTERM ourselves; Apollo re-sending the signal would kill the process mid-drain.
    stopOnTerminationSignals: false,
    plugins: [
      // No field carries cache hints; the default plugin would wrap every field resolver of every request for nothing.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // Outside production a browser gets our own bundled explorer instead (Apollo's loads from a CDN).
      ApolloServerPluginLandingPageDisabled(),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  httpServer.on('request', (req, res) => {
    const target = req.url ?? '/';
    const path = target.includes('?') ? target.slice(0, target.indexOf('?')) : target;
    const respond = async () => {
      if (path === '/graphql') {
        if (!config.production && wantsExplorer(req)) return serveExplorer(path, res);
        return handleGraphQL(apollo, req, res, () => contextFor(services, config.adminToken, req.headers.authorization));
      }
      if (path === '/rpc/tools/gc') return handleToolGc(services, config.adminToken, req, res);
      if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
      if (isDebuggerPath(path)) return serveDebugger(path, res);
      if (!config.production && isExplorerAsset(path)) return serveExplorer(path, res);
      if (path === '/readyz') {
        const pending = await db.dataSource.query('SELECT 1').then(
          () => pendingMigrations(db.dataSource),
          () => null,
        );
        return pending && pending.length === 0
          ? sendJson(res, 200, { status: 'ready', database: db.kind })
          : sendJson(res, 503, { status: 'not ready', pendingMigrations: pending });
      }
      return sendJson(res, 404, { error: 'not found' });
    };
    respond().catch((error) => {
      console.error('request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal server error' });
      else res.end();
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
        await apollo.stop();
        wsServer.close();
        await services.invalidationBus.stop();
        await db.close();
      })();
      return stopping;
    },
  };
}
