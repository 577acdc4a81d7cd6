-- Conversations and turns of the conversation debugger, frozen content-addressed toolbox snapshots, model prices.
-- A snapshot is stored once per (organisation, snapshot_key): the key covers fingerprint, model and definition ids, so a stable
-- agent's turns share one row. Tool content is stored once per content hash. snapshot_tools has no foreign key to
-- tool_definitions on purpose: deleting a definition must not touch what old turns show.

CREATE TABLE "conversations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "agent_id" uuid NOT NULL, "channel_id" uuid NOT NULL, "page_type" text NOT NULL, "page_context_object" text, "page_record_id" text, "user_id" text NOT NULL, "owning_project_id" uuid, "parent_id" uuid, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee34f4f7ced4ec8681f26bf04ef" PRIMARY KEY ("id"));
CREATE INDEX "idx_conversations_organization" ON "conversations" ("organization_id");
CREATE INDEX "idx_conversations_agent" ON "conversations" ("agent_id");
CREATE INDEX "idx_conversations_parent" ON "conversations" ("parent_id");
CREATE TABLE "model_prices" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "model" text NOT NULL, "input_usd_per_mtok" double precision NOT NULL, "cached_input_usd_per_mtok" double precision NOT NULL, "cache_write_usd_per_mtok" double precision NOT NULL, "output_usd_per_mtok" double precision NOT NULL, "credits_per_mtok" double precision, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_1409a57d11faf4496339c681f6e" PRIMARY KEY ("id"));
CREATE UNIQUE INDEX "uq_model_prices_organization_model" ON "model_prices" ("organization_id", "model");
CREATE TABLE "toolbox_snapshots" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "snapshot_key" text NOT NULL, "fingerprint" text NOT NULL, "model" text NOT NULL, "tool_count" integer NOT NULL, "schema_tokens" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f1ab6a69a29f4408b6471989e4c" PRIMARY KEY ("id"));
CREATE UNIQUE INDEX "uq_toolbox_snapshots_organization_key" ON "toolbox_snapshots" ("organization_id", "snapshot_key");
CREATE TABLE "tool_contents" ("content_hash" text NOT NULL, "name" text NOT NULL, "description" text NOT NULL, "input_schema" jsonb NOT NULL, CONSTRAINT "PK_0842b4eb75c0aee7a3ee7d20e5d" PRIMARY KEY ("content_hash"));
CREATE TABLE "snapshot_tools" ("snapshot_id" uuid NOT NULL, "position" integer NOT NULL, "tool_definition_id" uuid NOT NULL, "content_hash" text NOT NULL, "schema_tokens" integer NOT NULL, CONSTRAINT "PK_3aa1482ef9bde5d9a3762751c55" PRIMARY KEY ("snapshot_id", "position"));
CREATE INDEX "idx_snapshot_tools_content" ON "snapshot_tools" ("content_hash");
CREATE TABLE "turns" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "conversation_id" uuid NOT NULL, "index" integer NOT NULL, "snapshot_id" uuid NOT NULL, "model" text NOT NULL, "loadout_version" integer NOT NULL, "toolbox_changed" boolean NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "input_tokens" integer, "cached_input_tokens" integer, "cache_write_tokens" integer, "output_tokens" integer, "provider_cache_miss_reason" text, CONSTRAINT "PK_66edaea493f45e3c39d7c3553ed" PRIMARY KEY ("id"));
CREATE INDEX "idx_turns_organization" ON "turns" ("organization_id");
CREATE INDEX "idx_turns_snapshot" ON "turns" ("snapshot_id");
CREATE UNIQUE INDEX "uq_turns_conversation_index" ON "turns" ("conversation_id", "index");
ALTER TABLE "conversations" ADD CONSTRAINT "FK_87d9df8c99fb824a39c681ec332" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "conversations" ADD CONSTRAINT "FK_9f32ead8384a1a92e073a7c006a" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "conversations" ADD CONSTRAINT "FK_1a99838ee2e2e940ad98ed2e9d8" FOREIGN KEY ("channel_id") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "conversations" ADD CONSTRAINT "FK_5eef8f9e8d1293cd43e02dad9ab" FOREIGN KEY ("owning_project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE NO ACTION;
ALTER TABLE "conversations" ADD CONSTRAINT "FK_dd9c3991d43db9af85f5bb4b95a" FOREIGN KEY ("parent_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "model_prices" ADD CONSTRAINT "FK_c927cca7562f870e4c5bff14f98" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_snapshots" ADD CONSTRAINT "FK_80d27a99b88cf6dadd1fe1006c9" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "snapshot_tools" ADD CONSTRAINT "FK_37cae41be8c45b40bc688a90d22" FOREIGN KEY ("snapshot_id") REFERENCES "toolbox_snapshots"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "snapshot_tools" ADD CONSTRAINT "FK_0e99400c6a45b2e190344d41923" FOREIGN KEY ("content_hash") REFERENCES "tool_contents"("content_hash") ON DELETE RESTRICT ON UPDATE NO ACTION;
ALTER TABLE "turns" ADD CONSTRAINT "FK_497db6da8cb87dfab8c81147c27" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "turns" ADD CONSTRAINT "FK_2abd4c580bb162741fd92b27c57" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "turns" ADD CONSTRAINT "FK_663d3a442c0396a4f2ba8716a94" FOREIGN KEY ("snapshot_id") REFERENCES "toolbox_snapshots"("id") ON DELETE RESTRICT ON UPDATE NO ACTION;

-- migrate:down
ALTER TABLE "turns" DROP CONSTRAINT "FK_663d3a442c0396a4f2ba8716a94";
ALTER TABLE "turns" DROP CONSTRAINT "FK_2abd4c580bb162741fd92b27c57";
ALTER TABLE "turns" DROP CONSTRAINT "FK_497db6da8cb87dfab8c81147c27";
ALTER TABLE "snapshot_tools" DROP CONSTRAINT "FK_0e99400c6a45b2e190344d41923";
ALTER TABLE "snapshot_tools" DROP CONSTRAINT "FK_37cae41be8c45b40bc688a90d22";
ALTER TABLE "toolbox_snapshots" DROP CONSTRAINT "FK_80d27a99b88cf6dadd1fe1006c9";
ALTER TABLE "model_prices" DROP CONSTRAINT "FK_c927cca7562f870e4c5bff14f98";
ALTER TABLE "conversations" DROP CONSTRAINT "FK_dd9c3991d43db9af85f5bb4b95a";
ALTER TABLE "conversations" DROP CONSTRAINT "FK_5eef8f9e8d1293cd43e02dad9ab";
ALTER TABLE "conversations" DROP CONSTRAINT "FK_1a99838ee2e2e940ad98ed2e9d8";
ALTER TABLE "conversations" DROP CONSTRAINT "FK_9f32ead8384a1a92e073a7c006a";
ALTER TABLE "conversations" DROP CONSTRAINT "FK_87d9df8c99fb824a39c681ec332";
DROP INDEX "public"."uq_turns_conversation_index";
DROP INDEX "public"."idx_turns_snapshot";
DROP INDEX "public"."idx_turns_organization";
DROP TABLE "turns";
DROP INDEX "public"."idx_snapshot_tools_content";
DROP TABLE "snapshot_tools";
DROP TABLE "tool_contents";
DROP INDEX "public"."uq_toolbox_snapshots_organization_key";
DROP TABLE "toolbox_snapshots";
DROP INDEX "public"."uq_model_prices_organization_model";
DROP TABLE "model_prices";
DROP INDEX "public"."idx_conversations_parent";
DROP INDEX "public"."idx_conversations_agent";
DROP INDEX "public"."idx_conversations_organization";
DROP TABLE "conversations";
