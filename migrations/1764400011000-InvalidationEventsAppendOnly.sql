-- Invalidation events are written only by the change that records them, which holds the organisation's
-- loadout lock and has just updated each event's agent in the same transaction. Their three foreign keys
-- cost a lookup each per event, most of the cost of storing an edit that a hundred agents see: they go,
-- and triggers keep what their ON DELETE actions did.
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_f8993d5baef38a82ab0c9dbfb9f";
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_b4dd25ab43acaa333511c8099fa";
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "FK_c20647b4650a1c2316e5c34556e";

CREATE FUNCTION "toolbox_invalidations_forget_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "toolbox_invalidations" WHERE "organization_id" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "toolbox_invalidations_forget_organization" AFTER DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION "toolbox_invalidations_forget_organization"();

CREATE FUNCTION "toolbox_invalidations_forget_agent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "toolbox_invalidations" WHERE "agent_id" = OLD."id";
  RETURN OLD;
END $$;
CREATE TRIGGER "toolbox_invalidations_forget_agent" AFTER DELETE ON "agents"
  FOR EACH ROW EXECUTE FUNCTION "toolbox_invalidations_forget_agent"();

-- Once per statement: principals go with their organisation, whose events are found by its index.
CREATE FUNCTION "toolbox_invalidations_forget_actor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "toolbox_invalidations" i SET "actor_principal_id" = NULL
    FROM "gone" g WHERE i."organization_id" = g."organization_id" AND i."actor_principal_id" = g."id";
  RETURN NULL;
END $$;
CREATE TRIGGER "toolbox_invalidations_forget_actor" AFTER DELETE ON "principals"
  REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "toolbox_invalidations_forget_actor"();

-- migrate:down
DROP TRIGGER "toolbox_invalidations_forget_actor" ON "principals";
DROP FUNCTION "toolbox_invalidations_forget_actor"();
DROP TRIGGER "toolbox_invalidations_forget_agent" ON "agents";
DROP FUNCTION "toolbox_invalidations_forget_agent"();
DROP TRIGGER "toolbox_invalidations_forget_organization" ON "organizations";
DROP FUNCTION "toolbox_invalidations_forget_organization"();
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_c20647b4650a1c2316e5c34556e" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_b4dd25ab43acaa333511c8099fa" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "FK_f8993d5baef38a82ab0c9dbfb9f" FOREIGN KEY ("actor_principal_id") REFERENCES "principals"("id") ON DELETE SET NULL ON UPDATE NO ACTION;
