-- The call log keeps a retention window: it becomes a table partitioned by month of "at", so dropping an expired
-- month is dropping a table, not deleting its rows. A partitioned table's primary key must hold the partition key,
-- hence (id, at); the idempotency keys live in tool_call_keys, not here, so no uniqueness is lost. The default
-- partition takes what no month holds (calls back-dated past the oldest month, a month not created yet), so an
-- insert never fails; the maintenance step creates the months (moving their rows out of the default partition),
-- beginning at start, where the rows copied here wait in the default partition until then.
-- tool_calls_expired keeps, per scope and tool, the latest call among those the retention dropped, and
-- call_log_horizon the instant from which every call is still in the log: with the counters of tool_usage, the
-- budget report as of any instant since then stays exact.
-- Copying a long log may take longer than the connections' statement_timeout; the setting ends with the migrations' transaction.
SET LOCAL statement_timeout = 0;
DROP INDEX "public"."idx_tool_calls_scope_at";
DROP INDEX "public"."idx_tool_calls_project";
ALTER TABLE "tool_calls" DROP CONSTRAINT "PK_08984f8a6bc13859241462df855";
ALTER TABLE "tool_calls" RENAME TO "tool_calls_unpartitioned";

CREATE TABLE "tool_calls" ("organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "tool_name" text NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_error" boolean NOT NULL, "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, CONSTRAINT "PK_tool_calls_id_at" PRIMARY KEY ("id", "at")) PARTITION BY RANGE ("at");
CREATE INDEX "idx_tool_calls_project" ON "tool_calls" ("project_id");
CREATE INDEX "idx_tool_calls_scope_at" ON "tool_calls"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "at");
CREATE TABLE "tool_calls_default" PARTITION OF "tool_calls" DEFAULT;

INSERT INTO "tool_calls" ("organization_id", "user_id", "project_id", "tool_name", "at", "is_error", "id") OVERRIDING SYSTEM VALUE
  SELECT "organization_id", "user_id", "project_id", "tool_name", "at", "is_error", "id" FROM "tool_calls_unpartitioned";
SELECT setval(pg_get_serial_sequence('"tool_calls"', 'id'), max("id")) FROM "tool_calls_unpartitioned" HAVING max("id") IS NOT NULL;
DROP TABLE "tool_calls_unpartitioned";

CREATE TABLE "tool_calls_expired" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "tool_name" text NOT NULL, "last_called_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_tool_calls_expired" PRIMARY KEY ("id"));
CREATE INDEX "idx_tool_calls_expired_project" ON "tool_calls_expired" ("project_id");
CREATE UNIQUE INDEX "uq_tool_calls_expired_scope_tool" ON "tool_calls_expired"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "tool_name");
ALTER TABLE "tool_calls_expired" ADD CONSTRAINT "FK_tool_calls_expired_organization" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_calls_expired" ADD CONSTRAINT "FK_tool_calls_expired_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

CREATE TABLE "call_log_horizon" ("id" integer NOT NULL, "kept_from" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_call_log_horizon" PRIMARY KEY ("id"));

-- migrate:down
DROP TABLE "call_log_horizon";
ALTER TABLE "tool_calls_expired" DROP CONSTRAINT "FK_tool_calls_expired_project";
ALTER TABLE "tool_calls_expired" DROP CONSTRAINT "FK_tool_calls_expired_organization";
DROP INDEX "public"."uq_tool_calls_expired_scope_tool";
DROP INDEX "public"."idx_tool_calls_expired_project";
DROP TABLE "tool_calls_expired";

CREATE TABLE "tool_calls_unpartitioned" ("organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "tool_name" text NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_error" boolean NOT NULL, "id" bigint GENERATED ALWAYS AS IDENTITY NOT NULL);
INSERT INTO "tool_calls_unpartitioned" ("organization_id", "user_id", "project_id", "tool_name", "at", "is_error", "id") OVERRIDING SYSTEM VALUE
  SELECT "organization_id", "user_id", "project_id", "tool_name", "at", "is_error", "id" FROM "tool_calls";
SELECT setval(pg_get_serial_sequence('"tool_calls_unpartitioned"', 'id'), max("id")) FROM "tool_calls" HAVING max("id") IS NOT NULL;
DROP TABLE "tool_calls";
ALTER TABLE "tool_calls_unpartitioned" RENAME TO "tool_calls";
ALTER TABLE "tool_calls" ADD CONSTRAINT "PK_08984f8a6bc13859241462df855" PRIMARY KEY ("id");
CREATE INDEX "idx_tool_calls_project" ON "tool_calls" ("project_id");
CREATE INDEX "idx_tool_calls_scope_at" ON "tool_calls"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "at");
