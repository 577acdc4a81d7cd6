import type { DataSource, EntityManager } from 'typeorm';
import type { ChangeActor } from '../../common/actor';
import type { InvalidationCauseEnum } from '../change/change-causes';
import { compileLoadout, patchLoadout, type CompiledLoadout, type LoadoutPatch } from '../compiled/compile';
import { inScope } from '../rules/filters';
import type { LoadoutCache } from '../compiled/cache';
import type { AgentRow } from '../compiled/rows';
import { loadAgentRows, loadLoadoutRows, loadOwnerRows, loadRuleRows, loadToolRows } from './stored-rows';
import { sameLoadout } from '../compiled/same-loadout';
import { KeyedQueue } from '../../common/keyed-queue';
import { LOADOUT_CHANGED } from '../../db/notifications';

// See docs/architecture.md, note "The change tracker".
/** One committed change that can alter what agents' models see; it locks and bumps the agents it affects. */
export class ChangeTracker {
  private readonly agentIds = new Set<string>();
  private readonly touchedTools = new Set<string>();
  private readonly touchedAgents = new Set<string>();
  private rulesTouched = false;
  private ownersTouched = false;
  private loadoutBefore: CompiledLoadout | null = null;

  constructor(
    readonly tx: EntityManager,
    readonly actor: ChangeActor,
    /** The organisation's loadout_seq this change commits as. */
    readonly seq: number,
    private readonly cache: LoadoutCache,
  ) {}

  /** Every agent that can load tools of this project scope (null: the whole organisation). */
  async affectsScope(projectId: string | null): Promise<void> {
    await this.track({
      sql: `($2::uuid IS NULL OR project_id = $2::uuid)`,
      param: projectId,
      matches: (agent) => inScope({ projectId }, agent),
    });
  }

  async affectsAgent(agentId: string): Promise<void> {
    if (!this.agentIds.has(agentId)) await this.track({ sql: `id = $2::uuid`, param: agentId, matches: (agent) => agent.id === agentId });
  }

  /** Definitions inserted, updated or deleted by this change. */
  touchTools(ids: readonly string[]): void {
    for (const id of ids) this.touchedTools.add(id);
  }

  touchAgents(ids: readonly string[]): void {
    for (const id of ids) this.touchedAgents.add(id);
  }

  touchRules(): void {
    this.rulesTouched = true;
  }

  /** Mini apps or MCP servers: their state feeds every one of their tools. */
  touchOwners(): void {
    this.ownersTouched = true;
  }

  get affectedAgentIds(): string[] {
    return [...this.agentIds];
  }

  /** The definitions touched, where the change touched nothing else (agents only had their version moved). */
  get touchedOnlyTools(): ReadonlySet<string> | null {
    return this.rulesTouched || this.ownersTouched || this.touchedAgents.size > 0 ? null : this.touchedTools;
  }

  /** The organisation's loadout as the change found it; set once an agent is affected. */
  get before(): CompiledLoadout | null {
    return this.loadoutBefore;
  }

  /** The loadout after the writes: the one before with what the change touched read again. */
  async after(): Promise<CompiledLoadout> {
    const before = this.loadoutBefore!;
    const org = this.actor.organizationId;
    const patch: LoadoutPatch = {};
    // One after another: a transaction is one connection.
    if (this.touchedTools.size)
      patch.tools = { ids: [...this.touchedTools], rows: await loadToolRows(this.tx, org, [...this.touchedTools]) };
    // An agent that was only affected changed nothing but its version: no need to read it again.
    const versions = new Map<string, number>();
    for (const id of this.agentIds) if (before.agents.has(id)) versions.set(id, before.versionOf(id) + 1);
    if (this.touchedAgents.size) {
      const reread = await loadAgentRows(this.tx, org, [...this.touchedAgents]);
      patch.agents = { ids: [...this.touchedAgents], rows: reread.agents };
      for (const [id, version] of reread.versions) versions.set(id, version);
    }
    if (versions.size) patch.versions = versions;
    if (this.rulesTouched) patch.rules = await loadRuleRows(this.tx, org);
    if (this.ownersTouched) patch.owners = await loadOwnerRows(this.tx, org);
    const after = patchLoadout(before, patch);
    if (process.env.LOADOUT_VERIFY_PATCHES === '1') await this.verify(after);
    return after;
  }

