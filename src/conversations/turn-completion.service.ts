import type { DataSource, EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, conflict, notFound } from '../common/errors';
import type { JsonObject } from '../common/json';
import { isUuid } from '../common/uuid';
import { estimateToolTokens } from '../loadout/tokens';
import { formatProblem, modelCalledId, priceCandidates } from './model-called';
import { normaliseProviderUsage, type ProviderUsageFormat, type ReadUsage } from './provider-usage';
import type { SnapshotService } from './snapshot.service';
import { freezePrice, usageProblem, type PriceRates } from './turn-cost';
import { TURN_COLUMNS } from './turn-statements';
import { TurnEntity } from './turn.entity';

export const CACHE_MISS_REASON_MAX = 200;
export const ABANDONED_REASON_MAX = 200;

export interface UsageInput {
  inputTokens: number;
  cachedInputTokens?: number | null;
  cacheWriteTokens?: number | null;
  cacheWrite1hTokens?: number | null;
  outputTokens: number;
  providerCacheMissReason?: string | null;
}

/** A provider's usage object as its API returned it, and which API that is. */
export interface ProviderUsageInput {
  format: ProviderUsageFormat;
  usage: unknown;
  providerCacheMissReason?: string | null;
  /** The model the provider answered with (its response's `model`, Gemini's `modelVersion`). */
  model?: string | null;
}

/**
 * A turn's completion: the usage the runtime reports, in Loadout's fields or
 * as the provider's own object, stored once with the price and funding
 * model of that moment, so the turn's cost never moves.
 */
export class TurnCompletionService {
  constructor(
    private readonly db: DataSource,
    private readonly snapshots: SnapshotService,
  ) {}

  /** `at`: when it happened, now when absent (only the demo's seeded history passes one). */
  async completeTurn(actor: Actor, turnId: string, input: UsageInput, at?: Date): Promise<TurnEntity> {
    const usage = {
      inputTokens: input.inputTokens,
      cachedInputTokens: input.cachedInputTokens ?? 0,
      cacheWriteTokens: input.cacheWriteTokens ?? 0,
      cacheWrite1hTokens: input.cacheWrite1hTokens ?? 0,
      outputTokens: input.outputTokens,
    };
    const problem = usageProblem(usage);
    if (problem) throw badInput(`usage.${problem.field}`, problem.message);
    const read = { usage, serverToolUse: null };
    return this.complete(actor, turnId, read, cacheMissReason(input.providerCacheMissReason, 'usage'), null, null, at);
  }

  /**
   * completeTurn from the provider's own usage object, read by its format's
   * documented meaning and kept on the turn; priced, and its tool share
   * estimated, for the model called where the completion names it.
   */
  async completeTurnWithProviderUsage(actor: Actor, turnId: string, input: ProviderUsageInput): Promise<TurnEntity> {
    const read = normaliseProviderUsage(input.format, input.usage, 'providerUsage.usage');
    if (read.problem) throw badInput(read.problem.field, read.problem.message);
    const reason = cacheMissReason(input.providerCacheMissReason, 'providerUsage');
    let modelCalled: string | null = null;
    if (input.model !== undefined && input.model !== null) {
      const called = modelCalledId(input.format, input.model, 'providerUsage.model');
      if ('problem' in called) throw badInput(called.problem.field, called.problem.message);
      modelCalled = called.id;
    }
    // normaliseProviderUsage accepts objects only.
    return this.complete(actor, turnId, read, reason, { format: input.format, usage: input.usage as JsonObject }, modelCalled);
  }

  /**
   * Closes a turn whose model request failed (docs/semantics.md §4.4): it
   * keeps no usage and costs nothing. Abandoning it again for the same
   * reason answers it as it is; a completed turn, or one abandoned for
   * another reason, is CONFLICT.
   */
  async abandonTurn(actor: Actor, turnId: string, reason: string): Promise<TurnEntity> {
    const why = reason.trim();
    if (why.length < 1 || why.length > ABANDONED_REASON_MAX) throw badInput('reason', `must be 1 to ${ABANDONED_REASON_MAX} characters`);
    return this.db.transaction(async (tx) => {
      const turn = await lockedTurn(tx, actor, turnId);
      if (turn.completedAt) throw conflict('This turn is already completed', 'turnId');
      if (turn.abandonedAt) {
        if (turn.abandonedReason === why) return turn;
        throw conflict(`This turn was already abandoned: ${turn.abandonedReason}`, 'turnId');
      }
      return updated(tx, turnId, { abandoned_at: new Date(), abandoned_reason: why });
    });
  }

