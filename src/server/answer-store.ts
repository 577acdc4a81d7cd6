/** What the kept answers may take, and which answers are kept at all (docs/semantics.md §3.17). */
export interface AnswerStoreLimits {
  /** What all kept answers may take, as estimated (their text, twice: a string's characters may take two bytes). */
  budgetBytes: number;
  /** The largest answer kept, as estimated; a larger one is built every time. */
  maxAnswerBytes: number;
}

export const ANSWER_STORE_LIMITS: AnswerStoreLimits = {
  budgetBytes: 32 * 1024 * 1024,
  maxAnswerBytes: 1024 * 1024,
};

/** One kept answer: whose it is and what it was read from, so it is only given while that is current. */
export interface KeptAnswer {
  organizationId: string;
  /** The immutable object the answer was read from (the organisation's compiled loadout). */
  source: object;
  /** The remembered key it was answered for, by hash, and the actor remembered for it then. */
  keyHash: string;
  actor: object;
  /** The operation, as the latency metric names it. */
  operation: string;
  headers: ReadonlyArray<readonly [string, string]>;
  body: string;
  etag: string;
}

interface Held {
  answer: KeptAnswer;
  bytes: number;
}

/** Estimated heap of an entry: its key and text as UTF-16, and a fixed overhead for the objects around them. */
const bytesOf = (key: string, answer: KeptAnswer): number => 2 * (key.length + answer.body.length) + 512;

/**
 * Answers by request, within a memory budget shared by every organisation.
 * When the budget is reached, the organisation holding the most yields its
 * oldest answer: one tenant sending ever new requests evicts its own
 * answers, never those of one holding less.
 */
export class AnswerStore {
  private readonly answers = new Map<string, Held>();
  /** Per organisation, its keys oldest first and what they take. */
  private readonly holders = new Map<string, { keys: Set<string>; bytes: number }>();
  private total = 0;

  constructor(
    /** Whether a kept answer may still be given: its source and actor are still the current ones. */
    private readonly current: (answer: KeptAnswer) => boolean,
    private readonly limits: AnswerStoreLimits = ANSWER_STORE_LIMITS,
  ) {}

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.answers.size;
  }

  /** The answer kept for this request while it is current; one that is not is dropped. */
  get(key: string): KeptAnswer | undefined {
    const held = this.answers.get(key);
    if (!held) return undefined;
    if (this.current(held.answer)) return held.answer;
    this.remove(key, held);
    return undefined;
  }

  /** Keeps the answer for this request (in place of any before), unless it alone would take more than its share. */
  keep(key: string, answer: KeptAnswer): void {
    const bytes = bytesOf(key, answer);
    const before = this.answers.get(key);
    if (before) this.remove(key, before);
    if (bytes > this.limits.maxAnswerBytes) return;
    this.answers.set(key, { answer, bytes });
    let holder = this.holders.get(answer.organizationId);
    if (!holder) this.holders.set(answer.organizationId, (holder = { keys: new Set(), bytes: 0 }));
    holder.keys.add(key);
    holder.bytes += bytes;
    this.total += bytes;
    while (this.total > this.limits.budgetBytes) this.evictFromLargest();
  }

  /** Drops the organisation's answers (every organisation's: null), as its loadout changed. */
  forget(organizationId: string | null): void {
    if (organizationId === null) {
      this.answers.clear();
      this.holders.clear();
      this.total = 0;
      return;
    }
    const holder = this.holders.get(organizationId);
    if (!holder) return;
    for (const key of holder.keys) this.answers.delete(key);
    this.holders.delete(organizationId);
    this.total -= holder.bytes;
  }

  private evictFromLargest(): void {
    let largest: { keys: Set<string>; bytes: number } | undefined;
    for (const holder of this.holders.values()) if (!largest || holder.bytes > largest.bytes) largest = holder;
    const oldest = largest!.keys.values().next().value!;
    this.remove(oldest, this.answers.get(oldest)!);
  }

  private remove(key: string, held: Held): void {
    this.answers.delete(key);
    const holder = this.holders.get(held.answer.organizationId)!;
    holder.keys.delete(key);
    holder.bytes -= held.bytes;
    if (holder.keys.size === 0) this.holders.delete(held.answer.organizationId);
    this.total -= held.bytes;
  }
}
