import { ArrayMaxSize, IsInt, Length, Max, MaxLength, Min } from 'class-validator';
import { GraphQLScalarType } from 'graphql';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ToolProviderEnum, ToolSourceEnum } from '../loadout/edge';
import type { ToolSource } from '../loadout/vocabulary';
import { Connection } from '../common/pagination';
import { JSONScalar } from '../common/scalars';
import { DESCRIPTION_MAX, IsCatalogueKey } from '../common/validation';
import { IsJsonSchema } from './json-schema';
import { IsProviderToolName } from './tool-name';
import type { JsonObject } from '../common/json';
import type { SchemaRefusals } from '../loadout/tokens';
import { DISPLAY_NAME_TEXT, ID_TEXT, KEEP_TEXT, ownerProjectText } from '../common/schema-text';
import { TOOL_TEXT } from './tool-definition-text';

@ObjectType('ToolDefinition', {
  simpleResolvers: true,
  description:
    'A tool an agent can carry: what the model is sent (name, description, input schema) and where it is offered (docs/semantics.md §3).',
})
export class ToolDefinitionType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: TOOL_TEXT.name }) name: string;
  @Field({ description: TOOL_TEXT.description }) description: string;
  @Field(() => JSONScalar, { description: TOOL_TEXT.inputSchema }) inputSchema: JsonObject;
  @Field(() => ToolSourceEnum, { description: 'Where the definition comes from.' }) source: ToolSource;
  @Field({ description: TOOL_TEXT.active }) active: boolean;
  @Field(() => Int, { description: TOOL_TEXT.sortOrder }) sortOrder: number;
  @Field(() => Int, {
    nullable: true,
    description: TOOL_TEXT.tier,
    deprecationReason: 'Tool Tier is ignored by the runtime. It is kept only so that existing configurations keep saving.',
  })
  tier: number | null;
  @Field({ description: TOOL_TEXT.hostDependent }) hostDependent: boolean;
  @Field({ description: TOOL_TEXT.requiresMcpServer }) requiresMcpServer: boolean;
  @Field({
    description:
      'sha256 hex of the model-visible content as sent: the JSON of { name, description, inputSchema }, the schema in its own key order, no insignificant whitespace.',
  })
  contentHash: string;
  @Field(() => String, { nullable: true, description: 'MCP tools: the name the server reported, without the mcp__<server>__ prefix.' })
  mcpToolName: string | null;
  @Field(() => Int, {
    description:
      'Starts at 1; one more with every update that changes a field other than tier, and every inventory report that changes the tool.',
  })
  version: number;
  @Field({ description: 'When the definition was last written.' }) updatedAt: Date;
  organizationId: string;
  projectId: string | null;
  agentId: string | null;
  miniAppId: string | null;
  mcpServerId: string | null;
  mcpEntry: JsonObject | null;
  /** As stored; ToolDefinition.schemaRefusals shows them. */
  schemaRefusals: SchemaRefusals | null;
}

@ObjectType('McpToolAnnotations', {
  description:
    "What an MCP server says of a tool's behaviour, as reported: hints, not guarantees. A hint the server leaves out is null; rules read each as stated, or by MCP's defaults where it is null (hint:<name>, docs/semantics.md §3.9).",
})
export class McpToolAnnotationsType {
  @Field(() => String, { nullable: true, description: 'A display name for the tool.' }) title: string | null;
  @Field(() => Boolean, { nullable: true, description: 'The tool does not modify its environment.' }) readOnlyHint: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'The tool may perform destructive updates.' }) destructiveHint: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'Calling it again with the same arguments has no further effect.' })
  idempotentHint: boolean | null;
  @Field(() => Boolean, { nullable: true, description: 'The tool may interact with an open world of external entities.' })
  openWorldHint: boolean | null;
}

@ObjectType('SchemaRefusal', {
  description: "INCOMPATIBLE_SCHEMA: the provider schema rule a tool's input schema breaks for the agent's provider, and where.",
})
export class SchemaRefusalType {
  @Field(() => ToolProviderEnum, { description: 'The provider family whose rule it is: OPENAI, ANTHROPIC or GOOGLE (docs/renderings.md).' })
  provider: ToolProviderEnum;
  @Field({ description: 'The rule, as the provider schema rules name it (object-at-top, array-items, ref-resolves, ...).' }) rule: string;
  @Field({ description: "JSON Pointer into the input schema of the first place that breaks it ('' is the whole schema)." })
  pointer: string;
  @Field({ description: 'The rule and the pointer as a person reads them.' }) message: string;
}

