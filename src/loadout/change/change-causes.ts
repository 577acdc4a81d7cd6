/** What kind of change altered a toolbox: each service names its own when it records a change (loadout/edge/change.ts); registered for GraphQL by loadout/edge/graphql-enums.ts. */
export enum InvalidationCauseEnum {
  TOOL_CREATED = 'TOOL_CREATED',
  TOOL_UPDATED = 'TOOL_UPDATED',
  TOOL_DELETED = 'TOOL_DELETED',
  RULE_CHANGED = 'RULE_CHANGED',
  AGENT_UPDATED = 'AGENT_UPDATED',
  MINI_APP_CHANGED = 'MINI_APP_CHANGED',
  MCP_SERVER_CHANGED = 'MCP_SERVER_CHANGED',
  MCP_INVENTORY_CHANGED = 'MCP_INVENTORY_CHANGED',
  CHANGE_SET = 'CHANGE_SET',
}
