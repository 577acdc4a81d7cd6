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
