-- The provider schema rules changed (docs/semantics.md §8.3): Gemini takes "description", "default" and "$" keywords
-- beside "$ref"; OpenAI refuses "not", "enum" and "const" at the top; Anthropic refuses top-level property names
-- outside its pattern and what draft 2020-12 refuses ("items" as a list, "$id" with a fragment). The definitions a
-- changed rule may judge otherwise are marked not checked (NULL), so they are checked when loaded; the others keep
-- their refusals.
UPDATE "tool_definitions" SET "schema_refusals" = NULL
 WHERE "schema_refusals" IS NOT NULL
   AND ("input_schema"::text LIKE '%"$ref"%'
     OR "input_schema"::text LIKE '%"$id"%'
     OR "input_schema"::text ~ '"items"\s*:\s*\['
     OR (json_typeof("input_schema") = 'object'
         AND ("input_schema"->'not' IS NOT NULL OR "input_schema"->'enum' IS NOT NULL OR "input_schema"->'const' IS NOT NULL
              OR (json_typeof("input_schema"->'properties') = 'object'
                  AND EXISTS (SELECT 1 FROM json_object_keys("input_schema"->'properties') AS k
                               WHERE k !~ '^[a-zA-Z0-9_.-]{1,64}$')))));

-- migrate:down
-- Refusals checked by the newer rules stay as they are: a NULL row is checked by whatever rules load it.
