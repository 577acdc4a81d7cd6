-- A log of every accepted tool call, so the budget report can be evaluated as of any instant.
CREATE TABLE "tool_calls" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "tool_name" text NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_error" boolean NOT NULL, CONSTRAINT "PK_08984f8a6bc13859241462df855" PRIMARY KEY ("id"));
CREATE INDEX "idx_tool_calls_project" ON "tool_calls" ("project_id");
ALTER TABLE "tool_calls" ADD CONSTRAINT "FK_9a85be4dfa5314dbdbe8ee79f10" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_calls" ADD CONSTRAINT "FK_9e366f139cdc2a87173e52efa38" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
-- The report reads one scope's calls up to asOf; a NULL project is the no-project scope.
CREATE INDEX "idx_tool_calls_scope_at" ON "tool_calls"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "at");

-- migrate:down
DROP INDEX "public"."idx_tool_calls_scope_at";
ALTER TABLE "tool_calls" DROP CONSTRAINT "FK_9e366f139cdc2a87173e52efa38";
ALTER TABLE "tool_calls" DROP CONSTRAINT "FK_9a85be4dfa5314dbdbe8ee79f10";
DROP INDEX "public"."idx_tool_calls_project";
DROP TABLE "tool_calls";
