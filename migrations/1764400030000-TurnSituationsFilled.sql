-- The release before TurnSituations writes turns without their situation, and it serves beside this one during an
-- upgrade (docs/operations.md, "Upgrades"): a turn inserted without its agent takes its conversation's situation, as
-- TurnSituations gave the turns that existed, so that release's beginTurn passes the NOT NULL columns and this
-- one's Toolbox.lastTurn finds its turns. Checked before the constraints: a BEFORE trigger. Dropping it is a
-- contract step, for a release after every instance writes the situation itself.
CREATE FUNCTION "turns_situation_from_conversation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."agent_id" IS NULL THEN
    SELECT c."agent_id", c."channel_id", c."page_type", c."page_context_object"
      INTO NEW."agent_id", NEW."channel_id", NEW."page_type", NEW."page_context_object"
      FROM "conversations" c WHERE c."id" = NEW."conversation_id";
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "turns_situation_from_conversation" BEFORE INSERT ON "turns"
  FOR EACH ROW EXECUTE FUNCTION "turns_situation_from_conversation"();

-- migrate:down
DROP TRIGGER "turns_situation_from_conversation" ON "turns";
DROP FUNCTION "turns_situation_from_conversation"();
