import { randomUUID } from 'node:crypto';
import type { AgentRow, LoadoutRows, ToolRow } from '../rows';

export interface WorldShape {
  tools: number;
  agents: number;
  channels: number;
  contextObjects: number;
  /** Properties of each input schema, each with a description. */
  schemaProperties: number;
}

const hex = () => randomUUID().replace(/-/g, '');

/**
 * An organisation's rows as `pg` hands them over: a string of its own for
 * every value, input schemas parsed from JSON text, dates as Date objects.
 * What the cache's estimate is measured against.
 */
export function pgShapedRows(shape: WorldShape): LoadoutRows {
  const organizationId = randomUUID();
  const projectId = randomUUID();
  const channels = Array.from({ length: shape.channels }, (_, i) => `ch${i}`);
  const contextObjects = Array.from({ length: shape.contextObjects }, (_, i) => `Obj${i}`);
  const schema = JSON.stringify({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: shape.schemaProperties }, (_, k) => [`field_${k}`, { type: 'string', description: `Field ${k} of the record` }]),
    ),
  });
  const tools = Array.from({ length: shape.tools }, (_, i): ToolRow => {
    const row = JSON.parse(
      JSON.stringify({
        id: randomUUID(),
        organizationId,
        projectId: null,
        agentId: null,
        source: 'CUSTOM',
        name: `tool_${String(i).padStart(5, '0')}`,
        description: `Looks up records of kind ${i % 37} and returns the first page of them.`,
        active: true,
        sortOrder: (i * 7919) % 100_000,
        tier: null,
        hostDependent: false,
        requiresMcpServer: false,
        miniAppId: null,
        mcpServerId: null,
        mcpToolName: null,
        contentHash: hex() + hex(),
        version: 1,
        channelKeys: channels.length && i % 3 ? [channels[i % channels.length]] : [],
        contextObjectKeys: contextObjects.length && i % 4 === 0 ? [contextObjects[i % contextObjects.length]] : [],
      }),
    ) as ToolRow;
    return { ...row, inputSchema: JSON.parse(schema), createdAt: new Date(), updatedAt: new Date() };
  });
  const agents = Array.from({ length: shape.agents }, (_, i): AgentRow => ({
    id: randomUUID(),
    organizationId: `${organizationId}`,
    projectId: `${projectId}`,
    name: `agent_${i}`,
    model: 'openai/gpt-4o',
    maxTools: 25,
    maxSchemaTokens: null,
    toolsMode: 'ALL_PAGES',
    executionContext: 'RUNNING_USER',
    budgetWarnThreshold: 48,
    budgetHotThreshold: 96,
    loadoutVersion: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  }));
  const catalogue = (key: string) => ({ id: randomUUID(), organizationId, key, name: key });
  return {
    organizationId,
    defaultModel: 'openai/gpt-4o',
    tools,
    agents,
    rules: [],
    miniApps: [],
    mcpServers: [],
    channels: channels.map(catalogue),
    contextObjects: contextObjects.map(catalogue),
  };
}
