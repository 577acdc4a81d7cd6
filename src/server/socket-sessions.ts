import type { Actor } from '../common/actor';
import { logger } from '../common/logger';
import type { OrganizationService } from '../organizations/organization.service';
import type { LoadoutCache } from '../loadout/cache';

const addTo = (map: Map<string, Set<SocketSession>>, key: string, session: SocketSession): void => {
  map.set(key, (map.get(key) ?? new Set()).add(session));
};

const removeFrom = (map: Map<string, Set<SocketSession>>, key: string, session: SocketSession): void => {
  const sessions = map.get(key);
  sessions?.delete(session);
  if (sessions?.size === 0) map.delete(key);
};

/** graphql-ws's own close code for a connection that may not go on (as for a refused connection_init). */
export const REVOKED_CLOSE_CODE = 4403;
export const REVOKED_CLOSE_REASON = 'API key revoked';

export interface SocketSession {
  actor: Actor;
  close(code: number, reason: string): void;
}

/**
 * One socket's place among its key's open sockets on this instance, made
 * when the socket opens. `take` fills it once the key is known, unless the
 * key has all its places or the socket is already gone; `release`, which the
 * socket's close calls whatever happened before, gives it back, once. A
 * place released before it was taken (the socket closed during the key
 * lookup) can no longer be taken.
 */
export interface SocketSlot {
  take(session: SocketSession): 'taken' | 'full' | 'closed';
  release(): void;
}

/**
 * The open graphql-ws connections, by organisation and by key. Revoking a
 * key is a change of its organisation, and every change reaches every
 * instance through the loadout cache's listeners (the NOTIFY path on a
 * PostgreSQL server); the keys of that organisation's open sockets are then
 * checked again and a revoked key's sockets are closed with 4403. A listener
 * that reconnected (changes may have been missed) checks every socket.
 */
export class SocketSessions {
  private readonly byOrganization = new Map<string, Set<SocketSession>>();
  /** The sockets holding a place of each key, for the per-key cap. */
  private readonly byPrincipal = new Map<string, Set<SocketSession>>();
  /** Organisations to check on the next turn (null: all), so a burst of changes costs one check. */
  private readonly pending = new Set<string | null>();
  private scheduled = false;

  constructor(
    private readonly organizations: OrganizationService,
    loadouts: LoadoutCache,
    /** Places per key. */
    private readonly maxPerKey: number,
  ) {
    loadouts.onChange((organizationId) => this.checkSoon(organizationId));
  }

  /** A place for a socket just opened: see SocketSlot. */
  slot(): SocketSlot {
    let held: SocketSession | null = null;
    let released = false;
    return {
      take: (session) => {
        if (released) return 'closed';
        if (held) throw new Error('a socket takes one place');
        if (this.openFor(session.actor.principalId) >= this.maxPerKey) return 'full';
        held = session;
        this.enter(session);
        return 'taken';
      },
      release: () => {
        if (released) return;
        released = true;
        if (held) this.leave(held);
        held = null;
      },
    };
  }

  /** How many sockets the principal's key has open here. */
  openFor(principalId: string): number {
    return this.byPrincipal.get(principalId)?.size ?? 0;
  }

  private enter(session: SocketSession): void {
    addTo(this.byOrganization, session.actor.organizationId, session);
    addTo(this.byPrincipal, session.actor.principalId, session);
  }

  private leave(session: SocketSession): void {
    removeFrom(this.byOrganization, session.actor.organizationId, session);
    removeFrom(this.byPrincipal, session.actor.principalId, session);
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
