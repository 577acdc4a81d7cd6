-- Every change of what an organisation's toolboxes are made of bumps its loadout sequence inside the
-- change's transaction (the row lock orders them); compiled loadouts cached in memory are exact for one value.
ALTER TABLE "organizations" ADD "loadout_seq" bigint NOT NULL DEFAULT '0';

-- The changed situations of invalidations, stored once per distinct list and shared by every agent whose
-- toolboxes one change altered alike; events recorded before keep theirs inline.
CREATE TABLE "invalidation_affected_sets" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "organization_id" uuid NOT NULL, "affected" jsonb NOT NULL, CONSTRAINT "PK_64184b3a45fbea56d12a1dff6c0" PRIMARY KEY ("id"));
CREATE INDEX "idx_invalidation_affected_sets_organization" ON "invalidation_affected_sets" ("organization_id");
-- Mostly fingerprints, which do not compress: stored out of line without trying.
ALTER TABLE "invalidation_affected_sets" ALTER COLUMN "affected" SET STORAGE EXTERNAL;
ALTER TABLE "invalidation_affected_sets" ADD CONSTRAINT "FK_384136ac572203d5acbd77f6fee" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
ALTER TABLE "toolbox_invalidations" ADD "affected_set_id" uuid;

-- migrate:down
ALTER TABLE "toolbox_invalidations" DROP COLUMN "affected_set_id";
ALTER TABLE "invalidation_affected_sets" DROP CONSTRAINT "FK_384136ac572203d5acbd77f6fee";
DROP INDEX "public"."idx_invalidation_affected_sets_organization";
DROP TABLE "invalidation_affected_sets";
ALTER TABLE "organizations" DROP COLUMN "loadout_seq";
