import { Arg, Field, ID, InterfaceType, Int } from 'type-graphql';
import { AppliedRuleInterface } from '../agents/agent.types';
import { ToolProviderEnum } from '../common/enums';
import { JSONScalar } from '../common/scalars';
import { DropReasonEnum } from '../loadout/graphql-enums';
import type { DropReason } from '../loadout/vocabulary';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';

/**
 * What the preview (`toolbox`) and a turn (`beginTurn`, `Turn.toolbox`) have
 * in common, so that a client reads both with one fragment. The object types
 * keep their own fields (the contract's shapes) and declare these interfaces.
 */

/** What the fields naming a carried tool mean, said once for the interface and each type implementing it. */
export const CARRIED_TOOL_TEXT = {
  name: "The name sent to the model: the definition's own name, or its short form where that does not fit every provider (a long MCP name).",
  toolName:
    'The name of the stored definition the tool stands for, what rules and `recordToolCalls` take; on a turn whose definition was deleted, `name`.',
  mcpToolName: 'MCP tools: the name the server itself reported, what its `tools/call` takes; null for other tools.',
  mcpServerName: 'MCP tools: the registered name of the server that reported it; null for other tools.',
};

@InterfaceType('CarriedTool', {
  description: 'A tool a toolbox carries: a `ToolboxEntry` of the preview, a `SnapshotTool` of a recorded turn.',
})
export abstract class CarriedToolInterface {
  @Field(() => Int, { description: '1-based, in Sort Order.' }) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field() contentHash: string;
  @Field(() => Int) schemaTokens: number;
}

@InterfaceType('LeftOutTool', {
  description:
    'A tool a toolbox left out, and the first filter it failed: a `DroppedTool` of the preview, a `SnapshotDroppedTool` of a recorded turn.',
})
export abstract class LeftOutToolInterface {
  @Field() name: string;
  @Field(() => DropReasonEnum) reason: DropReason;
  @Field(() => AppliedRuleInterface, { nullable: true, description: 'EXCLUDED: the DENY rule that applied.' })
  rule: AppliedRuleInterface | null;
  @Field(() => ToolDefinitionType, { nullable: true, description: 'SHADOWED: the definition of the same name carried instead.' })
  shadowedBy: ToolDefinitionType | null;
  @Field(() => SchemaRefusalType, { nullable: true, description: 'INCOMPATIBLE_SCHEMA: the schema rule broken, and where.' })
  schemaRefusal: SchemaRefusalType | null;
}

@InterfaceType('ToolboxContent', {
  description:
    'What a toolbox carries and leaves out, whichever call returned it. A runtime calls `beginTurn` on every model request: it records the turn and returns its `ToolboxSnapshot`. The `toolbox` query is a preview that records nothing and returns a `Toolbox`.',
})
export abstract class ToolboxContentInterface {
  @Field(() => ID, {
    description:
      'What a normalised client cache keys the toolbox on: a `Toolbox` names the situation previewed (agent, channel, page), a `ToolboxSnapshot` the stored frozen toolbox.',
  })
  id: string;
  @Field({ description: "sha256 hex over the ordered entries' content hashes; equal lists give equal fingerprints." })
  fingerprint: string;
  @Field(() => [CarriedToolInterface]) tools: CarriedToolInterface[];
  @Field(() => Int) toolCount: number;
  @Field(() => Int) schemaTokens: number;
  @Field(() => [LeftOutToolInterface]) dropped: LeftOutToolInterface[];

  // An interface field with an argument is declared as a method; each type resolves it from its own root.
  @Field(() => JSONScalar, {
    description: "The tools ready to send as the request's `tools`, in toolbox order, in the shape `provider` names (docs/renderings.md).",
  })
  rendered(@Arg('provider', () => ToolProviderEnum, { nullable: true }) provider: ToolProviderEnum | null): unknown {
    throw new Error(`rendered(${provider}) is resolved by each type that implements ToolboxContent`);
  }
}
