-- The organisation's budget thresholds (toolBudgetWarn and its hot level), carried by every report without an agent.
ALTER TABLE "organizations" ADD "tool_budget_warn" integer NOT NULL DEFAULT '48';
ALTER TABLE "organizations" ADD "tool_budget_hot" integer NOT NULL DEFAULT '96';
-- The funding model a turn was completed under, so a later change of the organisation's leaves recorded costs alone.
-- Turns completed before this column existed take the organisation's model of now, the only one known.
ALTER TABLE "turns" ADD "funding_model" text;
UPDATE "turns" SET "funding_model" = o."funding_model" FROM "organizations" o WHERE o."id" = "turns"."organization_id" AND "turns"."completed_at" IS NOT NULL;

-- migrate:down
ALTER TABLE "turns" DROP COLUMN "funding_model";
ALTER TABLE "organizations" DROP COLUMN "tool_budget_hot";
ALTER TABLE "organizations" DROP COLUMN "tool_budget_warn";
