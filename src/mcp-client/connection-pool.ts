import { createHash } from 'node:crypto';
import type { EgressPolicy } from './egress-policy';
import { McpSession, type CallOptions, type McpTarget, type SessionLimits } from './mcp-session';

interface Pooled {
  /** A digest of the target: a server reached somewhere else, or with other headers, gets a new session. */
  key: string;
  session: Promise<McpSession>;
  lastUsed: number;
  /** Kept open while this instance probes the server, to hear notifications/tools/list_changed. */
  kept: boolean;
}

const keyOf = (target: McpTarget) => createHash('sha256').update(JSON.stringify(target)).digest('base64url');

/**
 * Open MCP sessions, one per server, reused by probes and calls alike
 * (docs/mcp-connections.md, "Sessions"). A session that closes or fails is
 * forgotten and the next use opens another; one nobody keeps is closed once
 * idle.
 */
export class McpConnectionPool {
  private readonly pooled = new Map<string, Pooled>();

  constructor(
    private readonly policy: EgressPolicy,
    private readonly limits: SessionLimits,
    /** Told when a server says its tools changed. */
    private readonly onToolsChanged: (serverId: string) => void,
    private readonly idleMs: number,
  ) {}

  /** The open session with the server, opened if there is none for this target. */
  session(serverId: string, target: McpTarget, keep = false): Promise<McpSession> {
    const key = keyOf(target);
    const found = this.pooled.get(serverId);
    if (found && found.key === key) {
      found.lastUsed = Date.now();
      found.kept ||= keep;
      return found.session;
    }
    if (found) this.drop(serverId);
    const opening = McpSession.open(target, this.policy, this.limits, () => this.onToolsChanged(serverId));
    const entry: Pooled = {
      key,
      lastUsed: Date.now(),
      kept: keep,
      session: opening.then(
        (session) => {
          session.onClose = () => {
            if (this.pooled.get(serverId) === entry) this.pooled.delete(serverId);
          };
          return session;
        },
        (error: unknown) => {
          if (this.pooled.get(serverId) === entry) this.pooled.delete(serverId);
          throw error;
        },
      ),
    };
    this.pooled.set(serverId, entry);
    return entry.session;
  }

  /** tools/call through the pool; a session the call finds broken is dropped, so the next call opens another. */
  async callTool(serverId: string, target: McpTarget, name: string, args: Record<string, unknown> | undefined, options: CallOptions = {}) {
    const session = await this.session(serverId, target);
    try {
      return await session.callTool(name, args, options);
    } catch (error) {
      if (!session.isOpen) this.drop(serverId);
      throw error;
    }
  }

  /** Stop keeping the server's session open for notifications; it closes once idle. */
  release(serverId: string): void {
    const found = this.pooled.get(serverId);
    if (found) found.kept = false;
  }

  drop(serverId: string): void {
    const found = this.pooled.get(serverId);
    if (!found) return;
    this.pooled.delete(serverId);
    found.session.then(
      (s) => s.close(),
      () => undefined,
    );
  }

  /** Closes the sessions no one keeps that were last used more than the idle time ago. */
  closeIdle(now = Date.now()): void {
    for (const [serverId, entry] of this.pooled) if (!entry.kept && now - entry.lastUsed > this.idleMs) this.drop(serverId);
  }

  get size(): number {
    return this.pooled.size;
  }

  async closeAll(): Promise<void> {
    const sessions = [...this.pooled.values()].map((p) => p.session);
    this.pooled.clear();
    await Promise.all(
      sessions.map((s) =>
        s.then(
          (x) => x.close(),
          () => undefined,
        ),
      ),
    );
  }
}
