import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput, conflict } from '../common/errors';
import type { JsonObject } from '../common/json';
import { getOwned } from '../common/tenant';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ModelPriceEntity } from './model-price.entity';
import { normaliseProviderUsage, type ProviderUsageFormat, type ReadUsage } from './provider-usage';
import { freezePrice, usageProblem } from './turn-cost';
import { TurnEntity } from './turn.entity';

export const CACHE_MISS_REASON_MAX = 200;

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
}

/**
 * A turn's completion: the usage the runtime reports, in Loadout's fields or
 * as the provider's own object, stored once with the price and funding
 * model of that moment, so the turn's cost never moves.
 */
export class TurnCompletionService {
  constructor(private readonly db: DataSource) {}

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
    return this.complete(actor, turnId, read, cacheMissReason(input.providerCacheMissReason, 'usage'), null, at);
  }

  /** completeTurn from the provider's own usage object, read by its format's documented meaning and kept on the turn. */
  async completeTurnWithProviderUsage(actor: Actor, turnId: string, input: ProviderUsageInput): Promise<TurnEntity> {
    const read = normaliseProviderUsage(input.format, input.usage, 'providerUsage.usage');
    if (read.problem) throw badInput(read.problem.field, read.problem.message);
    const reason = cacheMissReason(input.providerCacheMissReason, 'providerUsage');
    // normaliseProviderUsage accepts objects only.
    return this.complete(actor, turnId, read, reason, { format: input.format, usage: input.usage as JsonObject });
  }

  private complete(
    actor: Actor,
    turnId: string,
    { usage, serverToolUse }: ReadUsage,
    reason: string | null,
    sent: { format: ProviderUsageFormat; usage: JsonObject } | null,
    at = new Date(),
  ): Promise<TurnEntity> {
    return this.db.transaction(async (tx) => {
      const turn = await getOwned(tx, TurnEntity, actor, turnId, 'turnId', 'Turn', true);
      if (turn.completedAt) throw conflict('This turn is already completed', 'turnId');
      const { fundingModel } = await tx.findOneByOrFail(OrganizationEntity, { id: actor.organizationId });
      const price = await tx.findOneBy(ModelPriceEntity, { organizationId: actor.organizationId, model: turn.model });
      // The cost stays what it was at completion: funding model and price are stored with the usage.
      Object.assign(turn, usage, freezePrice(price), {
        serverToolUse,
        providerCacheMissReason: reason,
        providerUsageFormat: sent?.format ?? null,
        providerUsage: sent?.usage ?? null,
        fundingModel,
        completedAt: at,
      });
      return tx.save(turn);
    });
  }
}

/** The runtime's cache-miss reason, or BAD_USER_INPUT naming it under `parent`. */
function cacheMissReason(reason: string | null | undefined, parent: string): string | null {
  if (reason && reason.length > CACHE_MISS_REASON_MAX) {
    throw badInput(`${parent}.providerCacheMissReason`, `at most ${CACHE_MISS_REASON_MAX} characters`);
  }
  return reason ?? null;
}
