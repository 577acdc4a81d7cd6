import { badInput } from '../common/errors';
import { USER_ID_MAX } from '../conversations/conversation.service';

/** The project id standing for the no-project scope in the COALESCE unique indexes of the usage tables. */
export const NO_PROJECT = '00000000-0000-0000-0000-000000000000';
export const SCOPE = `organization_id, user_id, (COALESCE(project_id, '${NO_PROJECT}'::uuid))`;

/**
 * The end user a read of usage evidence is for: the one named, or with none
 * the caller (its principal id). An empty or overlong name is BAD_USER_INPUT
 * at `userId`, as recordToolCalls and startConversation refuse it, never an
 * empty report for a user that cannot exist.
 */
export function endUserOf(principalId: string, userId: string | null | undefined): string {
  if (userId === null || userId === undefined) return principalId;
  if (userId.length < 1 || userId.length > USER_ID_MAX)
    throw badInput('userId', `must be 1 to ${USER_ID_MAX} characters; leave it out for the caller`);
  return userId;
}

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
