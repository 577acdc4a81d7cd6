import type { DataSource } from 'typeorm';
import type { Actor } from '../common/actor';
import { badInput } from '../common/errors';
import { pricedModelPattern } from './model-called';
import { ModelPriceEntity } from './model-price.entity';
import { freezePrice, priceRates, unrepresentableCost } from './turn-cost';
import { TurnEntity } from './turn.entity';

export const MODEL_NAME_MAX = 200;

export interface PriceInput {
  model: string;
  inputUsdPerMTok: number;
  cachedInputUsdPerMTok: number;
  cacheWriteUsdPerMTok?: number | null;
  cacheWrite1hUsdPerMTok?: number | null;
  outputUsdPerMTok: number;
  creditsPerMTok?: number | null;
}

/** Each organisation's prices of the models its turns ran on: a turn's cost is computed from the one in force when it completed. */
export class ModelPriceService {
  constructor(private readonly db: DataSource) {}

  /** Upserts the price of one model; rates left out take their defaults (priceRates). */
  async set(actor: Actor, input: PriceInput): Promise<ModelPriceEntity> {
    const model = input.model.trim();
    if (model.length < 1 || model.length > MODEL_NAME_MAX) throw badInput('input.model', `must be 1 to ${MODEL_NAME_MAX} characters`);
    const values = { organizationId: actor.organizationId, model, ...priceRates(input) };
    const problem = unrepresentableCost(values);
    if (problem) throw badInput('input', problem);
    return this.db.transaction(async (tx) => {
      await tx
        .createQueryBuilder()
        .insert()
        .into(ModelPriceEntity)
        .values(values)
        .orUpdate(
          [
            'input_usd_per_mtok',
            'cached_input_usd_per_mtok',
            'cache_write_usd_per_mtok',
            'cache_write_1h_usd_per_mtok',
            'output_usd_per_mtok',
            'credits_per_mtok',
            'updated_at',
          ],
          ['organization_id', 'model'],
        )
        .execute();
      // A turn keeps the price it was completed under; one completed while its model had none takes this first one,
      // its model being the model called where the completion named one (priceCandidates says which models a price prices).
      await tx
        .createQueryBuilder()
        .update(TurnEntity)
        .set(freezePrice(values))
        .where('organization_id = :organizationId AND completed_at IS NOT NULL AND price_input_usd_per_mtok IS NULL', {
          organizationId: actor.organizationId,
        })
        .andWhere('COALESCE(model_called, model) ~ :pattern', { pattern: pricedModelPattern(model) })
        .execute();
      return tx.findOneOrFail(ModelPriceEntity, { where: { organizationId: actor.organizationId, model } });
    });
  }

  list(actor: Actor) {
    return this.db.manager.find(ModelPriceEntity, { where: { organizationId: actor.organizationId }, order: { model: 'ASC' } });
  }
}
