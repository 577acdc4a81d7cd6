import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { GraphQLError, getOperationAST, type ExecutionArgs, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import type { RequestContext } from '../common/context';
import { toClientError } from '../common/errors';
import { logger } from '../common/logger';
import { contextFor } from './authenticate';
import type { Metrics } from './metrics';
import { finishOperationErrors, logOperationErrors } from './operation-errors';
import { rememberingPreparer, type OperationPolicy } from './operation-policy';
import { QUERY_LIMITS } from './query-limits';
import { operationLabel } from './plugins/request-observer';
import { REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON, SocketSessions, type SocketSession } from './socket-sessions';
import { Admission, type AdmissionLimits } from './admission';
import { SocketPlaces } from './socket-places';
import { sharedSubscribe } from './shared-subscription-results';
import { speakGraphQLWs } from './socket-transport';

/** What a graphql-ws connection may send (docs/configuration.md, "Limits"). */
export const SOCKET_LIMITS = {
  /** Any one frame, as a request body over HTTP: ws closes the socket with 1009 past it. */
  maxFrameBytes: QUERY_LIMITS.maxBodyBytes,
  /** The connection_init payload (it carries a key, nothing more). */
  maxConnectionInitBytes: 16 * 1024,
  /** connection_init must arrive within this, or the socket is closed with 4408. */
  connectionInitTimeoutMs: 3_000,
  /** Operations running or subscribed at once on one socket. */
  maxOperationsPerSocket: 25,
} as const;

/** graphql-ws's code for a refused request (as for a malformed message). */
const BAD_REQUEST_CLOSE_CODE = 4400;

/** What an open graphql-ws connection keeps: the places it holds, and who opened it once it is admitted. */
type Opened = {
  places: SocketPlaces;
  session?: SocketSession;
};

const isSubscription = (args: ExecutionArgs): boolean => getOperationAST(args.document, args.operationName)?.operation === 'subscription';

const refusal = (message: string, code: string) => [new GraphQLError(message, { extensions: { code } })];

const holderOf = (actor: Actor) => ({ key: actor.principalId, organization: actor.organizationId });

/**
 * GraphQL over graphql-ws on `/graphql`, through the same door as HTTP: a
 * connection is opened with an API key (`authorization` in connection_init);
 * each operation is refused or run exactly as over HTTP (the operation
 * policy's parse limits and rules, the schema's role checks, errors
 * formatted, counted and logged with a request id of its own), once its key
 * is checked again; a revoked key's sockets are closed with 4403 (see
 * SocketSessions).
 */
export function serveSockets(
  httpServer: http.Server,
  schema: GraphQLSchema,
  policy: OperationPolicy,
  services: AppServices,
  metrics: Metrics,
  adminToken: string | null,
  limits: AdmissionLimits,
) {
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: SOCKET_LIMITS.maxFrameBytes });
  services.invalidationBus.audience = () => wsServer.clients.size > 0;
  const sockets = new SocketSessions(services.organizations, services.loadouts);
  // By the operation's subscribe payload, which every later hook of that operation is handed.
  const requestIds = new WeakMap<object, string>();
  const format = (errors: readonly GraphQLError[], requestId: string | undefined): GraphQLFormattedError[] => {
    logOperationErrors(errors, requestId);
    const formatted = errors.map((error) => policy.formatError(error.toJSON(), error));
    finishOperationErrors(formatted, requestId, services.stats);
    return formatted;
  };
  const prepare = rememberingPreparer(policy, schema);
  const admission = new Admission(limits);
  metrics.watchCapacity(admission);
  // A socket's places are made as it opens and given back by its one close, however and whenever it ends.
  const places = {
    opened: () => ({ places: new SocketPlaces(admission) }),
    closed: (extra: Opened) => {
      extra.places.close();
      if (extra.session) sockets.leave(extra.session);
    },
  };
  const served = speakGraphQLWs<Opened>(wsServer, places, {
    schema,
    subscribe: sharedSubscribe(),
    connectionInitWaitTimeout: SOCKET_LIMITS.connectionInitTimeoutMs,
    onConnect: async (ctx) => {
      const socket = ctx.extra.socket;
      if (JSON.stringify(ctx.connectionParams ?? {}).length > SOCKET_LIMITS.maxConnectionInitBytes) {
        socket.close(BAD_REQUEST_CLOSE_CODE, `connection_init payload larger than ${SOCKET_LIMITS.maxConnectionInitBytes} bytes`);
        return false;
      }
      const authorization = ctx.connectionParams?.authorization;
      const context = await contextFor(services, adminToken, typeof authorization === 'string' ? authorization : null).catch(
        (error: unknown) => {
          logger.warn({ err: error }, 'could not authenticate a socket');
          return null;
        },
      );
      if (!context?.actor) return false;
      const place = ctx.extra.places.enter(holderOf(context.actor));
      // Gone during the lookup: its close has run, and no one is left to answer.
      if (place === 'closed') return false;
      if (place !== 'taken') {
        const { closeCode, message } = admission.refusal('sockets', place);
        socket.close(closeCode, message);
        return false;
      }
      ctx.extra.session = { actor: context.actor, close: (code, reason) => socket.close(code, reason) };
      sockets.enter(ctx.extra.session);
      return true;
    },
    onSubscribe: async (ctx, id, payload) => {
      const requestId = randomUUID();
      requestIds.set(payload, requestId);
      const startedAt = performance.now();
      // graphql-ws has already entered this operation among the socket's.
      if (Object.keys(ctx.subscriptions).length > SOCKET_LIMITS.maxOperationsPerSocket) {
        return refusal(`At most ${SOCKET_LIMITS.maxOperationsPerSocket} operations open per socket`, 'BAD_REQUEST');
      }
      // Refused by shape before the database is asked anything, as over HTTP.
      const prepared = prepare(payload.query, payload.operationName);
      if ('errors' in prepared) return prepared.errors;
      const { actor } = ctx.extra.session!;
      if (prepared.operation.operation === 'subscription') {
        const place = ctx.extra.places.subscribe(id, holderOf(actor));
        // Closed meanwhile: no one hears this answer, and the operation holds nothing.
        if (place === 'closed') return refusal('Socket closed', 'BAD_REQUEST');
        if (place !== 'taken') {
          const { code, message } = admission.refusal('subscriptions', place);
          return refusal(message, code);
        }
      }
      // Every operation asks the database whether its key still holds, whichever instance revoked it.
      const active = await services.organizations.keyActive(actor.principalId).catch((error: unknown) => error);
      if (active === false) {
        ctx.extra.socket.close(REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON);
        return refusal(REVOKED_CLOSE_REASON, 'UNAUTHENTICATED');
      }
      if (active !== true) {
        const { code, message } = toClientError(active);
        return [new GraphQLError(message, { originalError: active as Error, extensions: { code } })];
      }
      // A context per operation: loaders must not outlive it.
      const contextValue: RequestContext = { actor, operator: false, services, requestId, startedAt };
      return {
        schema,
        document: prepared.document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue,
      };
    },
    onOperation: (_ctx, _id, _payload, args) => {
      const { startedAt } = args.contextValue as RequestContext;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation && operation.operation !== 'subscription' && startedAt !== undefined) {
        metrics.observe(operationLabel(operation), startedAt);
      }
    },
    onNext: (_ctx, _id, payload, args, result) => {
      if (isSubscription(args)) services.stats.eventsDelivered++;
      if (result.errors) return { ...result, errors: format(result.errors, requestIds.get(payload)) };
    },
    onError: (ctx, id, payload, errors) => {
      ctx.extra.places.unsubscribe(id);
      return format(errors, requestIds.get(payload));
    },
    onComplete: (ctx, id) => ctx.extra.places.unsubscribe(id),
  });
  return Object.assign(served, { sockets: admission.sockets });
}
