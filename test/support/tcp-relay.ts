import net from 'node:net';

export interface TcpRelay {
  port: number;
  /** Listens again after a cut. */
  open(): Promise<void>;
  /** Closes the listener and every connection, as a server or network outage would. */
  cut(): Promise<void>;
  /** Stops forwarding in both directions without closing anything (no FIN, no RST): a silent partition. */
  freeze(): void;
  /** Forwards again, held bytes first, as TCP would once the partition heals. */
  thaw(): void;
}

/** A TCP relay on 127.0.0.1 to `target`, which a spec can cut, restore, freeze and thaw. */
export async function tcpRelay(target: URL): Promise<TcpRelay> {
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let frozen = false;
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    forward(inbound, outbound);
    forward(outbound, inbound);
  });
  let port = 0;
  const open = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await open();
  port = (server.address() as net.AddressInfo).port;
  return {
    port,
    open,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of held.splice(0)) send();
    },
  };
}

/** `url` with its host and port replaced by the relay's, and its database by `database`. */
export function throughRelay(url: string, relay: TcpRelay, database: string): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  relayed.pathname = `/${database}`;
  return relayed.toString();
}
