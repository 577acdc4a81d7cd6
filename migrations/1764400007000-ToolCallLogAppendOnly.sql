-- The call log is append-only and written by recordToolCalls alone, which checks the organisation and the
-- project in the same transaction. Its two foreign keys cost a lookup each per logged call, most of the
-- cost of a batch's insert: they go, and triggers keep what their ON DELETE CASCADE did. A sequential key
-- replaces the random one.
ALTER TABLE "tool_calls" DROP CONSTRAINT "FK_9a85be4dfa5314dbdbe8ee79f10";
ALTER TABLE "tool_calls" DROP CONSTRAINT "FK_9e366f139cdc2a87173e52efa38";
ALTER TABLE "tool_calls" DROP CONSTRAINT "PK_08984f8a6bc13859241462df855";
ALTER TABLE "tool_calls" DROP COLUMN "id";
ALTER TABLE "tool_calls" ADD "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL;
ALTER TABLE "tool_calls" ADD CONSTRAINT "PK_08984f8a6bc13859241462df855" PRIMARY KEY ("id");

CREATE FUNCTION "tool_calls_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tool_calls" WHERE "organization_id" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "tool_calls_forget_organization" AFTER DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "tool_calls_forget_organization"();

CREATE FUNCTION "tool_calls_forget_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "tool_calls" WHERE "project_id" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "tool_calls_forget_project" AFTER DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION "tool_calls_forget_project"();

-- migrate:down
DROP TRIGGER "tool_calls_forget_project" ON "projects";
DROP FUNCTION "tool_calls_forget_project"();
DROP TRIGGER "tool_calls_forget_organization" ON "organizations";
DROP FUNCTION "tool_calls_forget_organization"();
ALTER TABLE "tool_calls" DROP CONSTRAINT "PK_08984f8a6bc13859241462df855";
ALTER TABLE "tool_calls" DROP COLUMN "id";
ALTER TABLE "tool_calls" ADD "id" uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE "tool_calls" ADD CONSTRAINT "PK_08984f8a6bc13859241462df855" PRIMARY KEY ("id");
ALTER TABLE "tool_calls" ADD CONSTRAINT "FK_9e366f139cdc2a87173e52efa38" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_calls" ADD CONSTRAINT "FK_9a85be4dfa5314dbdbe8ee79f10" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
