import type http from 'node:http';
import net from 'node:net';
import type { Socket } from 'node:net';

/** Default of LOADOUT_SHUTDOWN_GRACE_MS. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** Default of LOADOUT_SHUTDOWN_SETTLE_MS: how long a draining server still accepts, so balancers see /readyz fail first. */
export const DEFAULT_SHUTDOWN_SETTLE_MS = 2_000;
/**
 * How long sockets idle when the drain begins stay open. A request already
 * sent on one may still sit unread in the kernel's buffer (the event loop
 * was busy when the signal came); it gets its answer. Closing them at once,
 * as `http.Server.close` does, resets such a request.
 */
const IDLE_LINGER_MS = 300;
const IDLE_SWEEP_MS = 100;

/** Resolves in the check phase of the event loop's turn, after its poll for I/O. */
const afterPoll = () => new Promise<void>((resolve) => setImmediate(resolve));

// See docs/architecture.md, note "Draining HTTP on shutdown".
/** The HTTP side of a graceful shutdown: settle, stop accepting, answer what was sent, close. */
export class HttpDrain {
  private draining = false;
  private readonly sockets = new Set<Socket>();
  /** Connections accepted so far: a turn that adds none found the kernel's queue empty. */
  private accepted = 0;
  /** Responses not yet finished: told to close their connection once the drain begins. */
  private readonly responses = new Set<http.ServerResponse>();

  constructor(private readonly server: http.Server) {
    server.on('connection', (socket: Socket) => {
      this.accepted++;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
      if (this.draining) {
        res.setHeader('connection', 'close');
        return;
      }
      this.responses.add(res);
      res.once('close', () => this.responses.delete(res));
    });
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * The drain begins: readiness fails and every response from now on closes
   * its connection, while the server still accepts new ones (a load balancer
   * keeps sending until it has seen the readiness fail).
   */
  begin(): void {
    if (this.draining) return;
    this.draining = true;
    for (const res of this.responses) if (!res.headersSent) res.setHeader('connection', 'close');
    this.responses.clear();
  }

  /** Stops accepting; resolves once every connection is closed, at the latest after `graceMs`. */
  async drain(graceMs: number): Promise<void> {
    this.begin();
    const deadline = Date.now() + graceMs;
    // From one check phase to the next spans one whole poll.
    await afterPoll();
    let accepted: number;
    do {
      accepted = this.accepted;
      await afterPoll();
    } while (this.accepted !== accepted && Date.now() < deadline);
    // Stop listening only: net's close leaves open connections be (http's would close idle ones at once).
    net.Server.prototype.close.call(this.server);
    const gone = () => this.sockets.size === 0;
    await this.until(gone, Math.min(deadline, Date.now() + IDLE_LINGER_MS));
    while (!gone() && Date.now() < deadline) {
      // The second poll began after the first one's check phase: whatever was sent before it has been read.
      await afterPoll();
      await afterPoll();
      // Node's idle means no request begun on the socket and no response unfinished.
      this.server.closeIdleConnections();
      await this.until(gone, Math.min(deadline, Date.now() + IDLE_SWEEP_MS));
    }
    for (const socket of this.sockets) socket.destroy();
  }

  private async until(done: () => boolean, deadline: number): Promise<void> {
    while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
