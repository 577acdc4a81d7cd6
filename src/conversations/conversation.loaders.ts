import { In } from 'typeorm';
import { childPageRequest, type ChildPageRequest } from '../db/child-pages';
import type { Database } from '../db/database';
import type { ConversationService } from './conversation.service';
import type { SnapshotService } from './snapshot.service';
import { batched, byId } from '../common/loaders';
import { isUuid } from '../common/uuid';
import { ConversationEntity } from './conversation.entity';
import { lastTurns, type TurnSituation } from './last-turn';
import { TURN_LIST } from './turn-pages';
import { diffToolboxes, type ToolboxDiff } from '../loadout/change';
import { frozenRates, turnCost, type TurnCost } from './turn-cost';
import { TurnEntity } from './turn.entity';

/** What the loaders read through: the database, and the services that page turns and load snapshots. */
interface LoaderServices {
  db: Database;
  conversations: ConversationService;
  snapshots: SnapshotService;
}

export function conversationLoaders(services: LoaderServices, organizationId: string) {
  const db = services.db.dataSource;
  const turnPages = batched((requests: ReadonlyArray<ChildPageRequest<number>>) =>
    services.conversations.turnPages(organizationId, requests),
  );
  return {
    conversation: byId(db, organizationId, ConversationEntity),
    /** A page of a conversation's turns; `first` and `after` are checked before it joins a batch. */
    turnPage: (conversationId: string, first: number | null, after: string | null) =>
      turnPages.load(childPageRequest(TURN_LIST, organizationId, conversationId, first, after)),
    /** A turn's frozen toolbox (see SnapshotService.load). */
    snapshot: batched((ids: readonly string[]) => services.snapshots.load(ids)),
    /** The agent's latest turn in a situation (Toolbox.lastTurn); null where it has none. */
    lastTurn: batched((situations: readonly TurnSituation[]) => lastTurns(db, organizationId, situations)),
    /** The turn before a turn. */
    previousTurn: batched(async (turns: readonly TurnEntity[]) => {
      const rows: Array<{ id: string }> = await db.query(
        `SELECT p.id FROM turns t JOIN turns p ON p.conversation_id = t.conversation_id AND p.index = t.index - 1
          WHERE t.id = ANY($1::uuid[]) AND t.organization_id = $2`,
        [turns.map((t) => t.id), organizationId],
      );
      const previous = rows.length ? await db.manager.find(TurnEntity, { where: { id: In(rows.map((r) => r.id)) } }) : [];
      return turns.map((t) => previous.find((p) => p.conversationId === t.conversationId && p.index === t.index - 1) ?? null);
    }),
    /** A conversation's number of turns and its latest turn start or completion (null: no turn yet). */
    conversationActivity: batched(async (conversationIds: readonly string[]) => {
      const rows: Array<{ conversation_id: string; turns: number; abandoned: number; last_at: Date }> = await db.query(
        `SELECT conversation_id, count(*)::int AS turns, count(abandoned_at)::int AS abandoned,
                max(greatest(started_at, completed_at, abandoned_at)) AS last_at
           FROM turns WHERE conversation_id = ANY($1::uuid[]) AND organization_id = $2 GROUP BY conversation_id`,
        [conversationIds.filter(isUuid), organizationId],
      );
      const byConversation = new Map(
        rows.map((r) => [r.conversation_id, { turns: r.turns, abandoned: r.abandoned, lastAt: new Date(r.last_at) }]),
      );
      return conversationIds.map((id) => byConversation.get(id) ?? { turns: 0, abandoned: 0, lastAt: null });
    }),
  };
}

type ConversationLoaders = ReturnType<typeof conversationLoaders>;

/** A turn's diff against the previous turn of its conversation; null on the first turn. */
export async function diffOfTurn(loaders: ConversationLoaders, turn: TurnEntity): Promise<ToolboxDiff | null> {
  const previous = turn.index > 1 ? await loaders.previousTurn.load(turn) : null;
  if (!previous) return null;
  const [before, after] = await Promise.all([loaders.snapshot.load(previous.snapshotId), loaders.snapshot.load(turn.snapshotId)]);
  return diffToolboxes(before.tools, after.tools);
}

/** docs/semantics.md §4.3 with the price the turn was completed under; null until the turn is completed. */
export async function costOfTurn(loaders: ConversationLoaders, turn: TurnEntity): Promise<TurnCost | null> {
  if (!turn.completedAt || turn.inputTokens === null || turn.outputTokens === null) return null;
  const snapshot = await loaders.snapshot.load(turn.snapshotId);
  return turnCost(
    {
      inputTokens: turn.inputTokens,
      cachedInputTokens: turn.cachedInputTokens ?? 0,
      cacheWriteTokens: turn.cacheWriteTokens ?? 0,
      cacheWrite1hTokens: turn.cacheWrite1hTokens,
      outputTokens: turn.outputTokens,
    },
    frozenRates(turn),
    // Price and funding model are both the turn's own, recorded on completion (the migrations that added them filled in earlier turns).
    { includedCredits: turn.fundingModel === 'INCLUDED_CREDITS', snapshotSchemaTokens: turn.schemaTokensCalled ?? snapshot.schemaTokens },
  );
}