  /** LOADOUT_VERIFY_PATCHES=1 (the test suite): a patched loadout must equal one loaded from scratch, or a service forgot a touch. */
  private async verify(after: CompiledLoadout): Promise<void> {
    const fresh = await loadLoadoutRows(this.tx, this.actor.organizationId);
    const expected = compileLoadout(fresh!.rows);
    const problem = sameLoadout(after, expected);
    if (problem) throw new Error(`patched loadout differs from the stored one: ${problem}`);
  }

  /**
   * Bumps the version of the organisation's agents matching `which` that
   * this change has not bumped yet. The loadout before must be read before
   * the first version moves, since it carries the versions: when the cache
   * holds it, one UPDATE locks and bumps them; otherwise the rows are locked
   * first and the loadout read only if some agent is affected. Which agents
   * moved the loadout before tells (under the organisation's lock it holds
   * every agent the change has not declared yet, as the table does): the
   * UPDATE answers only their count, which must agree.
   */
  private async track(which: AgentsMatching): Promise<void> {
    const org = this.actor.organizationId;
    const fresh = `organization_id = $1 AND ${which.sql} AND id <> ALL($3::uuid[])`;
    const params = [org, which.param, [...this.agentIds]];
    // The seq before ours is what is committed now: the organisation's lock keeps it so.
    this.loadoutBefore ??= this.cache.exact(org, this.seq - 1);
    if (!this.loadoutBefore) {
      const locked: Array<{ id: string }> = await this.tx.query(`SELECT id FROM agents WHERE ${fresh} ORDER BY id FOR UPDATE`, params);
      if (locked.length === 0) return;
      this.loadoutBefore = await this.cache.at((id) => loadLoadoutRows(this.tx, id), org, this.seq - 1, false);
    }
    const bumping = [...this.loadoutBefore.agents.values()].filter((a) => which.matches(a.row) && !this.agentIds.has(a.id));
    // As a SELECT: TypeORM answers a bare UPDATE with [rows, count].
    const [{ n }]: Array<{ n: number }> = await this.tx.query(
      `WITH bumped AS (UPDATE agents SET loadout_version = loadout_version + 1 WHERE ${fresh} RETURNING 1) SELECT count(*)::int AS n FROM bumped`,
      params,
    );
    if (n !== bumping.length)
      throw new StaleLoadout(`the loadout before holds ${bumping.length} of the agents a change bumped, the table ${n}`);
    for (const agent of bumping) this.agentIds.add(agent.id);
  }
}

/** Agents a declaration names: as SQL over `$2`, and as a test of an agent's row in the loadout before. */
interface AgentsMatching {
  sql: string;
  param: string | null;
  matches: (agent: AgentRow) => boolean;
}

/** What a change means beyond versions (fingerprints and invalidation events). */
export interface ChangeObserver {
  afterChange(
    tx: EntityManager,
    loadouts: { before: CompiledLoadout; after: CompiledLoadout; touchedOnlyTools: ReadonlySet<string> | null },
    agentIds: string[],
  ): Promise<void>;
  afterCommit(): Promise<void>;
}

export type ObserverFactory = (actor: ChangeActor, cause: InvalidationCauseEnum) => ChangeObserver | undefined;

export interface RunOptions {
  /** Observe with this observer instead of the factory's (a caller that needs the observer's findings). */
  observer?: ChangeObserver;
  /** Do all the work and observe it, then roll everything back: nothing is stored or published. */
  dryRun?: boolean;
}

/** The cached loadout missed agents written around the API (by SQL): `run` forgets it and runs the change again on a fresh read. */
class StaleLoadout extends Error {}

