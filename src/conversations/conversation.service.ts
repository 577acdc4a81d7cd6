import type { DataSource } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { Actor } from '../common/actor';
import { badInput, isUniqueViolation, notFound } from '../common/errors';
import type { Page } from '../common/pagination';
import { childPages, type ChildPageRequest } from '../db/child-pages';
import type { LoadoutCache, ToolRow } from '../loadout/compiled';
import { findOwned, getOwned } from '../common/tenant';
import type { PageSituation } from '../loadout/rules';
import { loadLoadoutRows } from '../loadout/edge';
import type { ResolvedToolbox, ToolboxService } from '../toolbox/toolbox.service';
import { ConversationEntity } from './conversation.entity';
import type { SnapshotService } from './snapshot.service';
import { TurnEntity } from './turn.entity';
import { mcpServersOf } from './turn-mcp-inventory';
import { beginTurnAtOnce, insertTurn, type RosterWrites } from './turn-statements';
import { TURN_LIST } from './turn-pages';
import type { ConversationSource } from '../loadout/vocabulary';

export const USER_ID_MAX = 256;

export interface StartConversation {
  agentId: string;
  channel: string;
  page?: PageSituation | null;
  userId?: string | null;
  parentConversationId?: string | null;
  /** RUNTIME unless the MCP gateway starts it. */
  source?: ConversationSource;
}

/**
 * Which of a turn's tools its client was shown, for the roster: every one
 * for a runtime, the listed ones for an MCP gateway session.
 */
export type Surfaced = (tool: ToolRow) => boolean;
const everyTool: Surfaced = () => true;

/** How many conversations' situations an instance remembers for beginTurn's one-statement path. */
const SITUATIONS_KEPT = 10_000;

/** Conversations and their turns, each turn with the frozen toolbox it recorded (docs/semantics.md §4.1). */
export class ConversationService {
  constructor(
    private readonly db: DataSource,
    private readonly toolbox: ToolboxService,
    private readonly snapshots: SnapshotService,
    private readonly loadouts: LoadoutCache,
    private readonly roster: RosterWrites,
    private readonly atOnce = true,
  ) {}

