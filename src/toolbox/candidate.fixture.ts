import type { CandidateTool } from './assemble-toolbox';
import { contentHash } from './canonical-json';

/** A candidate that passes every filter, for specs of assembly and of the budget surface. */
export function candidateTool(name: string, over: Partial<CandidateTool> = {}): CandidateTool {
  return {
    id: `id-${name}`,
    name,
    contentHash: contentHash({ name, description: `about ${name}`, inputSchema: { type: 'object' } }),
    active: true,
    sortOrder: 0,
    projectId: null,
    agentId: null,
    channelKeys: [],
    contextObjectKeys: [],
    requiresMcpServer: false,
    ownerEnabled: true,
    mcp: null,
    ...over,
  };
}
