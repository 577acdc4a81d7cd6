import type { BeginRuntimeTurnMutation } from '../../generated/graphql';

/** A tool a turn carries: the name it was sent under, and the stored tool (and MCP server) it stands for. */
export type CarriedTool = BeginRuntimeTurnMutation['beginTurn']['toolbox']['tools'][number];

/**
 * The name the OpenAI Agents SDK gives a function tool: `tool()` replaces
 * every character outside [A-Za-z0-9] with `_`, so `github.get-issue` goes to
 * the model, and comes back in its calls, as `github_get_issue`.
 */
export const agentsSdkName = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '_');

/**
 * The tools of one turn, found by any name a model may call them by: the
 * name sent (a short form included), the definition's own name, and the
 * Agents SDK's renaming of either. An exact name always wins; a renamed one
 * that two tools share names neither.
 */
export class CarriedTools {
  private readonly exact = new Map<string, CarriedTool>();
  private readonly renamed = new Map<string, CarriedTool | null>();

  constructor(readonly tools: readonly CarriedTool[]) {
    for (const tool of tools) {
      for (const name of [tool.name, tool.toolName]) if (!this.exact.has(name)) this.exact.set(name, tool);
    }
    for (const tool of tools) {
      for (const name of new Set([agentsSdkName(tool.name), agentsSdkName(tool.toolName)])) {
        const seen = this.renamed.get(name);
        this.renamed.set(name, seen === undefined || seen === tool ? tool : null);
      }
    }
  }

  /** The tool a model's call names, or undefined for a name this turn did not send. */
  find(calledName: string): CarriedTool | undefined {
    return this.exact.get(calledName) ?? this.renamed.get(calledName) ?? undefined;
  }
}
