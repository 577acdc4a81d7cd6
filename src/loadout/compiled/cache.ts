import type { Stats } from '../../common/stats';
import { compileLoadout, type CompiledLoadout } from './compile';
import { footprintBytes, loadoutFootprint, type Footprint } from './footprint';
import type { LoadoutRows } from './rows';

/** The organisation's committed rows and the seq they stand for, in one snapshot (null: no such organisation). */
export type CommittedLoad = (organizationId: string) => Promise<{ seq: number; rows: LoadoutRows } | null>;

export interface CachedLoadout {
  /** The organisation's loadout_seq this loadout is exact for. */
  seq: number;
  loadout: CompiledLoadout;
}

interface Entry extends CachedLoadout {
  footprint: Footprint;
  /** The estimate when last counted: toolboxes remembered since are counted on the next hit. */
  bytes: number;
  /** When it was last used, on the cache's own clock. */
  lastUse: number;
}

/**
 * What the compiled loadouts of every organisation may take of the heap,
 * as estimated, where LOADOUT_CACHE_MB is not set: see docs/architecture.md,
 * note "Cache memory".
 */
export const DEFAULT_LOADOUT_CACHE_MB = 256;

// See docs/architecture.md, note "The loadout cache".
/** The compiled loadout of each organisation, within a memory budget, dropped on every change. */
export class LoadoutCache {
  /**
   * Not reordered on use: a hit only stamps its entry. Moving it to the end
   * of the map on every toolbox request made the map rebuild its table every
   * few thousand requests, garbage the size of the table each time.
   */
  private readonly entries = new Map<string, Entry>();
  private clock = 0;
  private readonly loads = new Map<string, Promise<CachedLoadout | null>>();
  /**
   * Loads and writes under way per organisation, each of which may install a
   * loadout when it ends. Only these need `announced`: anything that starts
   * after a notification was heard reads at least the seq it announced.
   */
  private readonly pending = new Map<string, number>();
  /** The highest seq announced per organisation with something pending: what it installs below that is stale. */
  private readonly announced = new Map<string, number>();
  private readonly listeners: Array<(organizationId: string | null) => void> = [];
  /** Moves on reset: a load begun before may have missed a change, so it is not kept. */
  private epoch = 0;
  private bytes = 0;

  constructor(
    private readonly loadRows: CommittedLoad,
    private readonly live: () => boolean,
    private readonly stats: Stats,
    private readonly budgetBytes: number,
  ) {}

  /** False while changes of other instances might not reach this one: nothing cached may be served. */
  get trusted(): boolean {
    return this.live();
  }

  /** The organisation's loadout as committed now (null: no such organisation). */
  current(organizationId: string): Promise<CachedLoadout | null> {
    if (!this.live()) {
      this.stats.loadoutMisses++;
      return this.loadCommitted(organizationId);
    }
    const hit = this.fresh(organizationId);
    if (hit) {
      this.stats.loadoutHits++;
      this.used(hit);
      return Promise.resolve(hit);
    }
    this.stats.loadoutMisses++;
    let loading = this.loads.get(organizationId);
    if (!loading) {
      const epoch = this.epoch;
      const release = this.hold(organizationId);
      loading = this.loadCommitted(organizationId).then((entry) => {
        if (entry && epoch === this.epoch) this.install(organizationId, entry.seq, entry.loadout);
        return entry;
      });
      const forget = () => {
        this.loads.delete(organizationId);
        release();
      };
      loading.then(forget, forget);
      this.loads.set(organizationId, loading);
    }
    return loading;
  }

  /** The organisation's cached loadout when it is current and may be trusted; undefined, loading nothing, otherwise. */
  currentKept(organizationId: string): CompiledLoadout | undefined {
    const hit = this.live() ? this.fresh(organizationId) : undefined;
    if (!hit) return undefined;
    this.used(hit);
    return hit.loadout;
  }

  /** The cached entry unless a change newer than it was announced. */
  private fresh(organizationId: string): Entry | undefined {
    const hit = this.entries.get(organizationId);
    return hit && hit.seq >= (this.announced.get(organizationId) ?? 0) ? hit : undefined;
  }

