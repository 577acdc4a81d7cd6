-- Usage telemetry: the per-scope roster and counters of tools, idempotency keys of recorded calls, turns per scope and day; an optional schema-token cap per agent.
-- A usage scope is (organisation, end user, owning project); a NULL project is the no-project scope, hence the COALESCE unique indexes.

CREATE TABLE "scope_turn_days" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "day" date NOT NULL, "turns" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_82ec10aa129e44584cf0bd081b2" PRIMARY KEY ("id"));
CREATE INDEX "idx_scope_turn_days_project" ON "scope_turn_days" ("project_id");
CREATE TABLE "tool_call_keys" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "idempotency_key" text NOT NULL, "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0dc37e21a8c3b58458e2c35b967" PRIMARY KEY ("id"));
CREATE INDEX "idx_tool_call_keys_project" ON "tool_call_keys" ("project_id");
CREATE TABLE "tool_usage" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "user_id" text NOT NULL, "project_id" uuid, "tool_name" text NOT NULL, "first_surfaced_at" TIMESTAMP WITH TIME ZONE, "last_surfaced_at" TIMESTAMP WITH TIME ZONE, "turns_surfaced" integer NOT NULL DEFAULT '0', "calls" integer NOT NULL DEFAULT '0', "errors" integer NOT NULL DEFAULT '0', "first_called_at" TIMESTAMP WITH TIME ZONE, "last_called_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_af20bc827c0d11e4a79ff3e2926" PRIMARY KEY ("id"));
CREATE INDEX "idx_tool_usage_project" ON "tool_usage" ("project_id");
ALTER TABLE "agents" ADD "max_schema_tokens" integer;
ALTER TABLE "scope_turn_days" ADD CONSTRAINT "FK_6283fc8381e8e4c2db30f18ae56" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "scope_turn_days" ADD CONSTRAINT "FK_407b792a63fea9eee6c99063b80" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_call_keys" ADD CONSTRAINT "FK_0d464fffc7f6f9dca4a33d9ffe1" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_call_keys" ADD CONSTRAINT "FK_2614dc6130cb490176901e816e0" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_usage" ADD CONSTRAINT "FK_a9c26b6dac68e1bb49289b7a6ed" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "tool_usage" ADD CONSTRAINT "FK_2b9dea029b2bb58f6b245652ad9" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
CREATE UNIQUE INDEX "uq_tool_usage_scope_tool" ON "tool_usage"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "tool_name");
CREATE UNIQUE INDEX "uq_tool_call_keys_scope_key" ON "tool_call_keys"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "idempotency_key");
CREATE UNIQUE INDEX "uq_scope_turn_days_scope_day" ON "scope_turn_days"
  ("organization_id", "user_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "day");

-- migrate:down
DROP INDEX "public"."uq_scope_turn_days_scope_day";
DROP INDEX "public"."uq_tool_call_keys_scope_key";
DROP INDEX "public"."uq_tool_usage_scope_tool";
ALTER TABLE "tool_usage" DROP CONSTRAINT "FK_2b9dea029b2bb58f6b245652ad9";
ALTER TABLE "tool_usage" DROP CONSTRAINT "FK_a9c26b6dac68e1bb49289b7a6ed";
ALTER TABLE "tool_call_keys" DROP CONSTRAINT "FK_2614dc6130cb490176901e816e0";
ALTER TABLE "tool_call_keys" DROP CONSTRAINT "FK_0d464fffc7f6f9dca4a33d9ffe1";
ALTER TABLE "scope_turn_days" DROP CONSTRAINT "FK_407b792a63fea9eee6c99063b80";
ALTER TABLE "scope_turn_days" DROP CONSTRAINT "FK_6283fc8381e8e4c2db30f18ae56";
ALTER TABLE "agents" DROP COLUMN "max_schema_tokens";
DROP INDEX "public"."idx_tool_usage_project";
DROP TABLE "tool_usage";
DROP INDEX "public"."idx_tool_call_keys_project";
DROP TABLE "tool_call_keys";
DROP INDEX "public"."idx_scope_turn_days_project";
DROP TABLE "scope_turn_days";
