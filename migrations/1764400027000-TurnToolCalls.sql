-- The calls a turn's response made, as recordToolCalls counted them (docs/semantics.md §4.5): each call that names
-- its turn is kept on the turn too, so the debugger lists a turn's calls with their outcome without reading the call
-- log. At most 200 a turn; a fast default, so existing turns are not rewritten.
ALTER TABLE "turns" ADD "tool_calls" jsonb NOT NULL DEFAULT '[]';

-- migrate:down
ALTER TABLE "turns" DROP COLUMN "tool_calls";
