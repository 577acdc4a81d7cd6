import { IsNull, type DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { LoadoutError } from '../common/errors';
import { findOwned, getOwned } from '../common/tenant';
import { hashApiKey, newApiKey } from './api-keys';
import { OrganizationEntity, type FundingModel } from './organization.entity';
import { PrincipalEntity, type Role } from './principal.entity';
import { ProjectEntity } from './project.entity';

export const DEFAULT_MODEL = 'openai/gpt-4o';

export class OrganizationService {
  constructor(private readonly db: DataSource) {}

  async createOrganization(input: { name: string; fundingModel?: FundingModel; defaultModel?: string }) {
    return this.db.transaction(async (tx) => {
      const organization = await tx.save(
        tx.create(OrganizationEntity, {
          name: input.name,
          fundingModel: input.fundingModel ?? 'BRING_YOUR_OWN',
          defaultModel: input.defaultModel ?? DEFAULT_MODEL,
        }),
      );
      const apiKey = newApiKey();
      await tx.save(
        tx.create(PrincipalEntity, {
          organizationId: organization.id,
          name: 'admin',
          role: 'ADMIN',
          keyHash: hashApiKey(apiKey),
          revokedAt: null,
        }),
      );
      return { organization, apiKey };
    });
  }

  /** The actor behind a bearer key, or null for an unknown or revoked key. */
  async authenticate(apiKey: string): Promise<Actor | null> {
    const principal = await this.db.manager.findOne(PrincipalEntity, { where: { keyHash: hashApiKey(apiKey), revokedAt: IsNull() } });
    if (!principal) return null;
    return { principalId: principal.id, organizationId: principal.organizationId, role: principal.role, name: principal.name };
  }

  async principal(actor: Actor, id: string) {
    return findOwned(this.db.manager, PrincipalEntity, actor, id);
  }

  async organization(actor: Actor) {
    return this.db.manager.findOneOrFail(OrganizationEntity, { where: { id: actor.organizationId } });
  }

  async organizationById(id: string) {
    return this.db.manager.findOneOrFail(OrganizationEntity, { where: { id } });
  }

  async createApiKey(actor: Actor, input: { name: string; role: Role }) {
    const apiKey = newApiKey();
    const principal = await this.db.manager.save(
      this.db.manager.create(PrincipalEntity, {
        organizationId: actor.organizationId,
        name: input.name,
        role: input.role,
        keyHash: hashApiKey(apiKey),
        revokedAt: null,
      }),
    );
    return { principal, apiKey };
  }

  async revokeApiKey(actor: Actor, principalId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
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
