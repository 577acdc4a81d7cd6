export type Role = 'ADMIN' | 'EDITOR' | 'RUNTIME' | 'VIEWER';

/** The authenticated principal a request acts for: every service method takes it first. */
export interface Actor {
  principalId: string;
  organizationId: string;
  role: Role;
  name: string;
}

const RANK: Record<Role, number> = { VIEWER: 1, RUNTIME: 2, EDITOR: 3, ADMIN: 4 };

export function roleAtLeast(role: Role, needed: Role): boolean {
  return RANK[role] >= RANK[needed];
}

/**
 * Who commits a change: a principal, or Loadout itself (principalId null:
 * a probe storing what an MCP server listed), for one organisation.
 */
export type ChangeActor = Pick<Actor, 'organizationId'> & { principalId: string | null };

/** Loadout itself acting for an organisation; its changes name no principal. */
export const loadoutItself = (organizationId: string): ChangeActor => ({ organizationId, principalId: null });