  private async complete(
    actor: Actor,
    turnId: string,
    { usage, serverToolUse }: ReadUsage,
    reason: string | null,
    sent: { format: ProviderUsageFormat; usage: JsonObject } | null,
    modelCalled: string | null,
    at?: Date,
  ): Promise<TurnEntity> {
    // Read before the transaction: a turn's snapshot never changes, and the embedded database has one connection.
    const schemaTokensCalled = modelCalled ? await this.schemaTokensFor(actor, turnId, modelCalled) : null;
    const completed = await this.db.transaction(async (tx) => {
      const turn = await lockedTurn(tx, actor, turnId);
      if (turn.completedAt) throw conflict('This turn is already completed', 'turnId');
      if (turn.abandonedAt) throw conflict(`This turn was abandoned: ${turn.abandonedReason}`, 'turnId');
      const problem = sent && !modelCalled ? formatProblem(sent.format, turn.model, 'providerUsage.format') : null;
      if (problem) throw badInput(problem.field, problem.message);
      const candidates = priceCandidates(modelCalled ?? turn.model);
      const prices: Array<PriceRates & { model: string }> = await tx.query(
        `SELECT model, input_usd_per_mtok AS "inputUsdPerMTok", cached_input_usd_per_mtok AS "cachedInputUsdPerMTok",
                cache_write_usd_per_mtok AS "cacheWriteUsdPerMTok", cache_write_1h_usd_per_mtok AS "cacheWrite1hUsdPerMTok",
                output_usd_per_mtok AS "outputUsdPerMTok", credits_per_mtok AS "creditsPerMTok"
           FROM model_prices WHERE organization_id = $1 AND model = ANY($2::text[])`,
        [actor.organizationId, candidates],
      );
      const price = candidates.map((m) => prices.find((p) => p.model === m)).find((p) => p !== undefined) ?? null;
      const frozen = freezePrice(price);
      // The cost stays what it was at completion: funding model and price are stored with the usage.
      return updated(tx, turnId, {
        input_tokens: usage.inputTokens,
        cached_input_tokens: usage.cachedInputTokens,
        cache_write_tokens: usage.cacheWriteTokens,
        cache_write_1h_tokens: usage.cacheWrite1hTokens,
        output_tokens: usage.outputTokens,
        price_input_usd_per_mtok: frozen.priceInputUsdPerMTok,
        price_cached_input_usd_per_mtok: frozen.priceCachedInputUsdPerMTok,
        price_cache_write_usd_per_mtok: frozen.priceCacheWriteUsdPerMTok,
        price_cache_write_1h_usd_per_mtok: frozen.priceCacheWrite1hUsdPerMTok,
        price_output_usd_per_mtok: frozen.priceOutputUsdPerMTok,
        price_credits_per_mtok: frozen.priceCreditsPerMTok,
        server_tool_use: serverToolUse === null ? null : JSON.stringify(serverToolUse),
        provider_cache_miss_reason: reason,
        provider_usage_format: sent?.format ?? null,
        provider_usage: sent ? JSON.stringify(sent.usage) : null,
        model_called: modelCalled,
        schema_tokens_called: schemaTokensCalled,
        funding_model: turn.organizationFundingModel,
        completed_at: at ?? new Date(),
      });
    });
    return completed;
  }

  /** The turn's frozen toolbox as the model called would count it; null where there is no such turn (the transaction says so). */
  private async schemaTokensFor(actor: Actor, turnId: string, model: string): Promise<number | null> {
    const [turn]: Array<{ snapshotId: string; model: string }> = isUuid(turnId)
      ? await this.db.query(`SELECT snapshot_id AS "snapshotId", model FROM turns WHERE id = $1 AND organization_id = $2`, [
          turnId,
          actor.organizationId,
        ])
      : [];
    if (!turn || turn.model === model) return null;
    const [snapshot] = await this.snapshots.load([turn.snapshotId]);
    return snapshot.tools.reduce((sum, t) => sum + estimateToolTokens(t, model), 0);
  }
}

/** The runtime's cache-miss reason, or BAD_USER_INPUT naming it under `parent`. */
function cacheMissReason(reason: string | null | undefined, parent: string): string | null {
  if (reason && reason.length > CACHE_MISS_REASON_MAX) {
    throw badInput(`${parent}.providerCacheMissReason`, `at most ${CACHE_MISS_REASON_MAX} characters`);
  }
  return reason ?? null;
}

/** The turn, locked, with its organisation's funding model now; NOT_FOUND naming `turnId` outside the organisation. */
async function lockedTurn(tx: EntityManager, actor: Actor, turnId: string): Promise<TurnEntity & { organizationFundingModel: string }> {
  const [turn] = isUuid(turnId)
    ? await tx.query(
        `SELECT ${TURN_COLUMNS}, (SELECT funding_model FROM organizations WHERE id = $2) AS "organizationFundingModel"
           FROM turns WHERE id = $1 AND organization_id = $2
           FOR UPDATE`,
        [turnId, actor.organizationId],
      )
    : [];
  if (!turn) throw notFound('Turn', 'turnId');
  const { organizationFundingModel, ...columns } = turn;
  return Object.assign(new TurnEntity(), columns, { organizationFundingModel });
}

/** Sets the turn's columns and answers the turn as it now is. */
async function updated(tx: EntityManager, turnId: string, columns: Record<string, unknown>): Promise<TurnEntity> {
  const names = Object.keys(columns);
  // TypeORM answers an UPDATE with its rows and their count.
  const [[row]]: [TurnEntity[], number] = await tx.query(
    `UPDATE turns SET ${names.map((n, i) => `${n} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING ${TURN_COLUMNS}`,
    [turnId, ...Object.values(columns)],
  );
  return Object.assign(new TurnEntity(), row);
}
