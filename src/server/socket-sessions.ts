import type { Actor } from '../common/actor';
import { logger } from '../common/logger';
import type { OrganizationService } from '../organizations/organization.service';
import type { LoadoutCache } from '../loadout/compiled';

/** graphql-ws's own close code for a connection that may not go on (as for a refused connection_init). */
export const REVOKED_CLOSE_CODE = 4403;
export const REVOKED_CLOSE_REASON = 'API key revoked';

export interface SocketSession {
  actor: Actor;
  close(code: number, reason: string): void;
}

/**
 * The admitted graphql-ws connections, by organisation. Revoking a
 * key is a change of its organisation, and every change reaches every
 * instance through the loadout cache's listeners (the NOTIFY path on a
 * PostgreSQL server); the keys of that organisation's open sockets are then
 * checked again and a revoked key's sockets are closed with 4403. A listener
 * that reconnected (changes may have been missed) checks every socket.
 */
export class SocketSessions {
  private readonly byOrganization = new Map<string, Set<SocketSession>>();
  /** Organisations to check on the next turn (null: all), so a burst of changes costs one check. */
  private readonly pending = new Set<string | null>();
  private scheduled = false;

  constructor(
    private readonly organizations: OrganizationService,
    loadouts: LoadoutCache,
  ) {
    loadouts.onChange((organizationId) => this.checkSoon(organizationId));
  }

  /** A socket admitted with its key: watched until `leave`. */
  enter(session: SocketSession): void {
    const organization = session.actor.organizationId;
    this.byOrganization.set(organization, (this.byOrganization.get(organization) ?? new Set()).add(session));
  }

  leave(session: SocketSession): void {
    const sessions = this.byOrganization.get(session.actor.organizationId);
    sessions?.delete(session);
    if (sessions?.size === 0) this.byOrganization.delete(session.actor.organizationId);
  }

  private checkSoon(organizationId: string | null): void {
    if (organizationId !== null && !this.byOrganization.has(organizationId)) return;
    this.pending.add(organizationId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.check());
  }

  private async check(): Promise<void> {
    this.scheduled = false;
    const all = this.pending.has(null);
    const organizations = all ? [...this.byOrganization.keys()] : [...this.pending].filter((o): o is string => o !== null);
    this.pending.clear();
    const verdicts = new Map<string, Promise<boolean>>();
    const checks: Array<Promise<void>> = [];
    for (const org of organizations) {
      for (const session of this.byOrganization.get(org) ?? []) {
        const id = session.actor.principalId;
        let active = verdicts.get(id);
        if (!active) verdicts.set(id, (active = this.organizations.keyActive(id)));
        checks.push(
          active.then(
            (ok) => {
              if (!ok) session.close(REVOKED_CLOSE_CODE, REVOKED_CLOSE_REASON);
            },
            // The database is away: the socket stays, and its next operation checks again before it runs.
            (error: unknown) => logger.warn({ err: error }, 'could not check the keys of open sockets'),
          ),
        );
      }
    }
    await Promise.all(checks);
  }
}
