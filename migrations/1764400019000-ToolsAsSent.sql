-- A tool's input schema is kept as its sender wrote it, key order included: models read parameters in order and
-- the debugger shows what was sent. json keeps the text it is given; jsonb re-orders keys.
ALTER TABLE "tool_definitions" ALTER COLUMN "input_schema" TYPE json USING "input_schema"::json;
ALTER TABLE "tool_contents" ALTER COLUMN "input_schema" TYPE json USING "input_schema"::json;

-- An MCP tool's tools/list entry beyond what a model is sent (title, annotations, outputSchema, _meta, icons,
-- execution, keys not yet known), as the server reported it; and the annotation hints it sets true, which rules read.
ALTER TABLE "tool_definitions" ADD COLUMN "mcp_entry" json;
ALTER TABLE "tool_definitions" ADD COLUMN "hints" text array NOT NULL DEFAULT '{}';

-- Per provider, the first provider schema rule the input schema breaks ('{}': none). NULL: not checked when written
-- (rows that predate the rules); such a row is checked when it is loaded.
ALTER TABLE "tool_definitions" ADD COLUMN "schema_refusals" json;

-- The entries of the server's last inventory that could not be stored at all, each with its reason.
ALTER TABLE "mcp_servers" ADD COLUMN "refused_tools" json NOT NULL DEFAULT '[]';

-- migrate:down
ALTER TABLE "mcp_servers" DROP COLUMN "refused_tools";
ALTER TABLE "tool_definitions" DROP COLUMN "schema_refusals";
ALTER TABLE "tool_definitions" DROP COLUMN "hints";
ALTER TABLE "tool_definitions" DROP COLUMN "mcp_entry";
ALTER TABLE "tool_contents" ALTER COLUMN "input_schema" TYPE jsonb USING "input_schema"::jsonb;
ALTER TABLE "tool_definitions" ALTER COLUMN "input_schema" TYPE jsonb USING "input_schema"::jsonb;
