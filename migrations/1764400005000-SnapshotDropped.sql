-- What each turn's toolbox left out and why, frozen with the snapshot. Earlier snapshots did not record it.
ALTER TABLE "toolbox_snapshots" ADD "dropped" jsonb NOT NULL DEFAULT '[]';

-- migrate:down
ALTER TABLE "toolbox_snapshots" DROP COLUMN "dropped";
