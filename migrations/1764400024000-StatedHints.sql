-- hint: rules follow MCP's defaults (docs/semantics.md §3.9), so a definition keeps what its server's annotations
-- state of each hint, true as "<hint>" and false as "!<hint>", in the order destructive, readOnly, idempotent,
-- openWorld (src/loadout/hints.ts); it kept only the hints set to true.
UPDATE "tool_definitions" d SET "hints" = ARRAY(
  SELECT CASE WHEN (d."mcp_entry"->'annotations'->(h.name || 'Hint'))::text = 'true' THEN h.name ELSE '!' || h.name END
    FROM unnest(ARRAY['destructive', 'readOnly', 'idempotent', 'openWorld']) WITH ORDINALITY AS h(name, n)
   WHERE json_typeof(d."mcp_entry"->'annotations'->(h.name || 'Hint')) = 'boolean'
   ORDER BY h.n)
 WHERE d."source" = 'MCP' AND json_typeof(d."mcp_entry"->'annotations') = 'object';

-- migrate:down
UPDATE "tool_definitions" SET "hints" = ARRAY(SELECT h FROM unnest("hints") WITH ORDINALITY AS s(h, n) WHERE h NOT LIKE '!%' ORDER BY n);
