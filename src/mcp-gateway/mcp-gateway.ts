import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import { badInput, LoadoutError } from '../common/errors';
import type { JsonObject } from '../common/json';
import { logger } from '../common/logger';
import type { PageSituation } from '../loadout/facts';
import type { ToolRow } from '../loadout/rows';
import { Topic } from '../invalidation/invalidation-bus';
import type { ToolboxInvalidationEntity } from '../invalidation/toolbox-invalidation.entity';
import { USER_ID_MAX } from '../conversations/conversation.service';
import { GATEWAY_LIMITS, type GatewayLimits } from './gateway-limits';
import { gatewayTools, listEntry, listKey, reachableServers, whyNotListed, type GatewayTool } from './gateway-tools';

const SERVER_INFO = { name: 'loadout', version: '1' };

/** The agent and situation a session's URL names. */
export interface GatewaySituation {
  agentId: string;
  channel: string;
  page: PageSituation;
}

interface Session {
  id: string;
  actor: Actor;
  situation: GatewaySituation;
  userId: string;
  server: Server;
  transport: StreamableHTTPServerTransport;
  conversation: Promise<string> | null;
  /** The turn the last tools/list recorded: calls are counted against it. */
  turnId: string | null;
  /** The last list sent (listKey), and whether list_changed was sent since. */
  listed: string | null;
  notified: boolean;
  lastUsed: number;
  /** Notification streams (GETs) open: a session listening is not idle. */
  streams: number;
}

/** What the gateway reads of the toolbox now: the tools it lists, and what a refusal names. */
interface Current {
  tools: GatewayTool[];
  why: (name: string) => string;
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
  /** Sessions being opened: counted against the caps until their initialize is answered. */
  private readonly opening = new Set<{ organizationId: string; principalId: string }>();
  /** Calls being recorded. */
  private readonly recording = new Set<Promise<void>>();

