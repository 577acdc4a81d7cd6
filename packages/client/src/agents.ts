import { AgentsDocument, type AgentsQuery } from '../generated/graphql';
import type { Client } from './client';

export type AgentSummary = AgentsQuery['agentsPage']['edges'][number]['node'];

/** Every agent the key can see, a page of 100 at a time. */
export async function listAgents(client: Client): Promise<AgentSummary[]> {
  const agents: AgentSummary[] = [];
  for (let after: string | null = null; ;) {
    const { agentsPage }: AgentsQuery = await client(AgentsDocument, { after });
    agents.push(...agentsPage.edges.map((edge) => edge.node));
    if (!agentsPage.pageInfo.hasNextPage) return agents;
    after = agentsPage.pageInfo.endCursor;
  }
}

/** The agent with this name or id, or an error listing the names the key can see. */
export async function findAgent(client: Client, nameOrId: string): Promise<AgentSummary> {
  const agents = await listAgents(client);
  const found = agents.find((agent) => agent.name === nameOrId || agent.id === nameOrId);
  if (found) return found;
  const known = agents.length ? agents.map((agent) => agent.name).join(', ') : 'none';
  throw new Error(`no agent named '${nameOrId}'; the agents this key can see: ${known}`);
}
