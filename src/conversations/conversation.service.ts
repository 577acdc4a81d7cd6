import type { DataSource, EntityManager } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import { badInput, notFound } from '../common/errors';
import { MCP_INVENTORIES_SQL, mcpServersOf } from './turn-mcp-inventory';
import { cursorCodec, pageOf, pageSize, type Page } from '../common/pagination';
import type { LoadoutCache } from '../loadout/cache';
import { findOwned, getOwned } from '../common/tenant';
import type { PageSituation } from '../loadout/facts';
import type { ToolboxService } from '../toolbox/toolbox.service';
import { ConversationEntity } from './conversation.entity';
import type { SnapshotService } from './snapshot.service';
import { TurnEntity } from './turn.entity';

export const USER_ID_MAX = 256;

export interface StartConversation {
  agentId: string;
  channel: string;
  page?: PageSituation | null;
  userId?: string | null;
  parentConversationId?: string | null;
}

/** What a turn surfaced, for usage telemetry's roster (docs/semantics.md §6.1). */
export interface SurfacedTools {
  organizationId: string;
  userId: string;
  /** The conversation's owning project; null: the no-project scope. */
  projectId: string | null;
  toolNames: readonly string[];
  at: Date;
}

/** Runs inside beginTurn's transaction, so a turn and its roster rows commit together. */
export type SurfacedToolsRecorder = (tx: EntityManager, surfaced: SurfacedTools) => Promise<void>;

/** Carries the turn's index, which is unique within a conversation. */
const turnCursors = cursorCodec('turn', (index) => (/^\d{1,9}$/.test(index) ? Number(index) : null));

/** A page of one conversation's turns: `size` of them after the turn of index `afterIndex` (0: from the first). */
export interface TurnPageRequest {
  conversationId: string;
  size: number;
  afterIndex: number;
}

/** The page `first` and `after` ask for; BAD_USER_INPUT naming either. */
export function turnPageRequest(
  organizationId: string,
  conversationId: string,
  first?: number | null,
  after?: string | null,
): TurnPageRequest {
  const afterIndex = after === null || after === undefined ? 0 : turnCursors.decode(after, `${organizationId}/${conversationId}`);
  return { conversationId, size: pageSize(first), afterIndex };
}

/** Conversations and their turns, each turn with the frozen toolbox it recorded (docs/semantics.md §4.1). */
export class ConversationService {
  constructor(
    private readonly db: DataSource,
    private readonly toolbox: ToolboxService,
    private readonly snapshots: SnapshotService,
    private readonly loadouts: LoadoutCache,
    private readonly recordSurfacedTools: SurfacedToolsRecorder,
  ) {}

  // ---------------------------------------------------------------- writes

  /*
   * `at` (startConversation, beginTurn, and TurnCompletionService's
   * completeTurn): when it happened, now when absent. Only the demo passes
   * one, to seed a history of past weeks through the same writes a runtime
   * makes.
   */

  async startConversation(actor: Actor, input: StartConversation, at?: Date): Promise<ConversationEntity> {
    const userId = input.userId ?? actor.principalId;
    if (userId.length < 1 || userId.length > USER_ID_MAX) throw badInput('input.userId', `must be 1 to ${USER_ID_MAX} characters`);
    // Outside the transaction: a cold cache loads through a connection of its own.
    const loadout = await this.toolbox.loadoutOf(actor);
    return this.db.transaction(async (tx) => {
      const agent = await getOwned(tx, AgentEntity, actor, input.agentId, 'input.agentId', 'Agent');
      const parent = input.parentConversationId
        ? await getOwned(tx, ConversationEntity, actor, input.parentConversationId, 'input.parentConversationId', 'Conversation')
        : null;
      // The same channel and page checks the toolbox applies, so a conversation that starts can always begin turns.
      const channel = this.toolbox.channelIn(loadout, input.channel, 'input.channel');
      const page = this.toolbox.pageIn(loadout, input.page, 'input.page');
      const conversation = tx.create(ConversationEntity, {
        organizationId: actor.organizationId,
        agentId: agent.id,
        channelId: channel.id,
        pageType: page.type,
        pageContextObject: page.contextObject,
        pageRecordId: page.recordId,
        userId,
        // A child's credit goes to its root: the parent already carries the root's project.
        owningProjectId: parent ? parent.owningProjectId : agent.projectId,
        parentId: parent?.id ?? null,
        ...(at ? { startedAt: at } : {}),
      });
      return tx.save(conversation);
    });
  }

