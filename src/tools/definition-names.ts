import type { EntityManager } from 'typeorm';
import type { ChangeActor } from '../common/actor';
import { conflict } from '../common/errors';
import type { ToolSource } from '../loadout/vocabulary';

/** Where a definition's name must be free: its project and its agent, each null for none. */
export interface NameScope {
  projectId: string | null;
  agentId: string | null;
}

/**
 * A name is taken once per source and scope (project or none, agent or
 * none), so an agent's own definition may share its project's name and
 * shadow it; `exceptId` is the definition being renamed or moved.
 */
export async function nameTaken(
  tx: EntityManager,
  actor: ChangeActor,
  scope: NameScope,
  source: ToolSource,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const rows: Array<{ id: string }> = await tx.query(
    `SELECT id FROM tool_definitions WHERE organization_id = $1 AND project_id IS NOT DISTINCT FROM $2::uuid
        AND agent_id IS NOT DISTINCT FROM $3::uuid AND source = $4 AND name = $5`,
    [actor.organizationId, scope.projectId, scope.agentId, source, name],
  );
  return rows.some((r) => r.id !== exceptId);
}

/** nameTaken as a CONFLICT naming `field`. */
export async function checkNameFree(
  tx: EntityManager,
  actor: ChangeActor,
  scope: NameScope,
  source: ToolSource,
  name: string,
  exceptId: string | null,
  field: string,
) {
  if (await nameTaken(tx, actor, scope, source, name, exceptId))
    throw conflict(`A ${source} tool named '${name}' already exists in this scope`, field);
}
