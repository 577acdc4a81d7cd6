-- Affected sets in one stored form, the grid (src/invalidation/affected-sets.ts): every event names its set, and
-- a set lists its changed situations as a grid of change indexes per channel. Events that carry their situations
-- inline get a set of their own, and sets that list their situations are rewritten as a grid; what an event lists
-- is unchanged, in the same order.
CREATE TEMP TABLE "inline_sets" ON COMMIT DROP AS
  SELECT gen_random_uuid() AS "set_id", "organization_id", "seq" FROM "toolbox_invalidations" WHERE "affected_set_id" IS NULL;

-- Every changed situation to store again, one row each in the order it is listed, its fingerprints as a grid holds
-- them (base64url).
CREATE TEMP TABLE "listed_situations" ON COMMIT DROP AS
  SELECT e."set_id" AS "owner", a.n AS "ord",
         jsonb_build_object('id', a.v->'channel'->>'id', 'key', a.v->'channel'->>'key', 'name', a.v->'channel'->>'name') AS "channel",
         a.v->'page'->>'type' AS "page_type", a.v->'page'->>'contextObject' AS "context_object",
         rtrim(translate(encode(decode(a.v->>'previousFingerprint', 'hex'), 'base64'), '+/', '-_'), '=') AS "previous",
         rtrim(translate(encode(decode(a.v->>'newFingerprint', 'hex'), 'base64'), '+/', '-_'), '=') AS "next",
         a.v->'diff' AS "diff"
    FROM "inline_sets" e
    JOIN "toolbox_invalidations" i ON i."organization_id" = e."organization_id" AND i."seq" = e."seq"
    CROSS JOIN LATERAL jsonb_array_elements(i."affected") WITH ORDINALITY AS a(v, n)
  UNION ALL
  SELECT s."id", a.n, s."affected"->'channels'->((a.v->>0)::int), a.v->>1, a.v->>2,
         CASE WHEN jsonb_array_length(a.v) = 4 THEN s."affected"->'changes'->((a.v->>3)::int)->>0 ELSE a.v->>3 END,
         CASE WHEN jsonb_array_length(a.v) = 4 THEN s."affected"->'changes'->((a.v->>3)::int)->>1 ELSE a.v->>4 END,
         s."affected"->'diffs'->(CASE WHEN jsonb_array_length(a.v) = 4 THEN (s."affected"->'changes'->((a.v->>3)::int)->>2)::int ELSE (a.v->>5)::int END)
    FROM "invalidation_affected_sets" s
    CROSS JOIN LATERAL jsonb_array_elements(s."affected"->'situations') WITH ORDINALITY AS a(v, n)
   WHERE s."affected"->'grid' IS NULL;

-- The grid of each: channels and diffs in the order first listed, context objects in the catalogue's order (by
-- key), each distinct change once; a cell holds its situation's change, or nothing.
CREATE TEMP TABLE "grids" ON COMMIT DROP AS
WITH channels AS (
  SELECT "owner", "channel", row_number() OVER (PARTITION BY "owner" ORDER BY min("ord")) - 1 AS "at"
    FROM "listed_situations" GROUP BY "owner", "channel"),
contexts AS (
  SELECT "owner", "context_object", row_number() OVER (PARTITION BY "owner" ORDER BY "context_object") - 1 AS "at"
    FROM "listed_situations" WHERE "context_object" IS NOT NULL GROUP BY "owner", "context_object"),
diffs AS (
  SELECT "owner", "diff", row_number() OVER (PARTITION BY "owner" ORDER BY min("ord")) - 1 AS "at"
    FROM "listed_situations" GROUP BY "owner", "diff"),
changes AS (
  SELECT l."owner", l."previous", l."next", d."at" AS "diff_at", row_number() OVER (PARTITION BY l."owner" ORDER BY min(l."ord")) - 1 AS "at"
    FROM "listed_situations" l JOIN diffs d ON d."owner" = l."owner" AND d."diff" = l."diff"
   GROUP BY l."owner", l."previous", l."next", d."at"),
