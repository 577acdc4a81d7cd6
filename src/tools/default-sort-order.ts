import type { EntityManager } from 'typeorm';
import type { ChangeActor } from '../common/actor';

/**
 * A new definition's default sortOrder: one past the largest of every
 * definition it can share a toolbox with (its project's and the
 * organisation-wide ones; an organisation-wide one meets every project's),
 * so it lands after the tools already carried and cached prefixes survive.
 */
export async function defaultSortOrder(tx: EntityManager, actor: ChangeActor, projectId: string | null): Promise<number> {
  const [row]: Array<{ next: number }> = await tx.query(
    `SELECT COALESCE(MAX(sort_order) + 1, 0) AS next FROM tool_definitions
        WHERE organization_id = $1 AND ($2::uuid IS NULL OR project_id IS NULL OR project_id = $2::uuid)`,
    [actor.organizationId, projectId],
  );
  return row.next;
}