  constructor(
    private readonly services: AppServices,
    readonly limits: GatewayLimits = GATEWAY_LIMITS,
  ) {
    this.sweeper = setInterval(() => this.closeIdle(), Math.min(60_000, limits.idleMs)).unref();
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
    situation: GatewaySituation,
    userId: string | null,
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
      await this.create(actor, situation, userId, initialize);
    } finally {
      this.opening.delete(opening);
    }
  }

  private async create(
    actor: Actor,
    situation: GatewaySituation,
    userId: string | null,
    initialize: (transport: StreamableHTTPServerTransport) => Promise<void>,
  ): Promise<void> {
    const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: true } } });
    const session: Session = {
      id: '',
      actor,
      situation,
      userId: userId ?? actor.principalId,
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
    server.setRequestHandler(ListToolsRequestSchema, () => this.list(session));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
      this.call(session, request.params.name, request.params.arguments, extra.requestId, extra.signal),
    );
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
    await Promise.all(this.recording);
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

  /** The session's conversation, started on its first list or call. */
  private conversationOf(session: Session): Promise<string> {
    session.conversation ??= this.services.conversations
      .startConversation(session.actor, { ...session.situation, userId: session.userId })
      .then((c) => c.id);
    session.conversation.catch(() => (session.conversation = null));
    return session.conversation;
  }

  /** The toolbox now, as the gateway lists it. */
  private async current(session: Session): Promise<Current> {
    const { actor, situation } = session;
    const loadout = await this.services.toolbox.loadoutOf(actor);
    const resolved = this.services.toolbox.resolveIn(loadout, situation.agentId, situation.channel, situation.page);
    const reachable = reachableServers(loadout.rows.mcpServers);
    return {
      // Compared with the list's, whose tools carry the frozen toolbox's content hashes (the content as sent).
      tools: gatewayTools(
        resolved.tools.map((t) => ({ name: t.name, tool: { ...t.tool, contentHash: t.contentHash } })),
        reachable,
      ),
      why: (name) =>
        whyNotListed(
          name,
          resolved.tools,
          resolved.dropped.map((d) => ({ name: d.name, reason: d.reason, rule: d.rule })),
          reachable,
          resolved.agent.maxTools,
        ),
    };
  }

  /**
   * The list is the turn it records: read from the turn's frozen toolbox,
   * so what the debugger shows for the turn is what the client was sent.
   */
  private async list(session: Session): Promise<{ tools: JsonObject[] }> {
    session.lastUsed = Date.now();
    const { actor } = session;
    const conversationId = await this.conversationOf(session);
    const reachable = reachableServers((await this.services.toolbox.loadoutOf(actor)).rows.mcpServers);
    // The roster counts what the client is listed: a tool the host runs is never offered to it, so never left unused by it.
    const listed = (tool: ToolRow) => tool.mcpServerId !== null && reachable.has(tool.mcpServerId);
    const turn = await this.services.conversations.beginTurn(actor, conversationId, undefined, listed);
    const [[snapshot], loadout] = await Promise.all([
      this.services.snapshots.load([turn.snapshotId]),
      this.services.toolbox.loadoutOf(actor),
    ]);
    const carried = snapshot.tools.flatMap((frozen) => {
      const row = loadout.toolsById.get(frozen.toolDefinitionId)?.row;
      const tool = row && { ...row, description: frozen.description, inputSchema: frozen.inputSchema, contentHash: frozen.contentHash };
      return tool ? [{ name: frozen.name, tool }] : [];
    });
    const tools = gatewayTools(carried, reachable);
    const rows = new Map(carried.map((c) => [c.name, c.tool]));
    const ids = tools.map((t) => rows.get(t.name)!.id);
    // The server's other keys (title, annotations, outputSchema, ...) are read only here: no model is sent them.
    const stored: Array<{ id: string; entry: JsonObject | null }> = ids.length
      ? await this.services.db.dataSource.query(
          `SELECT id, mcp_entry AS entry FROM tool_definitions WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
          [actor.organizationId, ids],
        )
      : [];
    const entries = new Map(stored.map((row) => [row.id, row.entry]));
    session.turnId = turn.id;
    session.listed = listKey(tools);
    session.notified = false;
    return {
      tools: tools.map((t) => {
        const tool = rows.get(t.name)!;
        return listEntry(t.name, tool, entries.get(tool.id) ?? null);
      }),
    };
  }

  private async call(
    session: Session,
    name: string,
    args: Record<string, unknown> | undefined,
    requestId: string | number,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    session.lastUsed = Date.now();
    const [conversationId, now] = await Promise.all([this.conversationOf(session), this.current(session)]);
    const tool = now.tools.find((t) => t.name === name);
    // Recorded after the answer is on its way, off the call's path; stop() waits for the records in flight.
    const record = (isError: boolean) => {
      const recording = this.services.usageRecorder
        .recordToolCalls(session.actor, [
          {
            conversationId,
            turnId: session.turnId,
            userId: session.userId,
            toolName: tool?.definitionName ?? name,
            isError,
            idempotencyKey: `mcp:${session.id}:${String(requestId)}`,
          },
        ])
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error, sessionId: session.id }, 'MCP gateway call not recorded'),
        )
        .finally(() => this.recording.delete(recording));
      this.recording.add(recording);
    };
    if (!tool) {
      record(true);
      throw new McpError(ErrorCode.InvalidParams, now.why(name));
    }
    try {
      const result = await this.services.mcpConnections.callTool(tool.serverId, tool.upstreamName, args, signal);
      record(result.isError === true);
      return result;
    } catch (error) {
      record(true);
      if (error instanceof McpError) throw error;
      throw new McpError(ErrorCode.InternalError, `${name}: its MCP server could not be reached`);
    }
  }

  /** Sends list_changed to the organisation's sessions whose list a committed change altered, once until they list again. */
  private async changed(organizationId: string, event: ToolboxInvalidationEntity): Promise<void> {
    for (const session of this.sessions.values()) {
      if (session.actor.organizationId !== organizationId || session.situation.agentId !== event.agentId) continue;
      if (session.listed === null || session.notified) continue;
      const now = await this.current(session).catch(() => null);
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
