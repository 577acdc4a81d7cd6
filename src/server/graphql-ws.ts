import { GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { WebSocketServer } from 'ws';
import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import type { RequestContext } from '../common/context';
import { toClientError } from '../common/errors';
import { logger } from '../common/logger';
import { contextFor } from './authenticate';
import { REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON, SocketSessions } from './socket-sessions';

/** What an open graphql-ws connection keeps: who opened it. */
type SocketExtra = {
  actor?: Actor;
  forget?: () => void;
};

/**
 * GraphQL over graphql-ws on `/graphql`: a connection is opened with an API
 * key (`authorization` in connection_init), runs each operation under a
 * context of its own once the key is checked again, and is closed with 4403
 * when the key is revoked (see SocketSessions).
 */
export function serveSockets(wsServer: WebSocketServer, schema: GraphQLSchema, services: AppServices, adminToken: string | null) {
  const sockets = new SocketSessions(services.organizations, services.loadouts);
  return useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        const context = await contextFor(services, adminToken, typeof authorization === 'string' ? authorization : null).catch(
          (error: unknown) => {
            logger.warn({ err: error }, 'could not authenticate a socket');
            return null;
          },
        );
        if (!context?.actor) return false;
        const socket = ctx.extra.socket;
        ctx.extra.actor = context.actor;
        ctx.extra.forget = sockets.add({ actor: context.actor, close: (code, reason) => socket.close(code, reason) });
        return true;
      },
      // Every operation asks the database whether its key still holds, whichever instance revoked it.
      onSubscribe: async (ctx) => {
        const active = await services.organizations.keyActive(ctx.extra.actor!.principalId).catch((error: unknown) => error);
        if (active === true) return;
        if (active === false) {
          ctx.extra.socket.close(REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON);
          return [new GraphQLError(REVOKED_CLOSE_REASON, { extensions: { code: 'UNAUTHENTICATED' } })];
        }
        logger.warn({ err: active }, 'could not check the key of a socket');
        const { code, message } = toClientError(active);
        return [new GraphQLError(message, { extensions: { code } })];
      },
      // A context per operation: loaders must not outlive it.
      context: (ctx): RequestContext => ({ actor: ctx.extra.actor!, operator: false, services }),
      onNext: () => {
        services.stats.eventsDelivered++;
      },
      onClose: (ctx) => ctx.extra.forget?.(),
    },
    wsServer,
  );
}