  /**
   * Six statements whatever the toolbox: lock, snapshot and previous turn,
   * the turn, the roster, with BEGIN and COMMIT. The organisation row is
   * share-locked, so no change commits while the turn is recorded and the
   * toolbox is exactly the one of the loadout_seq read here.
   */
  async beginTurn(actor: Actor, conversationId: string, at?: Date): Promise<TurnEntity> {
    return this.db.transaction(async (tx) => {
      // The conversation's row lock serialises its turns, so indexes never repeat.
      const [conversation]: Array<LockedConversation> = await tx.query(
        `SELECT c.id, c.agent_id AS "agentId", c.channel_id AS "channelId", c.page_type AS "pageType",
                c.page_context_object AS "pageContextObject", c.page_record_id AS "pageRecordId", c.user_id AS "userId",
                c.owning_project_id AS "owningProjectId", o.loadout_seq::text AS seq
           FROM organizations o JOIN conversations c ON c.organization_id = o.id
          WHERE c.id = $1 AND o.id = $2
          FOR SHARE OF o FOR UPDATE OF c`,
        [conversationId, actor.organizationId],
      );
      if (!conversation) throw notFound('Conversation', 'conversationId');
      const loadout = await this.loadouts.at(tx, actor.organizationId, Number(conversation.seq), true);
      const agent = loadout.agents.get(conversation.agentId)!;
      const channel = loadout.channelsById.get(conversation.channelId)!;
      // Channel and page were checked when the conversation started.
      const resolved = this.toolbox.resolveSituation(loadout, agent, channel, {
        type: conversation.pageType,
        contextObject: conversation.pageContextObject,
        recordId: conversation.pageRecordId,
      });
      const snapshot = this.snapshots.identity(loadout, agent, resolved);
      const [found]: Array<{ snapshotId: string | null; index: number | null; fingerprint: string | null }> = await tx.query(
        `SELECT (SELECT id FROM toolbox_snapshots WHERE organization_id = $1 AND snapshot_key = $2) AS "snapshotId",
                prev.index, prev.fingerprint
           FROM (SELECT 1) one
           LEFT JOIN LATERAL (SELECT t.index, s.fingerprint FROM turns t JOIN toolbox_snapshots s ON s.id = t.snapshot_id
                               WHERE t.conversation_id = $3 ORDER BY t.index DESC LIMIT 1) prev ON true`,
        [actor.organizationId, snapshot.key, conversation.id],
      );
      const snapshotId = found.snapshotId ?? (await this.snapshots.store(tx, agent.row, resolved, snapshot));
      const mcpServers = mcpServersOf(resolved.tools.map((t) => t.tool));
      const [turn]: TurnEntity[] = await tx.query(
        `INSERT INTO turns (organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed, started_at,
                            mcp_inventories)
         VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8::timestamptz, now()), ${mcpServers.length ? MCP_INVENTORIES_SQL : `'[]'::json`})
         RETURNING ${TURN_COLUMNS}`,
        [
          actor.organizationId,
          conversation.id,
          (found.index ?? 0) + 1,
          snapshotId,
          agent.row.model,
          loadout.versionOf(agent.id),
          found.fingerprint !== null && found.fingerprint !== resolved.fingerprint,
          at?.toISOString() ?? null,
          // A toolbox without MCP tools reads no server: the statement stays the one it was.
          ...(mcpServers.length ? [mcpServers] : []),
        ],
      );
      await this.recordSurfacedTools(tx, {
        organizationId: actor.organizationId,
        userId: conversation.userId,
        projectId: conversation.owningProjectId,
        // The roster counts definitions by their own names; calls sent under a short form are mapped back to them.
        toolNames: resolved.tools.map((t) => t.tool.name),
        at: turn.startedAt,
      });
      return Object.assign(new TurnEntity(), turn);
    });
  }

