-- An agent's own definition is a scope of its own: a tool's name is unique per (organisation, project, agent,
-- source), so an agent may hold a name its project holds in the same source (shadowing it for that agent alone)
-- and two agents of one project may each hold their own. A unique index treats NULLs as distinct, so a missing
-- project or agent is mapped to one value: two organisation-wide definitions of one name still conflict.
DROP INDEX "public"."uq_tool_definitions_scope_name";
CREATE UNIQUE INDEX "uq_tool_definitions_scope_agent_name" ON "tool_definitions"
  ("organization_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid),
   COALESCE("agent_id", '00000000-0000-0000-0000-000000000000'::uuid), "source", "name");

-- migrate:down
-- Refused while an agent's definition shares a name with its scope's in one source: rename or delete those first.
DROP INDEX "public"."uq_tool_definitions_scope_agent_name";
CREATE UNIQUE INDEX "uq_tool_definitions_scope_name" ON "tool_definitions"
  ("organization_id", COALESCE("project_id", '00000000-0000-0000-0000-000000000000'::uuid), "source", "name");
