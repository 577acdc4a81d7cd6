import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import type { Actor } from './actor';
import { notFound } from './errors';
import { isUuid } from './uuid';

/**
 * Tenancy in one place: every lookup by id goes through here, so another
 * organisation's id behaves exactly like an id that does not exist.
 */
export async function findOwned<T extends ObjectLiteral & { organizationId: string }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  actor: Pick<Actor, 'organizationId'>,
  id: string | null | undefined,
  lock = false,
): Promise<T | null> {
  if (!isUuid(id)) return null;
  const where = { id, organizationId: actor.organizationId } as unknown as FindOptionsWhere<T>;
  return manager.findOne(entity, { where, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
}

/** As findOwned, for mutations: NOT_FOUND naming the argument that held the id. */
export async function getOwned<T extends ObjectLiteral & { organizationId: string }>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  actor: Pick<Actor, 'organizationId'>,
  id: string | null | undefined,
  field: string,
  what: string,
  lock = false,
): Promise<T> {
  const found = await findOwned(manager, entity, actor, id, lock);
  if (!found) throw notFound(what, field);
  return found;
}
