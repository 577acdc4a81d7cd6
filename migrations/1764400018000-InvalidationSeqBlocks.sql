-- A change seen by a thousand agents stores a thousand events in one statement, and each event drew its own
-- seq from the column's sequence: a thousand nextval calls. The change now draws one block from
-- toolbox_invalidation_blocks and numbers its events within it: seq = block * 2^24 + the event's number (1 on).
-- The blocks start past every seq stored, so seqs keep growing; the sequence caches nothing, so a block drawn
-- later is a larger one, as a seq was. Nothing else writes events: the column loses its default and sequence.
-- The block sequence is owned by the column, so a dump carries where it stands (see db/dump.ts).
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "seq" DROP DEFAULT;
DROP SEQUENCE "toolbox_invalidations_seq_seq";
CREATE SEQUENCE "toolbox_invalidation_blocks" START 1 OWNED BY "toolbox_invalidations"."seq";
SELECT setval('"toolbox_invalidation_blocks"', COALESCE(max("seq"), 0) / 16777216 + 1, false) FROM "toolbox_invalidations";

-- Every event was written to three indexes: by id, by (organisation, seq) and by (agent, seq). Nothing looks an
-- event up by id (a change's block is found by its seqs, a page by its agent's), so the key is the organisation
-- and seq, one index less per event; the id, which the change makes, stays the event's public identity.
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "PK_f8db306838ef3f955935826dae5";
DROP INDEX "idx_toolbox_invalidations_organization_seq";
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "id" DROP DEFAULT;
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "PK_toolbox_invalidations_organization_seq" PRIMARY KEY ("organization_id", "seq");

-- migrate:down
DROP SEQUENCE "toolbox_invalidation_blocks";
ALTER TABLE "toolbox_invalidations" DROP CONSTRAINT "PK_toolbox_invalidations_organization_seq";
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();
CREATE INDEX "idx_toolbox_invalidations_organization_seq" ON "toolbox_invalidations" ("organization_id", "seq");
ALTER TABLE "toolbox_invalidations" ADD CONSTRAINT "PK_f8db306838ef3f955935826dae5" PRIMARY KEY ("id");
CREATE SEQUENCE "toolbox_invalidations_seq_seq" OWNED BY "toolbox_invalidations"."seq";
SELECT setval('"toolbox_invalidations_seq_seq"', COALESCE(max("seq"), 0) + 1, false) FROM "toolbox_invalidations";
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "seq" SET DEFAULT nextval('"toolbox_invalidations_seq_seq"');