/** Thrown inside a dry run's transaction so that it rolls back; never leaves `run`. */
class DryRunRollback<T> {
  constructor(readonly value: T) {}
}

/**
 * Bumps the organisation's loadout_seq, first thing in a writing transaction:
 * the row lock orders the organisation's changes, and the NOTIFY (delivered
 * on commit only) tells every instance to drop what it cached.
 */
export async function bumpLoadoutSeq(tx: EntityManager, organizationId: string): Promise<number> {
  const rows: Array<{ seq: string }> = await tx.query(BUMP_LOADOUT_SEQ, [organizationId]);
  return Number(rows[0].seq);
}

const BUMP_LOADOUT_SEQ = `WITH bumped AS (UPDATE organizations SET loadout_seq = loadout_seq + 1 WHERE id = $1 RETURNING loadout_seq AS seq)
  SELECT seq::text, pg_notify('${LOADOUT_CHANGED.channel}', ${LOADOUT_CHANGED.sql({ organizationId: '$1', seq: 'seq' })}) FROM bumped`;

/**
 * An organisation's changes also take their turn on this instance before
 * they begin: only one of them waits for the organisation's lock in the
 * database. Each statement waiting there keeps a snapshot from before the
 * changes ahead of it committed, and with it the agent rows' old versions
 * that a version bump would otherwise prune from their page: versions
 * then overflow to other pages, add index entries, and every later bump
 * reads the pile until a vacuum. Other instances' changes still queue on
 * the lock.
 */
export class LoadoutChanges {
  private readonly turns = new KeyedQueue();

  constructor(
    private readonly db: DataSource,
    private readonly cache: LoadoutCache,
    private readonly observe: ObserverFactory = () => undefined,
  ) {}

  async run<T>(
    actor: ChangeActor,
    cause: InvalidationCauseEnum,
    work: (tx: EntityManager, change: ChangeTracker) => Promise<T>,
    options: RunOptions = {},
  ): Promise<T> {
    const observer = options.observer ?? this.observe(actor, cause);
    let result: T;
    let seq = 0;
    let after: CompiledLoadout | null = null;
    // From before the seq is taken until the loadout is installed: a later change heard meanwhile must win.
    const release = this.cache.hold(actor.organizationId);
    const attempt = async (): Promise<T> => {
      const outcome = await this.db.transaction(async (tx) => {
        seq = await bumpLoadoutSeq(tx, actor.organizationId);
        const change = new ChangeTracker(tx, actor, seq, this.cache);
        const value = await work(tx, change);
        const ids = change.affectedAgentIds;
        if (ids.length > 0) {
          after = await change.after();
          await observer?.afterChange(tx, { before: change.before!, after, touchedOnlyTools: change.touchedOnlyTools }, ids);
        }
        if (options.dryRun) throw new DryRunRollback(value);
        return value;
      });
      this.committed(actor.organizationId, seq, after);
      return outcome;
    };
    try {
      result = await this.turns.run(actor.organizationId, () =>
        attempt().catch((error: unknown) => {
          if (!(error instanceof StaleLoadout)) throw error;
          this.cache.forget(actor.organizationId);
          return attempt();
        }),
      );
    } catch (error) {
      if (error instanceof DryRunRollback) return error.value as T;
      throw error;
    } finally {
      release();
    }
    await observer?.afterCommit();
    return result;
  }

  /** A write that alters what is cached but no toolbox (keys, the catalogue, new agents): ordered and announced like a change. */
  write<T>(organizationId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.turns.run(organizationId, async () => {
      let seq = 0;
      const result = await this.db.transaction(async (tx) => {
        seq = await bumpLoadoutSeq(tx, organizationId);
        return work(tx);
      });
      this.committed(organizationId, seq, null);
      return result;
    });
  }

  /** This instance serves the change on its next request: the writer's own loadout, or a fresh load. */
  private committed(organizationId: string, seq: number, after: CompiledLoadout | null): void {
    if (after) this.cache.install(organizationId, seq, after);
    this.cache.changed(organizationId, seq);
  }
}
