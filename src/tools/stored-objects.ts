import type { AgentEntity } from '../agents/agent.entity';
import { loadersOf, type RequestContext } from '../common/context';
import { conflict } from '../common/errors';
import type { ToolDefinitionEntity } from './tool-definition.entity';

/**
 * A toolbox is assembled from the loadout's compiled rows, which hold what
 * assembly reads and not every field a definition or an agent declares
 * (updatedAt, loadoutVersion, ...). The definitions and agents a client
 * reads of a toolbox are the stored rows, through the request's loaders,
 * as `toolDefinition(id:)` and `agent(id:)` answer them.
 */

/** A row deleted after the loadout was read: the toolbox no longer holds as read. */
const deletedMeanwhile = (what: string) => conflict(`${what} was deleted while the toolbox was read; read it again`);

export async function storedDefinition(ctx: RequestContext, id: string): Promise<ToolDefinitionEntity> {
  const tool = await loadersOf(ctx).toolDefinition.load(id);
  if (!tool) throw deletedMeanwhile(`Tool definition ${id}`);
  return tool;
}

/** The stored definitions of these rows, in their order; one deleted meanwhile is left out. */
export async function storedDefinitions(ctx: RequestContext, rows: ReadonlyArray<{ id: string }>): Promise<ToolDefinitionEntity[]> {
  const found = await loadersOf(ctx).toolDefinition.loadMany(rows.map((r) => r.id));
  const failed = found.find((t) => t instanceof Error);
  if (failed) throw failed;
  return found.filter((t): t is ToolDefinitionEntity => t !== null);
}

export async function storedAgent(ctx: RequestContext, id: string): Promise<AgentEntity> {
  const agent = await loadersOf(ctx).agent.load(id);
  if (!agent) throw deletedMeanwhile(`Agent ${id}`);
  return agent;
}
