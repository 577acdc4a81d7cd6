import type http from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { logger } from '../common/logger';

/** What graphql-ws hands every hook about a connection: its socket and the upgrade request. */
export interface SocketExtra {
  readonly socket: WebSocket;
  readonly request: http.IncomingMessage;
}

/** What a socket carries of the server's own, beside graphql-ws's hooks: made as it opens, handed back as it closes. */
export interface SocketLifecycle<E> {
  opened(): E;
  /** Called once per socket, from its 'close' (however it ended), before graphql-ws's onClose. */
  closed(extra: E): void;
}

/** How often an idle socket is pinged; one that has not answered by the next ping is cut. */
const KEEP_ALIVE_MS = 12_000;

/**
 * What may wait unsent on one socket. A client that reads slower than its
 * events arrive would have the server queue them without end; past this it
 * is closed instead, and resubscribes when it can keep up.
 */
export const MAX_UNSENT_BYTES = 8 * 1024 * 1024;
/** RFC 6455's "try again later". */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;

/**
 * graphql-ws's protocol on `ws` sockets, as its own `useServer` does it, but
 * with socket errors kept out of the log (graphql-ws prints each with its
 * stack to stderr): a client sending frames past the limit could flood it.
 * Each socket's `lifecycle` is ended by its one 'close', which ws emits
 * however the socket ends, even while a hook of graphql-ws still awaits.
 */
export function speakGraphQLWs<E extends Record<PropertyKey, unknown>>(
  wsServer: WebSocketServer,
  lifecycle: SocketLifecycle<E>,
  options: ServerOptions<Record<string, unknown>, SocketExtra & E>,
): { dispose(): Promise<void> } {
  const server = makeServer(options);
  wsServer.options.handleProtocols = handleProtocols;
  wsServer.on('error', (error) => logger.error({ err: error }, 'WebSocket server error'));
  wsServer.on('connection', (socket, request) => {
    const extra = { ...lifecycle.opened(), socket, request } as SocketExtra & E;
    socket.once('error', (error: Error & { code?: string }) => {
      // The client's own doing (a frame past the limit, a bad frame): ws has closed the socket with the code that says so.
      logger.debug({ code: error.code, message: error.message }, 'socket closed on a protocol error');
      socket.close(CloseCode.BadRequest, 'Bad request');
    });
    let answered = true;
    const keepAlive = setInterval(() => {
      if (!answered) return socket.terminate();
      answered = false;
      socket.ping();
    }, KEEP_ALIVE_MS);
    socket.on('pong', () => (answered = true));
    // A socket that goes away with answers pending fails each of their sends: one line says so, not one per answer.
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      logger.warn({ message: error?.message }, 'socket closed before its answers were sent; they are dropped');
    };
    const closed = server.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) {
              drop();
              return resolve();
            }
            if (socket.bufferedAmount > MAX_UNSENT_BYTES) {
              socket.close(SLOW_CONSUMER_CLOSE_CODE, `Too slow: more than ${MAX_UNSENT_BYTES / 1024 / 1024} MiB of messages unsent`);
              drop();
              return resolve();
            }
            socket.send(data, (error) => {
              if (error) drop(error);
              resolve();
            });
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', (data) => {
            handle(String(data)).catch((error: unknown) => {
              logger.error({ err: error }, 'internal error handling a socket message');
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      extra,
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepAlive);
      lifecycle.closed(extra);
      void closed(code, String(reason));
    });
  });
  return {
    async dispose() {
      for (const client of wsServer.clients) client.close(1001, 'Going away');
      wsServer.removeAllListeners();
      await new Promise<void>((resolve, reject) => wsServer.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
