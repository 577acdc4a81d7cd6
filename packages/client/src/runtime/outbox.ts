import { LoadoutError } from '../client';

export interface OutboxOptions {
  /** Sends waiting at once, across conversations; one more is dropped (and told to `onError`). 10,000 by default. */
  maxItems?: number;
  /** The first wait after a retryable failure, doubled after each; 250 ms by default. */
  baseDelayMs?: number;
  /** The longest wait between two tries, whatever `Retry-After` asks; 5 s by default. */
  maxDelayMs?: number;
  /** How long one send keeps trying through an outage before it is given up (and told to `onError`); 15 minutes by default. */
  giveUpAfterMs?: number;
  /** Sees every error the queue swallowed: a send given up, refused, or dropped. */
  onError?: (error: unknown, what: string) => void;
  /** How a wait is spent; tests pass one that records it. */
  sleep?: (ms: number) => Promise<void>;
}

/** A wait that does not keep the process alive: a runtime that exits without flushing loses what was waiting, by its choice. */
const unrefSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });

/**
 * The runtime's background sends: completions and recordings, which are
 * idempotent, kept off the model request's path and out of a framework's
 * run. Sends of one conversation go in order (a turn is begun before it is
 * completed); conversations do not wait for each other. A send that meets
 * an outage (a retryable LoadoutError) is tried again with a growing wait
 * until it goes through or `giveUpAfterMs` passes; any other error is told
 * to `onError` and the send is dropped.
 */
export class Outbox {
  private readonly chains = new Map<string, Promise<void>>();
  private waiting = 0;
  private readonly maxItems: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly giveUpAfterMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  readonly onError: (error: unknown, what: string) => void;

  constructor(options: OutboxOptions = {}) {
    this.maxItems = options.maxItems ?? 10_000;
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 5_000;
    this.giveUpAfterMs = options.giveUpAfterMs ?? 15 * 60_000;
    this.sleep = options.sleep ?? unrefSleep;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Sends waiting or being tried. */
  get size(): number {
    return this.waiting;
  }

  /**
   * Queues `send` after the sends already queued under `key`; `what` names
   * it to `onError`. The promise answers when it went through, or undefined
   * once given up: it never rejects.
   */
  enqueue<T>(key: string, what: string, send: () => Promise<T>): Promise<T | undefined> {
    if (this.waiting >= this.maxItems) {
      this.onError(
        new LoadoutError([{ message: `${what} dropped: ${this.maxItems} sends are waiting already`, extensions: { code: 'QUEUE_FULL' } }]),
        what,
      );
      return Promise.resolve(undefined);
    }
    this.waiting++;
    const previous = this.chains.get(key) ?? Promise.resolve();
    const result = previous.then(() => this.tryUntilDone(what, send));
    const chain = result.then(() => undefined);
    this.chains.set(key, chain);
    void chain.finally(() => {
      this.waiting--;
      if (this.chains.get(key) === chain) this.chains.delete(key);
    });
    return result;
  }

  /** Waits until every send queued so far has gone through or been given up; at most `timeoutMs`. Answers whether all were done. */
  async flush(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.chains.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, left)));
      await Promise.race([Promise.all(this.chains.values()), late]);
      clearTimeout(timer);
    }
    return true;
  }

  private async tryUntilDone<T>(what: string, send: () => Promise<T>): Promise<T | undefined> {
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await send();
      } catch (error) {
        const retryable = error instanceof LoadoutError && error.retryable;
        if (!retryable || Date.now() - started >= this.giveUpAfterMs) {
          this.onError(error, what);
          return undefined;
        }
        const backoff = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(attempt - 1, 20));
        await this.sleep(Math.min(this.maxDelayMs, error.retryAfterMs ?? backoff));
      }
    }
  }
}
