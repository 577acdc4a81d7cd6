import DataLoader from 'dataloader';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, LoadoutError } from '../common/errors';
import type { LoadoutChanges } from '../loadout/edge';
import type { LoadoutCache } from '../loadout/compiled';
import { findOwned, getOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { hashApiKey, newApiKey } from './api-keys';
import { OrganizationEntity, type FundingModel } from './organization.entity';
import { PrincipalEntity, type Role } from './principal.entity';
import { ProjectEntity } from './project.entity';

export const DEFAULT_MODEL = 'openai/gpt-4o';

export interface OrganizationSettings {
  name?: string;
  fundingModel?: FundingModel;
  defaultModel?: string;
  toolBudgetWarn?: number;
  toolBudgetHot?: number;
}

/**
 * Active (unrevoked) API keys an organisation may hold: each key may open
 * its own sockets, so keys without bound would make every per-key limit
 * none. The operator's recovery key (mintAdminKey) is not refused by it.
 */
export const MAX_ACTIVE_KEYS_PER_ORGANIZATION = 100;

/** Keys remembered at once; a key not remembered is looked up again. */
const MAX_REMEMBERED_KEYS = 10_000;

export class OrganizationService {
  /** Key hash → actor, for keys found valid; dropped with their organisation's every change (revocation is one). */
  private readonly keys = new Map<string, Actor>();
  /** Moves with every drop, so a lookup that raced a revocation does not remember its stale answer. */
  private generation = 0;

  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
    private readonly loadouts: LoadoutCache,
  ) {
    loadouts.onChange((organizationId) => {
      this.generation++;
      if (organizationId === null) this.keys.clear();
      else for (const [hash, actor] of this.keys) if (actor.organizationId === organizationId) this.keys.delete(hash);
    });
  }

  async createOrganization(input: { name: string; fundingModel?: FundingModel; defaultModel?: string }) {
    return this.db.transaction(async (tx) => {
      const organization = await tx.save(
        tx.create(OrganizationEntity, {
          name: input.name,
          fundingModel: input.fundingModel ?? 'BRING_YOUR_OWN',
          defaultModel: input.defaultModel ?? DEFAULT_MODEL,
        }),
      );
      const { apiKey } = await insertKey(tx, organization.id, 'admin', 'ADMIN');
      return { organization, apiKey };
    });
  }

  /** The actor behind a bearer key, or null for an unknown or revoked key. */
  async authenticate(apiKey: string): Promise<Actor | null> {
    const keyHash = hashApiKey(apiKey);
    const trusted = this.loadouts.trusted;
    const known = trusted ? this.keys.get(keyHash) : undefined;
    if (known) return known;
    const generation = this.generation;
    const principal = await this.db.manager.findOne(PrincipalEntity, { where: { keyHash, revokedAt: IsNull() } });
    if (!principal) return null;
    const actor: Actor = {
      principalId: principal.id,
      organizationId: principal.organizationId,
      role: principal.role,
      name: principal.name,
    };
    if (trusted && generation === this.generation) {
      this.keys.set(keyHash, actor);
      if (this.keys.size > MAX_REMEMBERED_KEYS) this.keys.delete(this.keys.keys().next().value!);
    }
    return actor;
  }

  /** The actor remembered for a key's hash, while remembered keys may be trusted. */
  rememberedActor(keyHash: string): Actor | undefined {
    return this.loadouts.trusted ? this.keys.get(keyHash) : undefined;
  }

  /**
   * Whether a principal's key is still unrevoked, read from the database and
   * never the cache: open sockets ask before every operation. The checks
   * asked within one turn of the event loop share one statement (none is
   * answered from a statement sent before it was asked), so a burst of
   * subscriptions costs one query, not one each.
   */
  keyActive(principalId: string): Promise<boolean> {
    return this.keyChecks.load(principalId);
  }

  private readonly keyChecks = new DataLoader<string, boolean>(
    async (ids) => {
      const rows: Array<{ id: string }> = await this.db.query(
        `SELECT id FROM principals WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [ids],
      );
      const active = new Set(rows.map((r) => r.id));
      return ids.map((id) => active.has(id));
    },
    { cache: false, maxBatchSize: 1000 },
  );

  async principal(actor: Actor, id: string) {
    return findOwned(this.db.manager, PrincipalEntity, actor, id);
  }

  async organization(actor: Actor) {
    return this.db.manager.findOneOrFail(OrganizationEntity, { where: { id: actor.organizationId } });
  }

  /**
   * The default model is part of the compiled loadout, so the write goes
   * through LoadoutChanges like any other: every instance drops what it
   * cached. No agent's toolbox reads it (agents store their own model).
   */
  async updateOrganization(actor: Actor, input: OrganizationSettings) {
    return this.changes.write(actor.organizationId, async (tx) => {
      const current = await tx.findOneByOrFail(OrganizationEntity, { id: actor.organizationId });
      const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== null)) as OrganizationSettings;
      const next = { ...current, ...given };
      if (next.toolBudgetHot < next.toolBudgetWarn) {
        throw given.toolBudgetHot === undefined
          ? badInput('input.toolBudgetWarn', 'must be at or below toolBudgetHot')
          : badInput('input.toolBudgetHot', 'must be at or above toolBudgetWarn');
      }
      if (Object.keys(given).length) await tx.update(OrganizationEntity, { id: current.id }, given);
      return next;
    });
  }

  async createApiKey(actor: Actor, input: { name: string; role: Role }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      // Under the organisation's lock (changes.write): two creations cannot both take the last place.
      const active = await tx.count(PrincipalEntity, { where: { organizationId: actor.organizationId, revokedAt: IsNull() } });
      if (active >= MAX_ACTIVE_KEYS_PER_ORGANIZATION) {
        throw new LoadoutError(
          'CONFLICT',
          `The organisation has ${MAX_ACTIVE_KEYS_PER_ORGANIZATION} active API keys, the most it may hold: revoke one first`,
          'input',
        );
      }
      return insertKey(tx, actor.organizationId, input.name, input.role);
    });
  }

  /** The organisations an operator can mint a key for, by name. */
  organizationNames(): Promise<Array<Pick<OrganizationEntity, 'id' | 'name'>>> {
    return this.db.manager.find(OrganizationEntity, { select: { id: true, name: true }, order: { name: 'ASC', id: 'ASC' }, take: 1000 });
  }

  /**
   * The operator's way back in once every ADMIN key of an organisation is
   * lost (the demo key is shown once): a new ADMIN key for the organisation
   * of that exact name, or of that id where names repeat.
   */
  async mintAdminKey(nameOrId: string): Promise<{ organization: OrganizationEntity; apiKey: string }> {
    const matches = await this.db.manager.find(OrganizationEntity, {
      where: isUuid(nameOrId) ? [{ id: nameOrId }, { name: nameOrId }] : { name: nameOrId },
      take: 10,
    });
    if (matches.length === 0) throw new LoadoutError('NOT_FOUND', `No organisation is named '${nameOrId}'`, 'org');
    if (matches.length > 1) {
      const ids = matches.map((o) => o.id).join(', ');
      throw new LoadoutError('CONFLICT', `Several organisations are named '${nameOrId}': give one of their ids (${ids})`, 'org');
    }
    const [organization] = matches;
    const name = `admin (minted ${new Date().toISOString().slice(0, 10)})`;
    const { apiKey } = await this.changes.write(organization.id, (tx) => insertKey(tx, organization.id, name, 'ADMIN'));
    return { organization, apiKey };
  }

  /** Announced like a loadout change, so every instance forgets the key at once. */
  async revokeApiKey(actor: Actor, principalId: string): Promise<boolean> {
    return this.changes.write(actor.organizationId, async (tx) => {
      const principal = await getOwned(tx, PrincipalEntity, actor, principalId, 'principalId', 'Principal', true);
      if (principal.id === actor.principalId) {
        throw new LoadoutError('CONFLICT', 'A key cannot revoke itself; use another ADMIN key', 'principalId');
      }
      if (!principal.revokedAt) await tx.update(PrincipalEntity, { id: principal.id }, { revokedAt: new Date() });
      return true;
    });
  }

  async projects(actor: Actor) {
    return this.db.manager.find(ProjectEntity, { where: { organizationId: actor.organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  async project(actor: Actor, id: string) {
    return findOwned(this.db.manager, ProjectEntity, actor, id);
  }

  async createProject(actor: Actor, name: string) {
    return this.db.manager.save(this.db.manager.create(ProjectEntity, { organizationId: actor.organizationId, name }));
  }
}

/** A new key of the organisation: its principal stored with the key's hash, and the key itself, shown once. */
async function insertKey(
  tx: EntityManager,
  organizationId: string,
  name: string,
  role: Role,
): Promise<{ principal: PrincipalEntity; apiKey: string }> {
  const apiKey = newApiKey();
  const principal = await tx.save(tx.create(PrincipalEntity, { organizationId, name, role, keyHash: hashApiKey(apiKey), revokedAt: null }));
  return { principal, apiKey };
}
