-- What a turn's completion or its end says beyond the usage (docs/usage-and-pricing.md, "The model called";
-- docs/semantics.md §4.4): the model the provider answered with, as a Loadout model id, and the toolbox's schema
-- tokens estimated for it where it is not the agent's model (the tool share is read against those); and, for a turn
-- whose model request failed, when and why the runtime abandoned it. A turn is completed or abandoned, never both.
ALTER TABLE "turns" ADD "model_called" text;
ALTER TABLE "turns" ADD "schema_tokens_called" int;
ALTER TABLE "turns" ADD "abandoned_at" timestamptz;
ALTER TABLE "turns" ADD "abandoned_reason" text;
ALTER TABLE "turns" ADD CONSTRAINT "ck_turns_abandoned_reason" CHECK (("abandoned_at" IS NULL) = ("abandoned_reason" IS NULL));
ALTER TABLE "turns" ADD CONSTRAINT "ck_turns_completed_or_abandoned" CHECK ("completed_at" IS NULL OR "abandoned_at" IS NULL);

-- migrate:down
ALTER TABLE "turns" DROP CONSTRAINT "ck_turns_completed_or_abandoned";
ALTER TABLE "turns" DROP CONSTRAINT "ck_turns_abandoned_reason";
ALTER TABLE "turns" DROP COLUMN "abandoned_reason";
ALTER TABLE "turns" DROP COLUMN "abandoned_at";
ALTER TABLE "turns" DROP COLUMN "schema_tokens_called";
ALTER TABLE "turns" DROP COLUMN "model_called";
