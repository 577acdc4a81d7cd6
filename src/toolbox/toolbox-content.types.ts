import { Arg, Field, ID, InterfaceType, Int } from 'type-graphql';
import { AppliedRuleInterface } from '../agents/agent.types';
import { JSONScalar } from '../common/scalars';
import { DropReasonEnum, ToolProviderEnum } from '../loadout/edge';
import type { DropReason } from '../loadout/vocabulary';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';

/**
 * What the preview (`toolbox`) and a turn (`beginTurn`, `Turn.toolbox`) have
 * in common, so that a client reads both with one fragment. The object types
 * keep their own fields (the contract's shapes) and declare these interfaces.
 */

/** The `provider` argument of `rendered`. */
export const PROVIDER_ARG_TEXT = "The shape to render in; absent: the model's provider's.";

/** What the fields naming a carried tool mean, said once for the interface and each type implementing it. */
export const CARRIED_TOOL_TEXT = {
  name: "The name sent to the model: the definition's own name, or its short form where that does not fit every provider (a long MCP name).",
  toolName:
    'The name of the stored definition the tool stands for, what rules and `recordToolCalls` take; on a turn whose definition was deleted, `name`.',
  mcpToolName: 'MCP tools: the name the server itself reported, what its `tools/call` takes; null for other tools.',
  mcpServerName: 'MCP tools: the registered name of the server that reported it; null for other tools.',
  position: '1-based place in the toolbox, which is in Sort Order (docs/semantics.md §3.11).',
  contentHash:
    'sha256 hex of what the model sees of the tool, as sent: the JSON of { name, description, inputSchema } (docs/semantics.md §3.14).',
  schemaTokens:
    "Input tokens the tool's definition adds to each request, rendered for the agent's model and counted with that provider's tokenizer; the request's fixed overhead is not in it.",
};

/** What the fields of a toolbox mean, said once for the interface and each type implementing it. */
export const TOOLBOX_TEXT = {
  fingerprint:
    "sha256 hex over the ordered entries' content hashes, joined by newlines; equal lists give equal fingerprints, and so one provider cache entry (docs/semantics.md §3.14).",
  tools: 'The tools carried, in toolbox order: what the model is sent.',
  toolCount: 'How many tools are carried: the length of `tools`.',
  schemaTokens:
    "The sum of the carried tools' schemaTokens: what the tool definitions add to each request, without the provider's fixed per-request overhead.",
  dropped:
    'Every candidate left out, with the first filter it failed: filter drops in Sort Order, then OVER_MAX_TOOLS, then OVER_TOKEN_BUDGET (docs/semantics.md §3.2). Definitions of other projects are not candidates and are not listed.',
};

/** What the fields of a left-out tool mean, said once for the interface and each type implementing it. */
export const LEFT_OUT_TEXT = {
  name: "The definition's own name.",
  reason: 'The first filter it failed.',
};

@InterfaceType('CarriedTool', {
  description: 'A tool a toolbox carries: a `ToolboxEntry` of the preview, a `SnapshotTool` of a recorded turn.',
})
export abstract class CarriedToolInterface {
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.position }) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field({ description: CARRIED_TOOL_TEXT.contentHash }) contentHash: string;
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.schemaTokens }) schemaTokens: number;
}

@InterfaceType('LeftOutTool', {
  description:
    'A tool a toolbox left out, and the first filter it failed: a `DroppedTool` of the preview, a `SnapshotDroppedTool` of a recorded turn.',
})
export abstract class LeftOutToolInterface {
  @Field({ description: LEFT_OUT_TEXT.name }) name: string;
  @Field(() => DropReasonEnum, { description: LEFT_OUT_TEXT.reason }) reason: DropReason;
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
  @Field({ description: TOOLBOX_TEXT.fingerprint }) fingerprint: string;
  @Field(() => [CarriedToolInterface], { description: TOOLBOX_TEXT.tools }) tools: CarriedToolInterface[];
  @Field(() => Int, { description: TOOLBOX_TEXT.toolCount }) toolCount: number;
  @Field(() => Int, { description: TOOLBOX_TEXT.schemaTokens }) schemaTokens: number;
  @Field(() => [LeftOutToolInterface], { description: TOOLBOX_TEXT.dropped }) dropped: LeftOutToolInterface[];

  // An interface field with an argument is declared as a method; each type resolves it from its own root.
  @Field(() => JSONScalar, {
    description: "The tools ready to send as the request's `tools`, in toolbox order, in the shape `provider` names (docs/renderings.md).",
  })
  rendered(
    @Arg('provider', () => ToolProviderEnum, { nullable: true, description: PROVIDER_ARG_TEXT }) provider: ToolProviderEnum | null,
  ): unknown {
    throw new Error(`rendered(${provider}) is resolved by each type that implements ToolboxContent`);
  }
}