@ObjectType('RefusedMcpTool', { description: "An entry of an MCP server's last inventory that cannot be used at all, and why." })
export class RefusedMcpToolType {
  @Field(() => Int, { description: 'Its 0-based place in the reported list.' }) index: number;
  @Field(() => String, { nullable: true, description: 'The name it was reported under, if it had one.' }) name: string | null;
  @Field({ description: 'The input field at fault, as tools[i].inputSchema.' }) field: string;
  @Field({ description: 'Why it was refused, as a person reads it.' }) reason: string;
}

@ObjectType('ToolDefinitionConnection', { description: 'A page of tool definitions, in Sort Order (sortOrder, name, id).' })
export class ToolDefinitionConnectionType extends Connection(ToolDefinitionType) {}

@ObjectType('MiniApp', { description: 'An app whose tools (source MINI_APP) come and go together as it is enabled or disabled.' })
export class MiniAppType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field({ description: DISPLAY_NAME_TEXT }) name: string;
  @Field({ description: "A disabled mini app's tools drop (OWNER_DISABLED)." }) enabled: boolean;
  organizationId: string;
  projectId: string | null;
}

@InputType('ToolDefinitionInput', { description: 'A new tool definition; a field left out takes the default it states.' })
export class ToolDefinitionInput {
  @Field({ description: TOOL_TEXT.name }) @IsProviderToolName() name: string;
  @Field({ description: TOOL_TEXT.description }) @MaxLength(DESCRIPTION_MAX) description: string;
  @Field(() => JSONScalar, { description: TOOL_TEXT.inputSchema }) @IsJsonSchema() inputSchema: JsonObject;
  @Field(() => ToolSourceEnum, {
    nullable: true,
    description: 'Default CUSTOM, or MINI_APP with miniAppId. MCP tools come from reportMcpTools and reportMcpInventory.',
  })
  source?: ToolSource;
  @Field({ nullable: true, description: `${TOOL_TEXT.active} Default true.` }) active?: boolean;
  @Field(() => ID, { nullable: true, description: `${TOOL_TEXT.agent} Absent: every agent. Not for BUILT_IN tools.` }) agentId?: string;
  @Field(() => ID, { nullable: true, description: `${ownerProjectText('definition')} With miniAppId: the mini app's project.` })
  projectId?: string;
  @Field(() => [String], { nullable: true, description: `${TOOL_TEXT.channels} Default empty.` })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  channels?: string[];
  @Field(() => [String], { nullable: true, description: `${TOOL_TEXT.contextObjects} Default empty.` })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  contextObjects?: string[];
  @Field(() => Int, {
    nullable: true,
    description: `${TOOL_TEXT.sortOrder} Default: one past the largest of the definitions it can share a toolbox with, so it lands last.`,
  })
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  sortOrder?: number;
  @Field(() => Int, { nullable: true, description: TOOL_TEXT.tier, deprecationReason: 'Ignored by the runtime.' }) tier?: number;
  @Field({ nullable: true, description: `${TOOL_TEXT.hostDependent} Default false.` }) hostDependent?: boolean;
  @Field({ nullable: true, description: `${TOOL_TEXT.requiresMcpServer} Default false.` }) requiresMcpServer?: boolean;
  @Field(() => ID, { nullable: true, description: `${TOOL_TEXT.miniApp} Absent: none.` }) miniAppId?: string;
}

