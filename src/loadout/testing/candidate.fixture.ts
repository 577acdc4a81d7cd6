import type { CandidateTool } from '../rules/assemble';
import { contentHash } from '../../common/content-hash';
import type { AgentFacts } from '../rules/facts';

/** A candidate that passes every filter, for specs of assembly and of the budget surface. */
export function candidateTool(name: string, over: Partial<CandidateTool> = {}): CandidateTool {
  return {
    id: `id-${name}`,
    name,
    contentHash: contentHash({ name, description: `about ${name}`, inputSchema: { type: 'object' } }),
    source: 'CUSTOM',
    tier: null,
    hostDependent: false,
    active: true,
    sortOrder: 0,
    projectId: null,
    agentId: null,
    channelKeys: [],
    contextObjectKeys: [],
    requiresMcpServer: false,
    ownerEnabled: true,
    hints: [],
    schemaRefusals: null,
    mcp: null,
    ...over,
  };
}

/** An agent of the organisation (no project) on every default, no rules and no MCP server in scope. */
export function agentFacts(over: Partial<AgentFacts> = {}): AgentFacts {
  return {
    id: 'agent-1',
    projectId: null,
    model: 'openai/gpt-4o',
    provider: 'openai',
    maxTools: 25,
    maxSchemaTokens: null,
    toolsMode: 'ALL_PAGES',
    executionContext: 'RUNNING_USER',
    rules: [],
    mcpServerInScope: false,
    ...over,
  };
}
