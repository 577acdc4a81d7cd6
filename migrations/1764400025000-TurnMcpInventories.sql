-- What each turn's MCP servers were like when it began (docs/mcp-connections.md, "Where it shows"): for every server
-- whose tools the toolbox carried, its name, how Loadout gets its tools, whether it had an inventory, when a probe last
-- succeeded and why the last one failed. The debugger tells from these whether the inventory was fresh, stale or
-- reported. Turns begun before this migration have none (null).
ALTER TABLE "turns" ADD "mcp_inventories" json;

-- migrate:down
ALTER TABLE "turns" DROP COLUMN "mcp_inventories";
