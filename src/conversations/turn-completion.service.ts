import { In, type DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, conflict } from '../common/errors';
import type { JsonObject } from '../common/json';
import { getOwned } from '../common/tenant';
import { isUuid } from '../common/uuid';
import { estimateToolTokens } from '../loadout/tokens/estimate-tokens';
import { OrganizationEntity } from '../organizations/organization.entity';
import { formatProblem, modelCalledId, priceCandidates } from './model-called';
import { ModelPriceEntity } from './model-price.entity';
import { normaliseProviderUsage, type ProviderUsageFormat, type ReadUsage } from './provider-usage';
import type { SnapshotService } from './snapshot.service';
import { freezePrice, usageProblem } from './turn-cost';
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
      const turn = await getOwned(tx, TurnEntity, actor, turnId, 'turnId', 'Turn', true);
      if (turn.completedAt) throw conflict('This turn is already completed', 'turnId');
      if (turn.abandonedAt) {
        if (turn.abandonedReason === why) return turn;
        throw conflict(`This turn was already abandoned: ${turn.abandonedReason}`, 'turnId');
      }
      Object.assign(turn, { abandonedAt: new Date(), abandonedReason: why });
      return tx.save(turn);
    });
  }

  private async complete(
    actor: Actor,
    turnId: string,
    { usage, serverToolUse }: ReadUsage,
    reason: string | null,
    sent: { format: ProviderUsageFormat; usage: JsonObject } | null,
    modelCalled: string | null,
    at = new Date(),
  ): Promise<TurnEntity> {
    // Read before the transaction: a turn's snapshot never changes, and the embedded database has one connection.
    const schemaTokensCalled = modelCalled ? await this.schemaTokensFor(actor, turnId, modelCalled) : null;
    return this.db.transaction(async (tx) => {
      const turn = await getOwned(tx, TurnEntity, actor, turnId, 'turnId', 'Turn', true);
      if (turn.completedAt) throw conflict('This turn is already completed', 'turnId');
      if (turn.abandonedAt) throw conflict(`This turn was abandoned: ${turn.abandonedReason}`, 'turnId');
      const problem = sent && !modelCalled ? formatProblem(sent.format, turn.model, 'providerUsage.format') : null;
      if (problem) throw badInput(problem.field, problem.message);
      const priced = modelCalled ?? turn.model;
      const { fundingModel } = await tx.findOneByOrFail(OrganizationEntity, { id: actor.organizationId });
      const candidates = priceCandidates(priced);
      const prices = await tx.findBy(ModelPriceEntity, { organizationId: actor.organizationId, model: In(candidates) });
      const price = candidates.map((m) => prices.find((p) => p.model === m)).find((p) => p !== undefined) ?? null;
      // The cost stays what it was at completion: funding model and price are stored with the usage.
      Object.assign(turn, usage, freezePrice(price), {
        serverToolUse,
        providerCacheMissReason: reason,
        providerUsageFormat: sent?.format ?? null,
        providerUsage: sent?.usage ?? null,
        modelCalled,
        schemaTokensCalled,
        fundingModel,
        completedAt: at,
      });
      return tx.save(turn);
    });
  }

  /** The turn's frozen toolbox as the model called would count it; null where there is no such turn (the transaction says so). */
  private async schemaTokensFor(actor: Actor, turnId: string, model: string): Promise<number | null> {
    const turn = isUuid(turnId)
      ? await this.db.manager.findOne(TurnEntity, {
          select: { snapshotId: true, model: true },
          where: { id: turnId, organizationId: actor.organizationId },
        })
      : null;
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
