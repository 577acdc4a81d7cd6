import { registerEnumType } from 'type-graphql';

/** What kind of change altered a toolbox: each service names its own when it records a change (loadout/change.ts). */
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

registerEnumType(InvalidationCauseEnum, {
  name: 'InvalidationCause',
  description: 'The kind of change that altered a toolbox (docs/semantics.md §5.1).',
  valuesConfig: {
    TOOL_CREATED: { description: 'createToolDefinition.' },
    TOOL_UPDATED: { description: 'updateToolDefinition.' },
    TOOL_DELETED: { description: 'deleteToolDefinition.' },
    RULE_CHANGED: { description: 'setToolRule or removeToolRule.' },
    AGENT_UPDATED: { description: "updateAgent changed the agent's model, maxTools, maxSchemaTokens or toolsMode." },
    MINI_APP_CHANGED: { description: 'setMiniAppEnabled.' },
    MCP_SERVER_CHANGED: { description: 'registerMcpServer or updateMcpServer.' },
    MCP_INVENTORY_CHANGED: { description: "An inventory report (reportMcpTools, reportMcpInventory) changed the server's tools." },
    CHANGE_SET: { description: 'applyChangeSet: one event per agent for the whole set.' },
  },
});
