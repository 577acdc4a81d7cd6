import { mcpInventoriesSql } from './turn-mcp-inventory';

/**
 * The statements beginTurn writes a turn with, its roster in the same
 * statement. Both take the same parameters: $1 organisation, $2 user, $3
 * project, $4 time (null: now()), $5 the carried tools' names, $6
 * conversation, $9 the agent's model, $10 its loadout version, and $12 the
 * carried MCP servers when there are any (a toolbox without MCP tools reads
 * no server).
 */

/**
 * The roster's writes as common table expressions over $1 to $5, written
 * only where `when` holds; declared by usage telemetry (docs/semantics.md §6.1).
 */
export type RosterWrites = (when: string) => string;

/** Every column of a turn, named as TurnEntity's properties. */
export const TURN_COLUMNS = `id, organization_id AS "organizationId", conversation_id AS "conversationId", index, snapshot_id AS "snapshotId",
  model, loadout_version AS "loadoutVersion", toolbox_changed AS "toolboxChanged", started_at AS "startedAt",
  completed_at AS "completedAt", input_tokens AS "inputTokens", cached_input_tokens AS "cachedInputTokens",
  cache_write_tokens AS "cacheWriteTokens", cache_write_1h_tokens AS "cacheWrite1hTokens", output_tokens AS "outputTokens",
  provider_cache_miss_reason AS "providerCacheMissReason", funding_model AS "fundingModel", provider_usage_format AS "providerUsageFormat",
  provider_usage AS "providerUsage", server_tool_use AS "serverToolUse", mcp_inventories AS "mcpInventories",
  model_called AS "modelCalled", schema_tokens_called AS "schemaTokensCalled", abandoned_at AS "abandonedAt",
  abandoned_reason AS "abandonedReason", tool_calls AS "toolCalls", price_input_usd_per_mtok AS "priceInputUsdPerMTok",
  price_cached_input_usd_per_mtok AS "priceCachedInputUsdPerMTok", price_cache_write_usd_per_mtok AS "priceCacheWriteUsdPerMTok",
  price_cache_write_1h_usd_per_mtok AS "priceCacheWrite1hUsdPerMTok", price_output_usd_per_mtok AS "priceOutputUsdPerMTok",
  price_credits_per_mtok AS "priceCreditsPerMTok", agent_id AS "agentId", channel_id AS "channelId", page_type AS "pageType",
  page_context_object AS "pageContextObject"`;

const inventories = (withMcp: boolean) => (withMcp ? mcpInventoriesSql(12) : `'[]'::json`);
const COLUMNS =
  'organization_id, conversation_id, index, snapshot_id, model, loadout_version, toolbox_changed, started_at, mcp_inventories, ' +
  'agent_id, channel_id, page_type, page_context_object';
/** The turn's situation, its conversation's (Toolbox.lastTurn reads it): from the conversation row `c`, locked for the turn. */
const SITUATION = 'c.agent_id, c.channel_id, c.page_type, c.page_context_object';

/**
 * The turn and its roster once the conversation is locked and the snapshot
 * stored: $7 the snapshot's id, $8 the turn's index, $11 whether the
 * toolbox changed since the previous turn.
 */
export function insertTurn(roster: RosterWrites, withMcp: boolean): string {
  return `WITH turn AS (
       INSERT INTO turns (${COLUMNS})
       SELECT $1, $6, $8, $7, $9, $10, $11, COALESCE($4::timestamptz, now()), ${inventories(withMcp)}, ${SITUATION}
         FROM conversations c WHERE c.id = $6
       RETURNING ${TURN_COLUMNS}
     ), ${roster('true')}
     SELECT * FROM turn`;
}

/**
 * The whole of beginTurn in one statement, for a conversation whose
 * situation is known and a toolbox resolved from the cached loadout: it
 * writes only while the organisation is still at that loadout ($8 its seq,
 * read under the same share lock a change would wait on) and the toolbox's
 * snapshot is stored ($7 its key); $11 is the toolbox's fingerprint, which
 * the previous turn's is compared with. No row: the caller takes the long way.
 */
export function beginTurnAtOnce(roster: RosterWrites, withMcp: boolean): string {
  return `WITH conversation AS (
       SELECT ${SITUATION}, c.id FROM organizations o JOIN conversations c ON c.organization_id = o.id
        WHERE c.id = $6 AND o.id = $1 AND o.loadout_seq = $8
        FOR SHARE OF o FOR UPDATE OF c
     ), snapshot AS (
       SELECT id FROM toolbox_snapshots WHERE organization_id = $1 AND snapshot_key = $7
     ), previous AS (
       SELECT t.index, s.fingerprint FROM turns t JOIN toolbox_snapshots s ON s.id = t.snapshot_id
        WHERE t.conversation_id = $6 ORDER BY t.index DESC LIMIT 1
     ), turn AS (
       INSERT INTO turns (${COLUMNS})
       SELECT $1, c.id, COALESCE(previous.index, 0) + 1, snapshot.id, $9, $10,
              COALESCE(previous.fingerprint <> $11, false), COALESCE($4::timestamptz, now()), ${inventories(withMcp)},
              ${SITUATION}
         FROM conversation c CROSS JOIN snapshot LEFT JOIN previous ON true
       RETURNING ${TURN_COLUMNS}
     ), ${roster('EXISTS (SELECT 1 FROM turn)')}
     SELECT * FROM turn`;
}
