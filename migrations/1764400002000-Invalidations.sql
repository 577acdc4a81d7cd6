-- Cache invalidation events: one row per agent per committed change that altered what the agent's model sees.
-- `seq` orders events as recorded (cursors carry it); `affected` holds the changed situations with their diffs.

CREATE TABLE "toolbox_invalidations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "seq" BIGSERIAL NOT NULL, "organization_id" uuid NOT NULL, "agent_id" uuid NOT NULL, "project_id" uuid, "cause" text NOT NULL, "actor_principal_id" uuid, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "loadout_version" integer NOT NULL, "affected" jsonb NOT NULL, CONSTRAINT "PK_f8db306838ef3f955935826dae5" PRIMARY KEY ("id"));
CREATE INDEX "idx_toolbox_invalidations_organization_seq" ON "toolbox_invalidations" ("organization_id", "seq");
CREATE INDEX "idx_toolbox_invalidations_agent_seq" ON "toolbox_invalidations" ("agent_id", "seq");
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_c20647b4650a1c2316e5c34556e" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_b4dd25ab43acaa333511c8099fa" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_f8993d5baef38a82ab0c9dbfb9f" FOREIGN KEY ("actor_principal_id") REFERENCES "principals"("id") ON DELETE SET NULL ON UPDATE NO ACTION;

-- migrate:down
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_f8993d5baef38a82ab0c9dbfb9f";
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_b4dd25ab43acaa333511c8099fa";
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_c20647b4650a1c2316e5c34556e";
DROP INDEX "public"."idx_toolbox_invalidations_agent_seq";
DROP INDEX "public"."idx_toolbox_invalidations_organization_seq";
DROP TABLE "toolbox_invalidations";