@InputType('UpdateToolDefinitionInput', {
  description: 'Fields to change; one left out or null stays as it is, except tier (null clears it, docs/semantics.md §3.15).',
})
export class UpdateToolDefinitionInput {
  @Field({ nullable: true, description: `${TOOL_TEXT.name} MCP tools keep theirs. ${KEEP_TEXT}` }) @IsProviderToolName() name?: string;
  @Field({ nullable: true, description: `${TOOL_TEXT.description} ${KEEP_TEXT}` }) @MaxLength(DESCRIPTION_MAX) description?: string;
  @Field(() => JSONScalar, { nullable: true, description: `${TOOL_TEXT.inputSchema} ${KEEP_TEXT}` })
  @IsJsonSchema()
  inputSchema?: JsonObject;
  @Field({ nullable: true, description: `${TOOL_TEXT.active} ${KEEP_TEXT}` }) active?: boolean;
  @Field(() => ID, { nullable: true, description: `${TOOL_TEXT.agent} ${KEEP_TEXT} Not for BUILT_IN tools.` }) agentId?: string;
  @Field({
    nullable: true,
    description: 'True: no longer scoped to an agent, so every agent of its scope may carry it. Wins over agentId.',
  })
  clearAgent?: boolean;
  @Field(() => [String], { nullable: true, description: `${TOOL_TEXT.channels} ${KEEP_TEXT}` })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  channels?: string[];
  @Field(() => [String], { nullable: true, description: `${TOOL_TEXT.contextObjects} ${KEEP_TEXT}` })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  contextObjects?: string[];
  @Field(() => Int, { nullable: true, description: `${TOOL_TEXT.sortOrder} ${KEEP_TEXT}` })
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  sortOrder?: number;
  @Field(() => Int, {
    nullable: true,
    description: `${TOOL_TEXT.tier} Null clears it; no version moves and no toolbox changes.`,
    deprecationReason: 'Ignored by the runtime.',
  })
  tier?: number;
  @Field({ nullable: true, description: `${TOOL_TEXT.hostDependent} ${KEEP_TEXT}` }) hostDependent?: boolean;
  @Field({ nullable: true, description: `${TOOL_TEXT.requiresMcpServer} ${KEEP_TEXT}` }) requiresMcpServer?: boolean;
}

@InputType('CreateMiniAppInput', { description: 'A new mini app.' })
export class CreateMiniAppInput {
  @Field({ description: DISPLAY_NAME_TEXT }) @Length(1, 200) name: string;
  @Field(() => ID, { nullable: true, description: ownerProjectText('mini app') }) projectId?: string;
  @Field({ nullable: true, description: 'Whether its tools can be carried; default true.' }) enabled?: boolean;
}

/**
 * A scalar, not an input object: an entry passes as the server returned it,
 * keys a later MCP revision adds included, where an input object would
 * refuse the whole report over one unknown key.
 */
export const McpToolScalar = new GraphQLScalarType({
  ...JSONScalar.toConfig(),
  name: 'McpTool',
  description:
    "An entry of an MCP server's tools/list result (the MCP Tool object) exactly as returned: name, title, description (optional), inputSchema, outputSchema, annotations, _meta, icons, execution, and keys not yet known. An entry that cannot be used at all is refused alone (McpServer.refusedTools).",
  specifiedByURL: null,
});

@InputType('McpToolInput', {
  description:
    "An MCP tool as typed fields: the MCP Tool object's known keys. reportMcpTools takes tools/list entries as returned, unknown keys included.",
})
export class McpToolInput {
  @Field({ description: "The tool's own name; sent in the short form where a provider refuses the full one." }) name: string;
  // Required while the public contract has it so; reportMcpTools takes an entry without one.
  @Field({ description: 'What the model reads about the tool, sent as is.' })
  description: string;
  @Field(() => JSONScalar, { description: "The JSON Schema of the tool's arguments, sent as is; MCP's inputSchema." })
  inputSchema: JsonObject;
  @Field({ nullable: true, description: 'A display title; never sent to a model.' }) title?: string;
  @Field(() => JSONScalar, { nullable: true, description: "The schema of the tool's structured result; never sent to a model." })
  outputSchema?: JsonObject;
  @Field(() => JSONScalar, { nullable: true, description: 'readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title.' })
  annotations?: JsonObject;
  @Field(() => JSONScalar, { nullable: true, description: "MCP's _meta, kept as reported; never sent to a model." }) _meta?: JsonObject;
  @Field(() => JSONScalar, { nullable: true, description: "MCP's icons, kept as reported; never sent to a model." }) icons?: unknown;
  @Field(() => JSONScalar, { nullable: true, description: "MCP's execution, kept as reported; never sent to a model." })
  execution?: JsonObject;
}
