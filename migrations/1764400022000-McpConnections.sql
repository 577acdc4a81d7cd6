-- MCP servers Loadout connects to itself (docs/mcp-connections.md). A server keeps how it is reached: REPORTED
-- (a runtime reports its tools/list, as every server did before), STREAMABLE_HTTP or SSE at a URL, or STDIO for
-- servers the operator's file declares. Header values are one encrypted blob; only their names are readable.
ALTER TABLE "mcp_servers" ADD "transport" text NOT NULL DEFAULT 'REPORTED';
ALTER TABLE "mcp_servers" ADD "url" text;
ALTER TABLE "mcp_servers" ADD "header_names" text[] NOT NULL DEFAULT '{}';
ALTER TABLE "mcp_servers" ADD "header_secret" text;

-- One row per server Loadout probes: the last attempt and the last success, the error a person can act on, when
-- the next probe is due, what the server said of itself, the last list stored (its hash, and a mark of the
-- definitions it left, so an unchanged list is not stored again), and which instance holds it (the lease) until when.
CREATE TABLE "mcp_probes" (
  "server_id" uuid NOT NULL,
  "organization_id" uuid NOT NULL,
  "last_probed_at" TIMESTAMP WITH TIME ZONE,
  "last_ok_at" TIMESTAMP WITH TIME ZONE,
  "last_error" text,
  "failures" integer NOT NULL DEFAULT 0,
  "next_probe_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
  "server_name" text,
  "server_version" text,
  "protocol_version" text,
  "capabilities" json,
  "listed_hash" text,
  "stored_mark" text,
  "holder" text,
  "held_until" TIMESTAMP WITH TIME ZONE,
  CONSTRAINT "PK_mcp_probes" PRIMARY KEY ("server_id"),
  CONSTRAINT "FK_mcp_probes_server" FOREIGN KEY ("server_id") REFERENCES "mcp_servers"("id") ON DELETE CASCADE ON UPDATE NO ACTION
);
CREATE INDEX "idx_mcp_probes_organization" ON "mcp_probes" ("organization_id");
CREATE INDEX "idx_mcp_probes_held_until" ON "mcp_probes" ("held_until");

-- migrate:down
DROP TABLE "mcp_probes";
ALTER TABLE "mcp_servers" DROP COLUMN "header_secret";
ALTER TABLE "mcp_servers" DROP COLUMN "header_names";
ALTER TABLE "mcp_servers" DROP COLUMN "url";
ALTER TABLE "mcp_servers" DROP COLUMN "transport";
