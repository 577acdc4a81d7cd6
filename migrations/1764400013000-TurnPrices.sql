-- The price a turn was completed under, frozen with the turn as its funding model is, so a later setModelPrice
-- leaves recorded costs alone. NULL: its model had no price then (the first price set for the model fills those in).
-- The price at completion of the turns completed before these columns existed was never recorded: they take the
-- organisation's price of their model as it is now, the best available.
ALTER TABLE "turns" ADD "price_input_usd_per_mtok" double precision;
ALTER TABLE "turns" ADD "price_cached_input_usd_per_mtok" double precision;
ALTER TABLE "turns" ADD "price_cache_write_usd_per_mtok" double precision;
ALTER TABLE "turns" ADD "price_output_usd_per_mtok" double precision;
ALTER TABLE "turns" ADD "price_credits_per_mtok" double precision;
UPDATE "turns" SET
    "price_input_usd_per_mtok" = p."input_usd_per_mtok",
    "price_cached_input_usd_per_mtok" = p."cached_input_usd_per_mtok",
    "price_cache_write_usd_per_mtok" = p."cache_write_usd_per_mtok",
    "price_output_usd_per_mtok" = p."output_usd_per_mtok",
    "price_credits_per_mtok" = p."credits_per_mtok"
  FROM "model_prices" p
  WHERE p."organization_id" = "turns"."organization_id" AND p."model" = "turns"."model" AND "turns"."completed_at" IS NOT NULL;

-- migrate:down
ALTER TABLE "turns" DROP COLUMN "price_credits_per_mtok";
ALTER TABLE "turns" DROP COLUMN "price_output_usd_per_mtok";
ALTER TABLE "turns" DROP COLUMN "price_cache_write_usd_per_mtok";
ALTER TABLE "turns" DROP COLUMN "price_cached_input_usd_per_mtok";
ALTER TABLE "turns" DROP COLUMN "price_input_usd_per_mtok";
