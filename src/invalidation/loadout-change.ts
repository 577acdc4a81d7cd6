import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import type { InvalidationCauseEnum } from '../common/enums';

/**
 * One committed change that can alter what agents' models see. Services run
 * their writes inside `LoadoutChanges.run` and, before writing, declare what
 * they are about to affect. The tracker locks the affected agents (so
 * concurrent changes to one agent serialise and none is lost) and
 * increments each affected agent's loadoutVersion once, as soon as it is
 * declared, so whatever the change reads back (a mutation's result) already
 * carries the new version.
 */
export class ChangeTracker {
  private readonly agentIds = new Set<string>();

  constructor(
    readonly tx: EntityManager,
    readonly actor: Actor,
  ) {}

  /** Every agent that can load tools of this project scope (null: the whole organisation). */
  async affectsScope(projectId: string | null): Promise<void> {
    const rows: Array<{ id: string }> = await this.tx.query(
      `SELECT id FROM agents WHERE organization_id = $1 AND ($2::uuid IS NULL OR project_id = $2::uuid) ORDER BY id FOR UPDATE`,
      [this.actor.organizationId, projectId],
    );
    await this.track(rows.map((r) => r.id));
  }

  async affectsAgent(agentId: string): Promise<void> {
    await this.tx.query(`SELECT id FROM agents WHERE id = $1 FOR UPDATE`, [agentId]);
    await this.track([agentId]);
  }

  get affectedAgentIds(): string[] {
    return [...this.agentIds];
  }

  private async track(ids: string[]): Promise<void> {
    const fresh = ids.filter((id) => !this.agentIds.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) {
      this.agentIds.add(id);
      await this.observer?.beforeChange(this.tx, id);
    }
    await this.tx.query(`UPDATE agents SET loadout_version = loadout_version + 1 WHERE id = ANY($1::uuid[])`, [fresh]);
  }

  observer?: ChangeObserver;
}

/** Hooks for what a change means beyond versions (fingerprints and invalidation events). */
export interface ChangeObserver {
  beforeChange(tx: EntityManager, agentId: string): Promise<void>;
  afterChange(tx: EntityManager, agentIds: string[]): Promise<void>;
  afterCommit(): Promise<void>;
}

export type ObserverFactory = (actor: Actor, cause: InvalidationCauseEnum) => ChangeObserver | undefined;

export interface RunOptions {
  /** Observe with this observer instead of the factory's (a caller that needs the observer's findings). */
  observer?: ChangeObserver;
  /** Do all the work and observe it, then roll everything back: nothing is stored or published. */
  dryRun?: boolean;
}

/** Thrown inside a dry run's transaction so that it rolls back; never leaves `run`. */
class DryRunRollback<T> {
  constructor(readonly value: T) {}
}

export class LoadoutChanges {
  constructor(
    private readonly db: DataSource,
    private readonly observe: ObserverFactory = () => undefined,
  ) {}

  async run<T>(
    actor: Actor,
    cause: InvalidationCauseEnum,
    work: (tx: EntityManager, change: ChangeTracker) => Promise<T>,
    options: RunOptions = {},
  ): Promise<T> {
    const observer = options.observer ?? this.observe(actor, cause);
    let result: T;
    try {
      result = await this.db.transaction(async (tx) => {
        const change = new ChangeTracker(tx, actor);
        change.observer = observer;
        const value = await work(tx, change);
        const ids = change.affectedAgentIds;
        if (ids.length > 0) await observer?.afterChange(tx, ids);
        if (options.dryRun) throw new DryRunRollback(value);
        return value;
      });
    } catch (error) {
      if (error instanceof DryRunRollback) return error.value as T;
      throw error;
    }
    await observer?.afterCommit();
    return result;
  }
}