  /** Each conversation's situation, fixed when it starts, as the last of its turns read it. */
  private readonly situations = new Map<string, Situation>();

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
    const started = await this.db.transaction(async (tx) => {
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
        source: input.source ?? 'RUNTIME',
        ...(at ? { startedAt: at } : {}),
      });
      return tx.save(conversation);
    });
    this.remember(situationOf(started));
    return started;
  }

  /**
   * One statement in the steady state (a conversation whose situation this
   * instance knows, in an organisation whose loadout is cached and whose
   * toolbox's snapshot is stored), the long way otherwise: five with BEGIN
   * and COMMIT. Either way the organisation row is share-locked, so no change
   * commits while the turn is recorded and the toolbox is exactly the one of
   * the loadout_seq read under that lock.
   */
  async beginTurn(actor: Actor, conversationId: string, at?: Date, surfaced: Surfaced = everyTool): Promise<TurnEntity> {
    const quick = this.atOnce && !at ? await this.beginTurnAtOnce(actor, conversationId, surfaced) : null;
    return quick ?? this.beginTurnTheLongWay(actor, conversationId, at, surfaced);
  }

  /** The turn when the one statement could write it; null when the long way must. */
  private async beginTurnAtOnce(actor: Actor, conversationId: string, surfaced: Surfaced): Promise<TurnEntity | null> {
    const known = this.situations.get(conversationId);
    if (!known || known.organizationId !== actor.organizationId) return null;
    const cached = await this.loadouts.current(actor.organizationId);
    const agent = cached?.loadout.agents.get(known.agentId);
    const channel = cached?.loadout.channelsById.get(known.channelId);
    if (!cached || !agent || !channel) return null;
    const resolved = this.toolbox.resolveSituation(cached.loadout, agent, channel, pageOfSituation(known));
    const snapshot = this.snapshots.identity(cached.loadout, agent, resolved);
    const mcpServers = mcpServersOf(resolved.tools.map((t) => t.tool));
    try {
      const [turn]: TurnEntity[] = await this.db.query(beginTurnAtOnce(this.roster, mcpServers.length > 0), [
        ...rosterOf(
          actor.organizationId,
          known,
          resolved.tools.filter((t) => surfaced(t.tool)),
          null,
        ),
        conversationId,
        snapshot.key,
        String(cached.seq),
        agent.row.model,
        cached.loadout.versionOf(agent.id),
        resolved.fingerprint,
        ...(mcpServers.length ? [mcpServers] : []),
      ]);
      return turn ? Object.assign(new TurnEntity(), turn) : null;
    } catch (e) {
      // A turn of the same conversation committed while this one waited for its lock: the long way reads it.
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  private async beginTurnTheLongWay(actor: Actor, conversationId: string, at: Date | undefined, surfaced: Surfaced): Promise<TurnEntity> {
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
      const loadout = await this.loadouts.at((id) => loadLoadoutRows(tx, id), actor.organizationId, Number(conversation.seq), true);
      const agent = loadout.agents.get(conversation.agentId)!;
      const channel = loadout.channelsById.get(conversation.channelId)!;
      // Channel and page were checked when the conversation started.
      const resolved = this.toolbox.resolveSituation(loadout, agent, channel, pageOfSituation(conversation));
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
      const [turn]: TurnEntity[] = await tx.query(insertTurn(this.roster, mcpServers.length > 0), [
        ...rosterOf(
          actor.organizationId,
          conversation,
          resolved.tools.filter((t) => surfaced(t.tool)),
          at ?? null,
        ),
        conversation.id,
        snapshotId,
        (found.index ?? 0) + 1,
        agent.row.model,
        loadout.versionOf(agent.id),
        found.fingerprint !== null && found.fingerprint !== resolved.fingerprint,
        ...(mcpServers.length ? [mcpServers] : []),
      ]);
      this.remember(situationOf({ ...conversation, organizationId: actor.organizationId }));
      return Object.assign(new TurnEntity(), turn);
    });
  }

  private remember(conversation: Situation): void {
    if (this.situations.size >= SITUATIONS_KEPT && !this.situations.has(conversation.id)) {
      this.situations.delete(this.situations.keys().next().value!);
    }
    this.situations.set(conversation.id, conversation);
  }

  // ---------------------------------------------------------------- reads

  conversation(actor: Actor, id: string) {
    return findOwned(this.db.manager, ConversationEntity, actor, id);
  }

  turn(actor: Actor, id: string) {
    return findOwned(this.db.manager, TurnEntity, actor, id);
  }

  /** Pages of turns of many conversations (a list of conversations with their turns): two statements for all of them. */
  turnPages(organizationId: string, requests: ReadonlyArray<ChildPageRequest<number>>): Promise<Array<Page<TurnEntity>>> {
    return childPages(this.db, TURN_LIST, organizationId, requests);
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

/** What a conversation's turns are resolved from, fixed when it starts. */
type Situation = Omit<LockedConversation, 'seq'> & { organizationId: string };

const situationOf = (c: Omit<LockedConversation, 'seq'> & { organizationId: string }): Situation => ({
  id: c.id,
  organizationId: c.organizationId,
  agentId: c.agentId,
  channelId: c.channelId,
  pageType: c.pageType,
  pageContextObject: c.pageContextObject,
  pageRecordId: c.pageRecordId,
  userId: c.userId,
  owningProjectId: c.owningProjectId,
});

/** The page a conversation started on. */
const pageOfSituation = (c: Omit<LockedConversation, 'seq'>) => ({
  type: c.pageType,
  contextObject: c.pageContextObject,
  recordId: c.pageRecordId,
});

/** The roster's parameters, $1 to $5: the conversation's scope, when (null: now()), and the carried tools by their own names. */
function rosterOf(
  organizationId: string,
  conversation: Pick<LockedConversation, 'userId' | 'owningProjectId'>,
  tools: ResolvedToolbox['tools'],
  at: Date | null,
): unknown[] {
  // The roster counts definitions by their own names; calls sent under a short form are mapped back to them.
  const names = [...new Set(tools.map((t) => t.tool.name))];
  return [organizationId, conversation.userId, conversation.owningProjectId, at?.toISOString() ?? null, names];
}