  /**
   * Exact for `seq` inside a transaction that keeps the organisation at that
   * seq (it holds the organisation row's lock): the cached entry when it is
   * that seq, else loaded by `loadInTransaction`, which reads through it.
   */
  async at(loadInTransaction: CommittedLoad, organizationId: string, seq: number, keep: boolean): Promise<CompiledLoadout> {
    const hit = this.exact(organizationId, seq);
    if (hit) return hit;
    const loaded = await loadInTransaction(organizationId);
    if (!loaded) throw new Error(`organisation ${organizationId} vanished inside a transaction`);
    const loadout = compileLoadout(loaded.rows);
    if (keep) this.install(organizationId, seq, loadout);
    return loadout;
  }

  /**
   * Marks a load or write of the organisation under way until the returned
   * function is called: a change announced meanwhile keeps it from
   * installing what it read before that change.
   */
  hold(organizationId: string): () => void {
    this.pending.set(organizationId, (this.pending.get(organizationId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = this.pending.get(organizationId)! - 1;
      if (left > 0) return void this.pending.set(organizationId, left);
      this.pending.delete(organizationId);
      this.announced.delete(organizationId);
    };
  }

  /** The cached loadout when it is exact for `seq` and may be trusted; null, loading nothing, otherwise. */
  exact(organizationId: string, seq: number): CompiledLoadout | null {
    const hit = this.live() ? this.entries.get(organizationId) : undefined;
    if (!hit || hit.seq !== seq) return null;
    this.used(hit);
    return hit.loadout;
  }

  /** A loadout known exact for `seq` (a writer's own result, after its commit). */
  install(organizationId: string, seq: number, loadout: CompiledLoadout): void {
    if (!this.live() || seq < (this.announced.get(organizationId) ?? 0)) return;
    const current = this.entries.get(organizationId);
    if (current && current.seq >= seq) return;
    if (current) this.remove(organizationId, current);
    const footprint = loadoutFootprint(loadout);
    const entry: Entry = { seq, loadout, footprint, bytes: footprintBytes(footprint, loadout), lastUse: ++this.clock };
    this.entries.set(organizationId, entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  /** A change reached `seq`: whatever is older is dropped, here and in every listener. */
  changed(organizationId: string, seq: number): void {
    if (this.pending.has(organizationId) && seq > (this.announced.get(organizationId) ?? 0)) this.announced.set(organizationId, seq);
    const current = this.entries.get(organizationId);
    if (current && current.seq < seq) {
      this.remove(organizationId, current);
      this.counted();
    }
    for (const listener of this.listeners) listener(organizationId);
  }

  /** The cached loadout is wrong (see StaleLoadout in change.ts): the next request reads it afresh. */
  forget(organizationId: string): void {
    const current = this.entries.get(organizationId);
    if (!current) return;
    this.remove(organizationId, current);
    this.counted();
  }

  /** Notifications may have been missed (the listener reconnected): drop everything. */
  reset(): void {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
    this.counted();
    for (const listener of this.listeners) listener(null);
  }

  /** Called with the organisation whose cached state must go (null: every organisation). */
  onChange(listener: (organizationId: string | null) => void): void {
    this.listeners.push(listener);
  }

  /** Stamps the entry as used now, and counts the toolboxes it remembered since it was last counted. */
  private used(entry: Entry): void {
    entry.lastUse = ++this.clock;
    const bytes = footprintBytes(entry.footprint, entry.loadout);
    if (bytes === entry.bytes) return;
    this.bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.trim();
  }

  /**
   * Evicts the least recently used entries until the rest fit the budget,
   * keeping the most recent one: a pass over the entries for each, a small
   * part of the load that made room necessary.
   */
  private trim(): void {
    while (this.bytes > this.budgetBytes && this.entries.size > 1) {
      let oldest: string | null = null;
      let oldestUse = Infinity;
      this.entries.forEach((entry, organizationId) => {
        if (entry.lastUse >= oldestUse) return;
        oldest = organizationId;
        oldestUse = entry.lastUse;
      });
      this.remove(oldest!, this.entries.get(oldest!)!);
      this.stats.loadoutEvictions++;
    }
    this.counted();
  }

  private remove(organizationId: string, entry: Entry): void {
    this.entries.delete(organizationId);
    this.bytes -= entry.bytes;
  }

  private counted(): void {
    this.stats.loadoutCacheBytes = this.bytes;
    this.stats.loadoutCacheOrganizations = this.entries.size;
  }

  private async loadCommitted(organizationId: string): Promise<CachedLoadout | null> {
    const loaded = await this.loadRows(organizationId);
    return loaded && { seq: loaded.seq, loadout: compileLoadout(loaded.rows) };
  }
}
