import type { DataSource } from 'typeorm';
import type { Stats } from '../common/stats';
import { compileLoadout, type CompiledLoadout } from './compile';
import { loadLoadoutRows, type Queryable } from './rows';

export interface CachedLoadout {
  /** The organisation's loadout_seq this loadout is exact for. */
  seq: number;
  loadout: CompiledLoadout;
}

/** Organisations kept compiled at once; the least recently loaded go first. */
const MAX_ORGANIZATIONS = 1_000;

/**
 * The compiled loadout of each organisation, for every toolbox request.
 *
 * Every change that can alter a loadout bumps `organizations.loadout_seq`
 * inside its transaction; the instance that made it replaces or drops its
 * entry right after commit, and every instance drops it when the change's
 * notification arrives (`changed`). While the notification path is down
 * (`live` false) nothing is cached: each read loads afresh, so nothing stale
 * is served longer than a notification takes.
 */
export class LoadoutCache {
  private readonly entries = new Map<string, CachedLoadout>();
  private readonly loads = new Map<string, Promise<CachedLoadout | null>>();
  /** The highest seq announced per organisation: an entry below it is stale, however it got here. */
  private readonly announced = new Map<string, number>();
  private readonly listeners: Array<(organizationId: string | null) => void> = [];
  /** Moves on reset: a load begun before may have missed a change, so it is not kept. */
  private epoch = 0;

  constructor(
    private readonly db: DataSource,
    private readonly live: () => boolean,
    private readonly stats: Stats,
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
    const hit = this.entries.get(organizationId);
    if (hit && hit.seq >= (this.announced.get(organizationId) ?? 0)) {
      this.stats.loadoutHits++;
      return Promise.resolve(hit);
    }
    this.stats.loadoutMisses++;
    let loading = this.loads.get(organizationId);
    if (!loading) {
      const epoch = this.epoch;
      loading = this.loadCommitted(organizationId).then((entry) => {
        if (entry && epoch === this.epoch) this.install(organizationId, entry.seq, entry.loadout);
        return entry;
      });
      const forget = () => this.loads.delete(organizationId);
      loading.then(forget, forget);
      this.loads.set(organizationId, loading);
    }
    return loading;
  }

  /**
   * Exact for `seq` inside a transaction that keeps the organisation at that
   * seq (it holds the organisation row's lock): the cached entry when it is
   * that seq, else loaded through the transaction.
   */
  async at(tx: Queryable, organizationId: string, seq: number, keep: boolean): Promise<CompiledLoadout> {
    const hit = this.exact(organizationId, seq);
    if (hit) return hit;
    const loaded = await loadLoadoutRows(tx, organizationId);
    if (!loaded) throw new Error(`organisation ${organizationId} vanished inside a transaction`);
    const loadout = compileLoadout(loaded.rows);
    if (keep) this.install(organizationId, seq, loadout);
    return loadout;
  }

  /** The cached loadout when it is exact for `seq` and may be trusted; null, loading nothing, otherwise. */
  exact(organizationId: string, seq: number): CompiledLoadout | null {
    const hit = this.live() ? this.entries.get(organizationId) : undefined;
    return hit && hit.seq === seq ? hit.loadout : null;
  }

  /** A loadout known exact for `seq` (a writer's own result, after its commit). */
  install(organizationId: string, seq: number, loadout: CompiledLoadout): void {
    if (!this.live() || seq < (this.announced.get(organizationId) ?? 0)) return;
    const current = this.entries.get(organizationId);
    if (current && current.seq >= seq) return;
    this.entries.delete(organizationId);
    this.entries.set(organizationId, { seq, loadout });
    if (this.entries.size > MAX_ORGANIZATIONS) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A change reached `seq`: whatever is older is dropped, here and in every listener. */
  changed(organizationId: string, seq: number): void {
    if (seq > (this.announced.get(organizationId) ?? 0)) this.announced.set(organizationId, seq);
    const current = this.entries.get(organizationId);
    if (current && current.seq < seq) this.entries.delete(organizationId);
    for (const listener of this.listeners) listener(organizationId);
  }

  /** Notifications may have been missed (the listener reconnected): drop everything. */
  reset(): void {
    this.epoch++;
    this.entries.clear();
    for (const listener of this.listeners) listener(null);
  }

  /** Called with the organisation whose cached state must go (null: every organisation). */
  onChange(listener: (organizationId: string | null) => void): void {
    this.listeners.push(listener);
  }

  /** One consistent read of the committed state: the seq and the rows it stands for. */
  private async loadCommitted(organizationId: string): Promise<CachedLoadout | null> {
    const loaded = await this.db.transaction('REPEATABLE READ', (tx) => loadLoadoutRows(tx, organizationId));
    return loaded && { seq: loaded.seq, loadout: compileLoadout(loaded.rows) };
  }
}
