import type { Admission, Holder, Level } from './admission';

/**
 * The places one graphql-ws socket holds, made when it opens: its own among
 * the sockets, taken once its key is known, and one among the subscriptions
 * for each subscription it runs, by operation id. Each is given back once:
 * a subscription's when it completes or fails, and all of them when the
 * socket closes, however it ends. Once closed it takes nothing more, so a
 * socket gone while its key was looked up holds no place.
 */
export class SocketPlaces {
  private socket: Holder | null = null;
  private readonly subscriptions = new Map<string, Holder>();
  private closed = false;

  constructor(private readonly admission: Admission) {}

  /** The socket's own place: 'taken', 'closed' when the socket is gone already, or the level that refuses it. */
  enter(holder: Holder): 'taken' | 'closed' | Level {
    if (this.closed) return 'closed';
    if (this.socket) throw new Error('a socket takes one place');
    const refused = this.admission.sockets.take(holder);
    if (refused) return refused;
    this.socket = holder;
    return 'taken';
  }

  /** A place for subscription `id`: as `enter`. */
  subscribe(id: string, holder: Holder): 'taken' | 'closed' | Level {
    if (this.closed) return 'closed';
    const refused = this.admission.subscriptions.take(holder);
    if (refused) return refused;
    this.subscriptions.set(id, holder);
    return 'taken';
  }

  /** Gives back subscription `id`'s place, if it holds one. */
  unsubscribe(id: string): void {
    const holder = this.subscriptions.get(id);
    if (!holder) return;
    this.subscriptions.delete(id);
    this.admission.subscriptions.give(holder);
  }

  /** Gives back every place the socket holds, once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const id of [...this.subscriptions.keys()]) this.unsubscribe(id);
    if (this.socket) this.admission.sockets.give(this.socket);
    this.socket = null;
  }
}
