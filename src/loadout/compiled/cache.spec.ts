import { Stats } from '../../common/stats';
import { LoadoutCache } from './cache';
import { compileLoadout } from './compile';
import { footprintBytes, loadoutFootprint } from './footprint';
import type { LoadoutRows } from './rows';
import { agentRow, exampleWorld, toolRow } from '../testing/rows.fixture';

/** A database of organisations whose rows and seq the spec sets; each load can be held until the spec lets it finish. */
class FakeDatabase {
  readonly orgs = new Map<string, { seq: number; rows: LoadoutRows }>();
  loads = 0;
  gate: Promise<void> | null = null;

  readonly load = async (id: string) => {
    this.loads++;
    // The seq and the rows are read together, as one snapshot would.
    const org = this.orgs.get(id);
    const snapshot = org && { ...org };
    if (this.gate) await this.gate;
    return snapshot ?? null;
  };

  set(id: string, seq: number, tools: number): void {
    const rows = exampleWorld(
      Array.from({ length: tools }, (_, i) => toolRow(`${id}-t${i}`, `tool_${i}`)),
      [agentRow(`${id}-a1`), agentRow(`${id}-a2`)],
    );
    this.orgs.set(id, { seq, rows: { ...rows, organizationId: id } });
  }
}

const sizeOf = (rows: LoadoutRows) => {
  const loadout = compileLoadout(rows);
  return footprintBytes(loadoutFootprint(loadout), loadout);
};

function setUp(budgetOrgs: number) {
  const db = new FakeDatabase();
  for (const id of ['a', 'b', 'c']) db.set(id, 1, 20);
  const stats = new Stats();
  // Room for `budgetOrgs` organisations of this size, and not one more.
  const budget = Math.floor(sizeOf(db.orgs.get('a')!.rows) * (budgetOrgs + 0.5));
  const cache = new LoadoutCache(db.load, () => true, stats, budget);
  return { db, stats, cache, budget };
}

const privateMaps = (cache: LoadoutCache) => cache as unknown as { announced: Map<string, number>; pending: Map<string, number> };

describe('LoadoutCache within its memory budget', () => {
  it('evicts the least recently used organisation and keeps its estimate within the budget', async () => {
    const { db, stats, cache, budget } = setUp(2);
    await cache.current('a');
    await cache.current('b');
    await cache.current('a');
    await cache.current('c');
    expect(stats).toMatchObject({ loadoutEvictions: 1, loadoutCacheOrganizations: 2, loadoutHits: 1, loadoutMisses: 3 });
    expect(stats.loadoutCacheBytes).toBeLessThanOrEqual(budget);
    expect(db.loads).toBe(3);
    await cache.current('a');
    await cache.current('c');
    expect(db.loads).toBe(3);
    await cache.current('b');
    expect(db.loads).toBe(4);
  });

  it('keeps the organisation used last even when it alone is larger than the budget', async () => {
    const db = new FakeDatabase();
    db.set('a', 1, 5);
    const stats = new Stats();
    const cache = new LoadoutCache(db.load, () => true, stats, 1);
    await cache.current('a');
    await cache.current('a');
    expect(db.loads).toBe(1);
    expect(stats.loadoutCacheOrganizations).toBe(1);
  });

  it('loads an evicted organisation as committed now, with changes made while it was out', async () => {
    const { db, cache } = setUp(1);
    const first = await cache.current('a');
    await cache.current('b');
    db.set('a', 2, 7);
    cache.changed('a', 2);
    const again = await cache.current('a');
    expect(again).toMatchObject({ seq: 2 });
    expect(again!.loadout.sorted).toHaveLength(7);
    expect(first!.loadout.sorted).toHaveLength(20);
  });

  it('counts the toolboxes a cached loadout remembers after it was installed, and evicts for them', async () => {
    const { cache, stats } = setUp(2);
    const a = (await cache.current('a'))!.loadout;
    await cache.current('b');
    const before = stats.loadoutCacheBytes;
    for (let i = 0; i < 5_000; i++) a.toolboxes.set(`class ${i}`, { entries: [], fingerprint: '' });
    await cache.current('a');
    expect(stats.loadoutCacheBytes).toBeGreaterThan(before);
    expect(stats).toMatchObject({ loadoutEvictions: 1, loadoutCacheOrganizations: 1 });
  });
});

describe('LoadoutCache and the changes it hears', () => {
  it('does not install a load that a change announced during it made stale, and forgets the announcement after', async () => {
    const { db, cache } = setUp(3);
    let open!: () => void;
    db.gate = new Promise((resolve) => (open = resolve));
    const loading = cache.current('a');
    db.set('a', 2, 3);
    cache.changed('a', 2);
    db.gate = null;
    open();
    expect(await loading).toMatchObject({ seq: 1 });
    expect(privateMaps(cache).announced.size).toBe(0);
    expect(await cache.current('a')).toMatchObject({ seq: 2 });
    expect(db.loads).toBe(2);
  });

  it('refuses a writer’s loadout older than a change heard before it installed', async () => {
    const { db, cache } = setUp(3);
    const release = cache.hold('a');
    cache.changed('a', 3);
    cache.install('a', 2, compileLoadout(db.orgs.get('a')!.rows));
    release();
    db.set('a', 3, 4);
    expect(await cache.current('a')).toMatchObject({ seq: 3 });
  });

  it('remembers announcements only for organisations with a load or write under way', () => {
    const { cache } = setUp(3);
    for (let i = 0; i < 10_000; i++) cache.changed(`org ${i}`, i + 1);
    const release = cache.hold('a');
    cache.changed('a', 5);
    expect(privateMaps(cache).announced.size).toBe(1);
    release();
    expect(privateMaps(cache).announced.size).toBe(0);
    expect(privateMaps(cache).pending.size).toBe(0);
  });
});
