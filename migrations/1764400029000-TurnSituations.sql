-- A turn's situation (docs/semantics.md §3.1): its conversation's agent, channel, page type and context object, kept
-- on the turn too, so the agent's latest turn in a situation (Toolbox.lastTurn) is the last entry of one index range
-- however many conversations and turns the agent has: the range is ordered by start, then id, so two turns begun at
-- one instant have one order too. The record id is left out: it never changes a toolbox. Existing turns take their
-- conversation's.
ALTER TABLE "turns" ADD "agent_id" uuid;
ALTER TABLE "turns" ADD "channel_id" uuid;
ALTER TABLE "turns" ADD "page_type" text;
ALTER TABLE "turns" ADD "page_context_object" text;
UPDATE "turns" SET
    "agent_id" = c."agent_id",
    "channel_id" = c."channel_id",
    "page_type" = c."page_type",
    "page_context_object" = c."page_context_object"
  FROM "conversations" c
  WHERE c."id" = "turns"."conversation_id";
ALTER TABLE "turns" ALTER COLUMN "agent_id" SET NOT NULL;
ALTER TABLE "turns" ALTER COLUMN "channel_id" SET NOT NULL;
ALTER TABLE "turns" ALTER COLUMN "page_type" SET NOT NULL;
CREATE INDEX "idx_turns_situation" ON "turns" ("agent_id", "channel_id", "page_type", "page_context_object", "started_at", "id");

-- migrate:down
DROP INDEX "public"."idx_turns_situation";
ALTER TABLE "turns" DROP COLUMN "page_context_object";
ALTER TABLE "turns" DROP COLUMN "page_type";
ALTER TABLE "turns" DROP COLUMN "channel_id";
ALTER TABLE "turns" DROP COLUMN "agent_id";
