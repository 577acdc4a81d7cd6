import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import { badInput, LoadoutError } from '../common/errors';
import { logger } from '../common/logger';
import { Topic } from '../invalidation/invalidation-bus';
import type { ToolboxInvalidationEntity } from '../invalidation/toolbox-invalidation.entity';
import { USER_ID_MAX } from '../conversations/conversation.service';
import { GATEWAY_LIMITS, type GatewayLimits } from './gateway-limits';
import { listKey, type GatewayNaming } from './gateway-tools';
import { SessionRequests, type GatewaySituation, type Session } from './session-requests';

const SERVER_INFO = { name: 'loadout', version: '1' };

/** What an initialize request asks for: its situation, its end user (null: the key's principal) and how tools are named. */
export interface SessionRequest {
  situation: GatewaySituation;
  userId: string | null;
  naming: GatewayNaming;
}

/**
 * Loadout as an MCP server (docs/mcp-gateway.md): one session per client,
 * each a conversation of its agent and situation. tools/list is the
 * toolbox's MCP tools Loadout reaches, recorded as a turn; tools/call goes
 * to the upstream server through the connection pool and is recorded as a
 * call; a committed change that alters a session's list sends it one
 * `notifications/tools/list_changed`.
 */
export class McpGateway {
  private readonly sessions = new Map<string, Session>();
  /** Each organisation with open sessions listens to its invalidations once. */
  private readonly listening = new Map<string, { stop: () => void }>();
  private readonly sweeper: NodeJS.Timeout;
  private draining = false;
  private readonly requests: SessionRequests;
  /** Sessions being opened: counted against the caps until their initialize is answered. */
  private readonly opening = new Set<{ organizationId: string; principalId: string }>();

  constructor(
    private readonly services: AppServices,
    readonly limits: GatewayLimits = GATEWAY_LIMITS,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(60_000, limits.idleMs)).unref();
    this.requests = new SessionRequests(services);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Shutting down: sessions' calls are answered, no new session or notification stream is opened. */
  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * The session of this id, when it is the caller's and of this URL's agent;
   * touched. `stream`: the response of a GET, counted while it is open.
   */
  session(id: string, actor: Actor, agentId: string, stream?: ServerResponse): StreamableHTTPServerTransport | null {
    const session = this.sessions.get(id);
    if (!session || session.actor.organizationId !== actor.organizationId || session.actor.principalId !== actor.principalId) return null;
    if (session.situation.agentId !== agentId) return null;
    session.actor = actor;
    session.lastUsed = Date.now();
    if (stream) {
      session.streams++;
      stream.once('close', () => {
        session.streams--;
        session.lastUsed = Date.now();
      });
    }
    return session.transport;
  }

  /**
   * A new session, for the initialize request `initialize` hands its
   * transport: the situation is checked as the toolbox query checks it, and
   * the caps as every door's, counting the sessions being opened too.
   */
  async open(
    actor: Actor,
    { situation, userId, naming }: SessionRequest,
    initialize: (transport: StreamableHTTPServerTransport) => Promise<void>,
  ): Promise<void> {
    if (userId !== null && (userId.length < 1 || userId.length > USER_ID_MAX))
      throw badInput('userId', `must be 1 to ${USER_ID_MAX} characters`);
    const loadout = await this.services.toolbox.loadoutOf(actor);
    this.services.toolbox.resolveIn(loadout, situation.agentId, situation.channel, situation.page);
    this.admit(actor);
    const opening = { organizationId: actor.organizationId, principalId: actor.principalId };
    this.opening.add(opening);
    try {
      await this.create(actor, { situation, userId, naming }, initialize);
    } finally {
      this.opening.delete(opening);
    }
  }

  private async create(
    actor: Actor,
    { situation, userId, naming }: SessionRequest,
    initialize: (transport: StreamableHTTPServerTransport) => Promise<void>,
  ): Promise<void> {
    const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true } } });
    const session: Session = {
      id: '',
      actor,
      situation,
      userId: userId ?? actor.principalId,
      naming,
      server,
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          session.id = id;
          this.sessions.set(id, session);
          this.services.stats.mcpGatewaySessions = this.sessions.size;
          this.listen(actor.organizationId);
        },
        onsessionclosed: (id) => void this.close(id),
      }),
      conversation: null,
      turnId: null,
      listed: null,
      notified: false,
      lastUsed: Date.now(),
      streams: 0,
    };
    server.setRequestHandler(ListToolsRequestSchema, () => this.requests.list(session));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.requests.call(session, request, extra));
    await server.connect(session.transport);
    await initialize(session.transport);
  }

  /**
   * On SIGTERM: no new session, and each session's open stream for
   * notifications is ended so the drain waits only for the calls in flight,
   * which are answered.
   */
  drain(): void {
    this.draining = true;
    for (const session of this.sessions.values()) session.transport.closeStandaloneSSEStream();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
    await this.requests.settled();
  }

  private admit(actor: Actor): void {
    if (this.draining) throw new LoadoutError('SERVICE_UNAVAILABLE', 'This instance is shutting down; connect again');
    const held = [...[...this.sessions.values()].map((s) => s.actor), ...this.opening];
    const ofOrganization = held.filter((s) => s.organizationId === actor.organizationId);
    const ofKey = ofOrganization.filter((s) => s.principalId === actor.principalId);
    const refuse = (message: string) => new LoadoutError('SERVICE_UNAVAILABLE', message);
    if (ofKey.length >= this.limits.sessionsPerKey) throw refuse(`At most ${this.limits.sessionsPerKey} open MCP sessions per API key`);
    if (ofOrganization.length >= this.limits.sessionsPerOrganization)
      throw refuse(`At most ${this.limits.sessionsPerOrganization} open MCP sessions per organisation`);
    if (held.length >= this.limits.sessionsPerInstance)
      throw refuse(`At most ${this.limits.sessionsPerInstance} open MCP sessions on this instance`);
  }

  private async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.services.stats.mcpGatewaySessions = this.sessions.size;
    const org = session.actor.organizationId;
    if (![...this.sessions.values()].some((s) => s.actor.organizationId === org)) {
      this.listening.get(org)?.stop();
      this.listening.delete(org);
    }
    await session.server.close().catch(() => undefined);
  }

  private closeIdle(now = Date.now()): void {
    for (const [id, session] of this.sessions)
      if (session.streams === 0 && now - session.lastUsed > this.limits.idleMs) void this.close(id);
  }

  /** Sends list_changed to the organisation's sessions whose list a committed change altered, once until they list again. */
  private async changed(organizationId: string, event: ToolboxInvalidationEntity): Promise<void> {
    for (const session of this.sessions.values()) {
      if (session.actor.organizationId !== organizationId || session.situation.agentId !== event.agentId) continue;
      if (session.listed === null || session.notified) continue;
      const now = await this.requests.current(session).catch(() => null);
      if (!now || listKey(now.tools) === session.listed) continue;
      session.notified = true;
      await session.server.sendToolListChanged().catch(() => undefined);
    }
  }

  private listen(organizationId: string): void {
    if (this.listening.has(organizationId)) return;
    const events = this.services.pubSub.subscribe(Topic.TOOLBOX_INVALIDATED, organizationId);
    this.listening.set(organizationId, { stop: () => void events.return?.() });
    void (async () => {
      for await (const event of events) await this.changed(organizationId, event);
    })().catch((error: unknown) => logger.warn({ err: error, organizationId }, 'MCP gateway stopped listening'));
  }
}
