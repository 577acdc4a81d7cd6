import fc from 'fast-check';
import { UpdateAgentDocument, UpdateToolDefinitionDocument, type RuleEffect } from './generated/graphql';
import type { GraphQLClient } from './harness';
import { TestWorld } from './test-world';

/** The generated world edits act on: its tools `tool_0`… and agents by index, its channels, and the edits' bounds. */
export interface EditedWorld {
  tools: number;
  agents: number;
  channels: readonly string[];
  /** The largest maxTools an edit sets (the smallest is 1). */
  maxTools: number;
  /** The effects a rule an edit sets may have. */
  effects: readonly RuleEffect[];
}

/** One edit of a generated world's loadout: a tool turned on or off, re-described or put on other channels, an agent's maxTools, or a rule on an agent. */
export type EditStep =
  | { kind: 'active'; tool: number; active: boolean }
  | { kind: 'description'; tool: number }
  | { kind: 'channels'; tool: number; channels: string[] }
  | { kind: 'maxTools'; agent: number; maxTools: number }
  | { kind: 'rule'; agent: number; tool: number; effect: RuleEffect };

/** A spec's own step (a read, a turn) six times in ten, else one of the edits, each as likely. */
export function stepsWithEdits<Own>(own: fc.Arbitrary<Own>, world: EditedWorld): fc.Arbitrary<Own | EditStep> {
  const tool = fc.nat(world.tools - 1);
  const agent = fc.nat(world.agents - 1);
  const edit = <T>(arbitrary: fc.Arbitrary<T>) => ({ weight: 1, arbitrary });
  return fc.oneof(
    { weight: 6, arbitrary: own },
    edit(fc.record({ kind: fc.constant('active' as const), tool, active: fc.boolean() })),
    edit(fc.record({ kind: fc.constant('description' as const), tool })),
    edit(fc.record({ kind: fc.constant('channels' as const), tool, channels: fc.subarray([...world.channels]) })),
    edit(fc.record({ kind: fc.constant('maxTools' as const), agent, maxTools: fc.integer({ min: 1, max: world.maxTools }) })),
    edit(fc.record({ kind: fc.constant('rule' as const), agent, tool, effect: fc.constantFrom(...world.effects) })),
  );
}

/** Makes the edit `step`, the `n`th of its script, through the API: `tools` and `agents` are the world's rows by index. */
export async function applyEdit(
  client: GraphQLClient,
  key: string,
  rows: { tools: Array<{ id: string }>; agents: Array<{ id: string }> },
  step: EditStep,
  n: number,
): Promise<void> {
  if (step.kind === 'rule') {
    await new TestWorld(client).rules(key, [
      { agentId: rows.agents[step.agent].id, toolName: `tool:tool_${step.tool}`, effect: step.effect },
    ]);
  } else if (step.kind === 'maxTools') {
    await client.ok(key, UpdateAgentDocument, { id: rows.agents[step.agent].id, input: { maxTools: step.maxTools } });
  } else {
    const input =
      step.kind === 'active'
        ? { active: step.active }
        : step.kind === 'channels'
          ? { channels: step.channels }
          : { description: `Edit ${n}` };
    await client.ok(key, UpdateToolDefinitionDocument, { id: rows.tools[step.tool].id, input });
  }
}
