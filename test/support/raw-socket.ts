import WebSocket from 'ws';
import type { GraphQLResult } from './harness';

export interface SocketClose {
  code: number;
  reason: string;
}

/** A graphql-transport-ws message as the server sent it; what its payload holds depends on its type. */
export interface SocketMessage {
  id?: string;
  type: string;
  payload?: unknown;
}

/** What one operation got back: its first result or its error message, or the socket's close. */
export type SocketAnswer =
  | { kind: 'next'; payload: GraphQLResult }
  | { kind: 'error'; payload: NonNullable<GraphQLResult['errors']> }
  | { kind: 'closed'; close: SocketClose };

/**
 * graphql-ws spoken frame by frame (graphql-transport-ws), so a spec sees
 * exactly what a client sees: each result or error message, and the close
 * code when the server closes the socket.
 */
export class RawSocket {
  private nextId = 0;
  private readonly messages: SocketMessage[] = [];
  private readonly waiters: Array<() => void> = [];
  readonly closed: Promise<SocketClose>;
  private closeInfo: SocketClose | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as SocketMessage);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        this.closeInfo = { code, reason: String(reason) };
        this.wake();
        resolve(this.closeInfo);
      }),
    );
    ws.on('error', () => undefined);
  }

  /** Opens a socket to `/graphql` of `httpUrl`; with `init`, sends it as connection_init and waits for the ack (or the close). */
  static async open(httpUrl: string, init?: unknown): Promise<RawSocket> {
    const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws').replace(/\/graphql$/, '')}/graphql`, 'graphql-transport-ws');
    const socket = new RawSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (init !== undefined) {
      socket.send({ type: 'connection_init', payload: init });
      await socket.until((m) => m.type === 'connection_ack');
    }
    return socket;
  }

  /** An authenticated socket: connection_init with `authorization: Bearer <key>`. */
  static withKey(httpUrl: string, key: string): Promise<RawSocket> {
    return RawSocket.open(httpUrl, { authorization: `Bearer ${key}` });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Sends one operation and resolves with its first result, its error message, or the close. */
  async run(payload: { query: string; variables?: Record<string, unknown>; operationName?: string }): Promise<SocketAnswer> {
    const id = String(++this.nextId);
    this.send({ id, type: 'subscribe', payload });
    const message = await this.until((m) => m.id === id && (m.type === 'next' || m.type === 'error'));
    if (!message) return { kind: 'closed', close: this.closeInfo! };
    return message.type === 'next'
      ? { kind: 'next', payload: message.payload as GraphQLResult }
      : { kind: 'error', payload: message.payload as NonNullable<GraphQLResult['errors']> };
  }

  /** Subscribes without waiting for anything; the operation's id. */
  start(payload: { query: string; variables?: Record<string, unknown> }): string {
    const id = String(++this.nextId);
    this.send({ id, type: 'subscribe', payload });
    return id;
  }

  /** The first message (seen before or later) matching, or null once the socket closed without one. */
  async until(match: (message: SocketMessage) => boolean): Promise<SocketMessage | null> {
    for (;;) {
      const index = this.messages.findIndex(match);
      if (index >= 0) return this.messages.splice(index, 1)[0];
      if (this.closeInfo) return null;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.ws.close();
  }

  /** Drops the connection without a close frame, as a client that vanishes does. */
  terminate(): void {
    this.ws.terminate();
  }

  /** A text frame that is not UTF-8: a protocol error, on which the server's ws closes the socket (1007). */
  sendInvalidFrame(): void {
    this.ws.send(Buffer.from([0xc3, 0x28]), { binary: false });
  }

  private wake(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
