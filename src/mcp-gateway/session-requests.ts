import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, McpError, type CallToolRequest, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import type { JsonObject } from '../common/json';
import { logger } from '../common/logger';
import type { PageSituation } from '../loadout/rules';
import type { CallOptions } from '../mcp-client/mcp-session';
import type { ToolRow } from '../loadout/compiled';
import {
  gatewayTools,
  listEntry,
  listKey,
  namedFor,
  reachableServers,
  toolboxNameOf,
  whyNotListed,
  type GatewayNaming,
  type GatewayTool,
} from './gateway-tools';

/** The agent and situation a session's URL names. */
export interface GatewaySituation {
  agentId: string;
  channel: string;
  page: PageSituation;
}

/** One MCP client's session: its caller and situation, its SDK server and transport, and what it was last listed. */
export interface Session {
  id: string;
  actor: Actor;
  situation: GatewaySituation;
  userId: string;
  naming: GatewayNaming;
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
export interface Current {
  tools: GatewayTool[];
  why: (name: string) => string;
  /** The name a call to a tool not listed is counted under: the toolbox's, where the name called stands for one. */
  countedAs: (name: string) => string;
}

/**
 * What a session's requests do (docs/mcp-gateway.md): tools/list records
 * the toolbox as a turn and answers it; tools/call goes to the upstream
 * server and is recorded as a call of that turn once answered.
 */
export class SessionRequests {
  /** Calls being recorded. */
  private readonly recording = new Set<Promise<void>>();

  constructor(private readonly services: AppServices) {}

  /** Resolves once every call record under way is written (or has failed). */
  async settled(): Promise<void> {
    await Promise.all(this.recording);
  }

  /** The session's conversation, started on its first list or call. */
  private conversationOf(session: Session): Promise<string> {
    session.conversation ??= this.services.conversations
      .startConversation(session.actor, { ...session.situation, userId: session.userId, source: 'MCP_GATEWAY' })
      .then((c) => c.id);
    session.conversation.catch(() => (session.conversation = null));
    return session.conversation;
  }

  /** The toolbox now, as the gateway lists it. */
  async current(session: Session): Promise<Current> {
    const { actor, situation } = session;
    const loadout = await this.services.toolbox.loadoutOf(actor);
    const resolved = this.services.toolbox.resolveIn(loadout, situation.agentId, situation.channel, situation.page);
    const reachable = reachableServers(loadout.rows.mcpServers);
    // Read only for a call to a tool not listed: the left-out tools are assembled on first read.
    const leftOut = () => resolved.dropped.map((d) => ({ name: d.name, upstreamName: d.tool.mcpToolName, reason: d.reason, rule: d.rule }));
    return {
      // Compared with the list's, whose tools carry the frozen toolbox's content hashes (the content as sent).
      tools: namedFor(
        gatewayTools(
          resolved.tools.map((t) => ({ name: t.name, tool: { ...t.tool, contentHash: t.contentHash } })),
          reachable,
        ),
        session.naming,
      ),
      why: (name) => whyNotListed(name, resolved.tools, leftOut(), reachable, resolved.agent.maxTools, session.naming),
      countedAs: (name) => (session.naming === 'server' ? toolboxNameOf(name, resolved.tools, leftOut()) : name),
    };
  }

  /**
   * The list is the turn it records: read from the turn's frozen toolbox,
   * so what the debugger shows for the turn is what the client was sent.
   */
  async list(session: Session): Promise<{ tools: JsonObject[] }> {
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
    const tools = namedFor(gatewayTools(carried, reachable), session.naming);
    const rows = new Map(carried.map((c) => [c.name, c.tool]));
    const ids = tools.map((t) => rows.get(t.toolboxName)!.id);
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
        const tool = rows.get(t.toolboxName)!;
        return listEntry(t.name, tool, entries.get(tool.id) ?? null);
      }),
    };
  }

  async call(
    session: Session,
    { params: { name, arguments: args, _meta } }: CallToolRequest,
    { requestId, signal, sendNotification }: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ): Promise<Record<string, unknown>> {
    session.lastUsed = Date.now();
    // The upstream server's progress for this call goes to the client under the client's own token.
    const progressToken = _meta?.progressToken;
    const onprogress: CallOptions['onprogress'] =
      progressToken === undefined
        ? undefined
        : (progress) =>
            void sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } }).catch(() => undefined);
    const [conversationId, now] = await Promise.all([this.conversationOf(session), this.current(session)]);
    const tool = now.tools.find((t) => t.name === name);
    // Recorded after the answer is on its way, off the call's path; stop() waits for the records in flight.
    const record = (isError: boolean, durationMs: number | null) => {
      const recording = this.services.usageRecorder
        .recordToolCalls(session.actor, [
          {
            conversationId,
            turnId: session.turnId,
            userId: session.userId,
            toolName: tool?.definitionName ?? now.countedAs(name),
            isError,
            idempotencyKey: `mcp:${session.id}:${String(requestId)}`,
            durationMs,
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
      record(true, null);
      throw new McpError(ErrorCode.InvalidParams, now.why(name));
    }
    // The upstream call's own time, from when it is sent to when its answer (or failure) is back.
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const result = await this.services.mcpConnections.callTool(tool.serverId, tool.upstreamName, args, { signal, onprogress });
      record(result.isError === true, took());
      return result;
    } catch (error) {
      record(true, took());
      if (error instanceof McpError) throw error;
      throw new McpError(ErrorCode.InternalError, `${name}: its MCP server could not be reached`);
    }
  }
}
