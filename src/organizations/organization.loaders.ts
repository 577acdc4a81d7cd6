import type { Database } from '../db/database';
import { batched, byId } from '../common/loaders';
import { OrganizationEntity } from './organization.entity';
import { PrincipalEntity } from './principal.entity';
import { ProjectEntity } from './project.entity';

export function organizationLoaders(services: { db: Database }, organizationId: string) {
  const db = services.db.dataSource;
  const organization = batched(async (ids: readonly string[]) => {
    const row = await db.manager.findOneByOrFail(OrganizationEntity, { id: organizationId });
    return ids.map(() => row);
  });
  return {
    /** The request's organisation: the only one whose principals, tools and settings it can see. */
    organization: () => organization.load(organizationId),
    project: byId(db, organizationId, ProjectEntity),
    principal: byId(db, organizationId, PrincipalEntity),
  };
}