  // ---------------------------------------------------------------- reads

  conversation(actor: Actor, id: string) {
    return findOwned(this.db.manager, ConversationEntity, actor, id);
  }

  turn(actor: Actor, id: string) {
    return findOwned(this.db.manager, TurnEntity, actor, id);
  }

  /** Pages of turns of many conversations (a list of conversations with their turns): two statements for all of them. */
  async turnPages(organizationId: string, requests: readonly TurnPageRequest[]): Promise<Array<Page<TurnEntity>>> {
    const conversationIds = [...new Set(requests.map((r) => r.conversationId))];
    const [rows, counts]: [TurnEntity[], Array<{ conversation_id: string; n: number }>] = await Promise.all([
      // Each request's next turns through the (conversation, index) index: one more than its page, to tell whether more follow.
      this.db.manager
        .createQueryBuilder(TurnEntity, 't')
        .where(
          `t.id IN (SELECT u.id FROM unnest(CAST(:conversations AS uuid[]), CAST(:afters AS int[]), CAST(:takes AS int[])) AS r(conversation_id, after_index, take)
             CROSS JOIN LATERAL (SELECT id FROM turns WHERE conversation_id = r.conversation_id AND organization_id = :org AND index > r.after_index
                                  ORDER BY index LIMIT r.take) u)`,
          {
            conversations: requests.map((r) => r.conversationId),
            afters: requests.map((r) => r.afterIndex),
            takes: requests.map((r) => r.size + 1),
            org: organizationId,
          },
        )
        .orderBy('t.index', 'ASC')
        .getMany(),
      this.db.query(
        `SELECT conversation_id, count(*)::int AS n FROM turns WHERE organization_id = $1 AND conversation_id = ANY($2::uuid[]) GROUP BY conversation_id`,
        [organizationId, conversationIds],
      ),
    ]);
    const totals = new Map(counts.map((c) => [c.conversation_id, c.n]));
    return requests.map((r) =>
      pageOf(
        rows.filter((t) => t.conversationId === r.conversationId && t.index > r.afterIndex),
        r.size,
        (t) => turnCursors.encode(t.index, `${organizationId}/${r.conversationId}`),
        totals.get(r.conversationId) ?? 0,
      ),
    );
  }
}

interface LockedConversation {
  id: string;
  agentId: string;
  channelId: string;
  pageType: PageSituation['type'];
  pageContextObject: string | null;
  pageRecordId: string | null;
  userId: string;
  owningProjectId: string | null;
  seq: string;
}

const TURN_COLUMNS = `id, organization_id AS "organizationId", conversation_id AS "conversationId", index, snapshot_id AS "snapshotId",
  model, loadout_version AS "loadoutVersion", toolbox_changed AS "toolboxChanged", started_at AS "startedAt",
  completed_at AS "completedAt", input_tokens AS "inputTokens", cached_input_tokens AS "cachedInputTokens",
  cache_write_tokens AS "cacheWriteTokens", cache_write_1h_tokens AS "cacheWrite1hTokens", output_tokens AS "outputTokens",
  provider_cache_miss_reason AS "providerCacheMissReason", funding_model AS "fundingModel", provider_usage_format AS "providerUsageFormat",
  provider_usage AS "providerUsage", server_tool_use AS "serverToolUse", mcp_inventories AS "mcpInventories",
  model_called AS "modelCalled", schema_tokens_called AS "schemaTokensCalled", abandoned_at AS "abandonedAt",
  abandoned_reason AS "abandonedReason", tool_calls AS "toolCalls"`;
