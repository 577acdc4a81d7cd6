-- Where a conversation's turns come from (docs/mcp-gateway.md, "What is recorded"): a runtime's beginTurn, or the
-- lists of an MCP client of the gateway, whose turns list only the tools Loadout runs. Existing conversations are
-- runtimes'.
ALTER TABLE "conversations" ADD "source" text NOT NULL DEFAULT 'RUNTIME';
ALTER TABLE "conversations" ADD CONSTRAINT "ck_conversations_source" CHECK ("source" IN ('RUNTIME', 'MCP_GATEWAY'));

-- migrate:down
ALTER TABLE "conversations" DROP CONSTRAINT "ck_conversations_source";
ALTER TABLE "conversations" DROP COLUMN "source";
