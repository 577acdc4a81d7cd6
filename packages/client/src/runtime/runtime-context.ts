import type { BeginRuntimeTurnMutation, StartConversationInput, ToolProvider } from '../../generated/graphql';
import { LoadoutUnavailableError, type Client } from '../client';
import { Outbox } from './outbox';

export type BegunTurn = BeginRuntimeTurnMutation['beginTurn'];

/** A Map that forgets its oldest entry past `max`: reading or writing an entry makes it the newest. */
class Recent<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
}

/**
 * The last toolbox the server gave, per conversation and per situation
 * (agent, channel, page) where the runtime started the conversation, in
 * each rendering: what a turn falls back on when the server cannot be
 * reached. A new conversation in a situation seen before falls back on
 * that situation's toolbox.
 */
export class ToolboxMemory {
  private readonly toolboxes: Recent<BegunTurn>;
  private readonly situations: Recent<string>;

  constructor(max = 1_000) {
    this.toolboxes = new Recent(max);
    this.situations = new Recent(max);
  }

  /** The conversation's situation, as startConversation was given it. */
  situate(conversationId: string, input: StartConversationInput): void {
    const page = input.page ? [input.page.type, input.page.contextObject ?? '', input.page.recordId ?? ''] : [];
    this.situations.set(conversationId, JSON.stringify([input.agentId, input.channel, ...page]));
  }

  remember(conversationId: string, rendering: ToolProvider, begun: BegunTurn): void {
    this.toolboxes.set(`${rendering} conversation ${conversationId}`, begun);
    const situation = this.situations.get(conversationId);
    if (situation) this.toolboxes.set(`${rendering} situation ${situation}`, begun);
  }

  recall(conversationId: string, rendering: ToolProvider): BegunTurn | undefined {
    const situation = this.situations.get(conversationId);
    return (
      this.toolboxes.get(`${rendering} conversation ${conversationId}`) ??
      (situation ? this.toolboxes.get(`${rendering} situation ${situation}`) : undefined)
    );
  }
}

/** A conversation the runtime started while the server could not be reached: a local id until its start goes through. */
export const PENDING_PREFIX = 'pending-';

/**
 * Conversations started offline: their local id and the promise of the
 * server's id once the background start goes through (undefined if it was
 * given up).
 */
export class PendingConversations {
  private readonly starts = new Map<string, Promise<string | undefined>>();
  private readonly ids = new Recent<string>(10_000);

  add(localId: string, start: Promise<string | undefined>): void {
    this.starts.set(localId, start);
    void start.then((id) => {
      if (id !== undefined) this.ids.set(localId, id);
      this.starts.delete(localId);
    });
  }

  /** The server's id of a conversation now, or undefined while its start has not gone through. */
  known(conversationId: string): string | undefined {
    if (!conversationId.startsWith(PENDING_PREFIX)) return conversationId;
    return this.ids.get(conversationId);
  }

  /** The server's id of a conversation, once its start has gone through. */
  async resolve(conversationId: string): Promise<string> {
    const known = this.known(conversationId);
    if (known !== undefined) return known;
    const id = await this.starts.get(conversationId);
    if (id === undefined) throw new LoadoutUnavailableError(`conversation ${conversationId} was never started on the server`, undefined);
    return id;
  }
}

export type Outcome<T> = { answered: T } | { failed: unknown } | { late: true };

/** The request's outcome, or `late` once `ms` have passed without one. */
export async function within<T>(request: Promise<T>, ms: number): Promise<Outcome<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Outcome<T>>((resolve) => (timer = setTimeout(() => resolve({ late: true }), ms)));
  try {
    return await Promise.race([
      request.then(
        (answered) => ({ answered }),
        (failed: unknown) => ({ failed }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What every turn of one runtime shares. */
export interface RuntimeContext {
  request: Client;
  outbox: Outbox;
  memory: ToolboxMemory;
  conversations: PendingConversations;
  /** How long beginTurn waits for the server before falling back on the last toolbox. */
  beginTimeoutMs: number;
}

export const DEFAULT_BEGIN_TIMEOUT_MS = 1_500;

/** A context around a bare client: a queue and memory of its own, for a Turn built by hand. */
export function contextOf(request: Client | RuntimeContext): RuntimeContext {
  if (typeof request !== 'function') return request;
  return {
    request,
    outbox: new Outbox(),
    memory: new ToolboxMemory(),
    conversations: new PendingConversations(),
    beginTimeoutMs: DEFAULT_BEGIN_TIMEOUT_MS,
  };
}
