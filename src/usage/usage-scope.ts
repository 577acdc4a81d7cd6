/** The project id standing for the no-project scope in the COALESCE unique indexes of the usage tables. */
export const NO_PROJECT = '00000000-0000-0000-0000-000000000000';
export const SCOPE = `organization_id, user_id, (COALESCE(project_id, '${NO_PROJECT}'::uuid))`;

/** Where usage is counted: a user in a project, or in the no-project scope. */
export interface UsageScope {
  organizationId: string;
  userId: string;
  /** The owning project; null: the no-project scope. */
  projectId: string | null;
}

/** One tool of a scope's roster: its counted calls and errors, and when it was first surfaced, first and last called. */
export interface RosterRow {
  toolName: string;
  calls: number;
  errors: number;
  firstSurfacedAt: Date | null;
  firstCalledAt: Date | null;
  lastCalledAt: Date | null;
}
