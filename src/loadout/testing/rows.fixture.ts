import type { AgentRow, LoadoutRows, ToolRow } from '../compiled/rows';

/** An organisation-wide custom definition on every channel and page, for example worlds of the loadout specs. */
export const toolRow = (id: string, name: string, over: Partial<ToolRow> = {}): ToolRow => ({
  id,
  organizationId: 'org',
  projectId: null,
  agentId: null,
  source: 'CUSTOM',
  name,
  description: id,
  inputSchema: { type: 'object' },
  active: true,
  sortOrder: 0,
  tier: null,
  hostDependent: false,
  requiresMcpServer: false,
  miniAppId: null,
  mcpServerId: null,
  mcpToolName: null,
  hints: [],
  schemaRefusals: null,
  contentHash: id,
  version: 1,
  channelKeys: [],
  contextObjectKeys: [],
  ...over,
});

export const agentRow = (id: string, over: Partial<AgentRow> = {}): AgentRow => ({
  id,
  organizationId: 'org',
  projectId: null,
  name: id,
  model: 'openai/gpt-4o',
  maxTools: 25,
  maxSchemaTokens: null,
  toolsMode: 'ALL_PAGES',
  executionContext: 'RUNNING_USER',
  budgetWarnThreshold: 48,
  budgetHotThreshold: 96,
  ...over,
});

/** One channel `web`, these context objects, no rules, apps or servers. */
export const exampleWorld = (tools: ToolRow[], agents: AgentRow[], contextObjects: string[] = []): LoadoutRows => ({
  organizationId: 'org',
  defaultModel: 'openai/gpt-4o',
  tools,
  agents,
  versions: new Map(agents.map((a) => [a.id, 1])),
  rules: [],
  miniApps: [],
  mcpServers: [],
  channels: [{ id: 'ch', organizationId: 'org', key: 'web', name: 'web' }],
  contextObjects: contextObjects.map((key, i) => ({ id: `co${i}`, organizationId: 'org', key, name: key })),
});