cells AS (
  SELECT l."owner", ch."at" AS "channel_at",
         CASE WHEN l."context_object" IS NOT NULL THEN 3 + co."at" WHEN l."page_type" = 'HOME' THEN 0 WHEN l."page_type" = 'LIST' THEN 1 ELSE 2 END AS "column_at",
         c."at" AS "change_at"
    FROM "listed_situations" l
    JOIN channels ch ON ch."owner" = l."owner" AND ch."channel" = l."channel"
    JOIN diffs d ON d."owner" = l."owner" AND d."diff" = l."diff"
    JOIN changes c ON c."owner" = l."owner" AND c."previous" = l."previous" AND c."next" = l."next" AND c."diff_at" = d."at"
    LEFT JOIN contexts co ON co."owner" = l."owner" AND co."context_object" = l."context_object"),
widths AS (
  SELECT ch."owner", 3 + (SELECT count(*) FROM contexts co WHERE co."owner" = ch."owner") AS "columns"
    FROM channels ch GROUP BY ch."owner"),
grid_rows AS (
  SELECT ch."owner", ch."at",
         (SELECT string_agg(coalesce(ce."change_at"::text, ''), ',' ORDER BY k)
            FROM generate_series(0, w."columns" - 1) AS k
            LEFT JOIN cells ce ON ce."owner" = ch."owner" AND ce."channel_at" = ch."at" AND ce."column_at" = k) AS "row"
    FROM channels ch JOIN widths w ON w."owner" = ch."owner")
SELECT w."owner", jsonb_build_object(
         'channels', (SELECT jsonb_agg(ch."channel" ORDER BY ch."at") FROM channels ch WHERE ch."owner" = w."owner"),
         'diffs', (SELECT jsonb_agg(d."diff" ORDER BY d."at") FROM diffs d WHERE d."owner" = w."owner"),
         'changes', (SELECT jsonb_agg(jsonb_build_array(c."previous", c."next", c."diff_at") ORDER BY c."at") FROM changes c WHERE c."owner" = w."owner"),
         'contexts', coalesce((SELECT jsonb_agg(co."context_object" ORDER BY co."at") FROM contexts co WHERE co."owner" = w."owner"), '[]'::jsonb),
         'grid', (SELECT jsonb_agg(g."row" ORDER BY g."at") FROM grid_rows g WHERE g."owner" = w."owner")) AS "affected"
  FROM widths w;

UPDATE "invalidation_affected_sets" s SET "affected" = g."affected" FROM "grids" g WHERE g."owner" = s."id";
-- A set that lists no situation holds an empty grid.
UPDATE "invalidation_affected_sets" SET "affected" = '{"channels": [], "diffs": [], "changes": [], "contexts": [], "grid": []}'::jsonb
 WHERE "affected"->'grid' IS NULL;
INSERT INTO "invalidation_affected_sets" ("id", "organization_id", "affected")
  SELECT e."set_id", e."organization_id",
         coalesce(g."affected", '{"channels": [], "diffs": [], "changes": [], "contexts": [], "grid": []}'::jsonb)
    FROM "inline_sets" e LEFT JOIN "grids" g ON g."owner" = e."set_id";
UPDATE "toolbox_invalidations" i SET "affected_set_id" = e."set_id"
  FROM "inline_sets" e WHERE i."organization_id" = e."organization_id" AND i."seq" = e."seq";

ALTER TABLE "toolbox_invalidations" DROP COLUMN "affected";
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "affected_set_id" SET NOT NULL;

-- migrate:down
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "affected_set_id" DROP NOT NULL;
ALTER TABLE "toolbox_invalidations" ADD "affected" jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE "toolbox_invalidations" ALTER COLUMN "affected" DROP DEFAULT;
