-- Cache writes by TTL and server tool use (docs/usage-and-pricing.md). A model's price gains the rate of writes to
-- the 1-hour cache; prices set before it take the default, twice their input rate.
ALTER TABLE "model_prices" ADD "cache_write_1h_usd_per_mtok" double precision;
UPDATE "model_prices" SET "cache_write_1h_usd_per_mtok" = 2 * "input_usd_per_mtok";
ALTER TABLE "model_prices" ALTER COLUMN "cache_write_1h_usd_per_mtok" SET NOT NULL;

-- A turn freezes that rate with the others, and a completed turn that froze a price takes its default too. Turns
-- completed before this migration wrote no 1-hour count: every cache write they recorded stays priced at the rate
-- it was (their usage objects are not read again), so their cost is unchanged.
ALTER TABLE "turns" ADD "price_cache_write_1h_usd_per_mtok" double precision;
UPDATE "turns" SET "price_cache_write_1h_usd_per_mtok" = 2 * "price_input_usd_per_mtok" WHERE "price_input_usd_per_mtok" IS NOT NULL;

-- The part of cache_write_tokens written to the 1-hour cache (0 until the turn is completed), and the provider's
-- requests per server tool (Anthropic's server_tool_use) where its usage object reported any, unpriced.
ALTER TABLE "turns" ADD "cache_write_1h_tokens" integer NOT NULL DEFAULT 0;
ALTER TABLE "turns" ADD "server_tool_use" jsonb;

-- migrate:down
ALTER TABLE "turns" DROP COLUMN "server_tool_use";
ALTER TABLE "turns" DROP COLUMN "cache_write_1h_tokens";
ALTER TABLE "turns" DROP COLUMN "price_cache_write_1h_usd_per_mtok";
ALTER TABLE "model_prices" DROP COLUMN "cache_write_1h_usd_per_mtok";
