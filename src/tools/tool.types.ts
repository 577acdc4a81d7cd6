import { ArrayMaxSize, IsInt, Length, Max, MaxLength, Min } from 'class-validator';
import { GraphQLScalarType } from 'graphql';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ToolProviderEnum } from '../common/enums';
import { ToolSourceEnum } from '../loadout/graphql-enums';
import type { ToolSource } from '../loadout/vocabulary';
import { Connection } from '../common/pagination';
import { JSONScalar } from '../common/scalars';
import { DESCRIPTION_MAX, IsCatalogueKey, IsToolName } from '../common/validation';
import { IsJsonSchema } from './json-schema';
import { IsProviderToolName } from './tool-name';
import type { JsonObject } from '../common/json';

@ObjectType('ToolDefinition', { simpleResolvers: true })
export class ToolDefinitionType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() description: string;
  @Field(() => JSONScalar) inputSchema: JsonObject;
  @Field(() => ToolSourceEnum) source: ToolSource;
  @Field() active: boolean;
  @Field(() => Int) sortOrder: number;
  @Field(() => Int, {
    nullable: true,
    deprecationReason: 'Tool Tier is ignored by the runtime. It is kept only so that existing configurations keep saving.',
  })
  tier: number | null;
  @Field({ description: 'Host-dependent assembly may still remove this tool at run time.' }) hostDependent: boolean;
  @Field({ description: 'Loadable only where at least one MCP server is in scope (the McpResources tools).' })
  requiresMcpServer: boolean;
  @Field({
    description:
      'sha256 hex of the model-visible content as sent: the JSON of { name, description, inputSchema }, the schema in its own key order, no insignificant whitespace.',
  })
  contentHash: string;
  @Field(() => String, { nullable: true, description: 'MCP tools: the name the server reported, without the mcp__<server>__ prefix.' })
  mcpToolName: string | null;
  @Field(() => Int) version: number;
  @Field() updatedAt: Date;
  organizationId: string;
  projectId: string | null;
  agentId: string | null;
  miniAppId: string | null;
  mcpServerId: string | null;
  mcpEntry: JsonObject | null;
}

@ObjectType('McpToolAnnotations', {
  description:
    "What an MCP server says of a tool's behaviour, as reported: hints, not guarantees. A hint the server leaves out is null; rules name those set to true (hint:<name>).",
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
  @Field() reason: string;
}

@ObjectType('ToolDefinitionConnection')
export class ToolDefinitionConnectionType extends Connection(ToolDefinitionType) {}

@ObjectType('MiniApp')
export class MiniAppType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() enabled: boolean;
  organizationId: string;
  projectId: string | null;
}

@ObjectType('McpServer')
export class McpServerType {
  @Field(() => ID) id: string;
  @Field() name: string;
  @Field() enabled: boolean;
  @Field(() => [String], { description: 'Allow-list filter; empty means no allow-list.' }) enabledTools: string[];
  @Field(() => [String], { description: 'Deny-list filter.' }) disabledTools: string[];
  @Field({ description: 'False until an inventory has been reported: such a server is unprobed.' }) probed: boolean;
  @Field() advertisesResources: boolean;
  @Field(() => Date, { nullable: true, description: 'When a report last changed the inventory; a report that changes nothing leaves it.' })
  inventoryUpdatedAt: Date | null;
  @Field(() => [RefusedMcpToolType], {
    description: 'Entries of the last report that could not be stored at all, each with its reason; the others were carried.',
  })
  refusedTools: RefusedMcpToolType[];
  organizationId: string;
  projectId: string | null;
}

@InputType('ToolDefinitionInput')
export class ToolDefinitionInput {
  @Field() @IsProviderToolName() name: string;
  @Field() @MaxLength(DESCRIPTION_MAX) description: string;
  @Field(() => JSONScalar) @IsJsonSchema() inputSchema: JsonObject;
  @Field(() => ToolSourceEnum, { nullable: true, description: 'Default CUSTOM. MCP tools come from reportMcpInventory.' })
  source?: ToolSource;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => ID, { nullable: true }) agentId?: string;
  @Field(() => ID, { nullable: true }) projectId?: string;
  @Field(() => [String], { nullable: true, description: 'Channel keys.' })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  channels?: string[];
  @Field(() => [String], { nullable: true, description: 'Context object keys.' })
  @ArrayMaxSize(1000)
  @IsCatalogueKey({ each: true })
  contextObjects?: string[];
  @Field(() => Int, { nullable: true }) @IsInt() @Min(-1_000_000) @Max(1_000_000) sortOrder?: number;
  @Field(() => Int, { nullable: true, deprecationReason: 'Ignored by the runtime.' }) tier?: number;
  @Field({ nullable: true }) hostDependent?: boolean;
  @Field({ nullable: true }) requiresMcpServer?: boolean;
  @Field(() => ID, { nullable: true }) miniAppId?: string;
}

@InputType('UpdateToolDefinitionInput')
export class UpdateToolDefinitionInput {
  @Field({ nullable: true }) @IsProviderToolName() name?: string;
  @Field({ nullable: true }) @MaxLength(DESCRIPTION_MAX) description?: string;
  @Field(() => JSONScalar, { nullable: true }) @IsJsonSchema() inputSchema?: JsonObject;
  @Field({ nullable: true }) active?: boolean;
  @Field(() => ID, { nullable: true }) agentId?: string;
  @Field({ nullable: true }) clearAgent?: boolean;
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsCatalogueKey({ each: true }) channels?: string[];
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsCatalogueKey({ each: true }) contextObjects?: string[];
  @Field(() => Int, { nullable: true }) @IsInt() @Min(-1_000_000) @Max(1_000_000) sortOrder?: number;
  @Field(() => Int, { nullable: true, deprecationReason: 'Ignored by the runtime.' }) tier?: number;
  @Field({ nullable: true }) hostDependent?: boolean;
  @Field({ nullable: true }) requiresMcpServer?: boolean;
}

@InputType('CreateMiniAppInput')
export class CreateMiniAppInput {
  @Field() @Length(1, 200) name: string;
  @Field(() => ID, { nullable: true }) projectId?: string;
  @Field({ nullable: true }) enabled?: boolean;
}

@InputType('RegisterMcpServerInput')
export class RegisterMcpServerInput {
  @Field() @IsCatalogueKey() name: string;
  @Field(() => ID, { nullable: true }) projectId?: string;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsToolName({ each: true }) enabledTools?: string[];
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsToolName({ each: true }) disabledTools?: string[];
}

@InputType('UpdateMcpServerInput')
export class UpdateMcpServerInput {
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsToolName({ each: true }) enabledTools?: string[];
  @Field(() => [String], { nullable: true }) @ArrayMaxSize(1000) @IsToolName({ each: true }) disabledTools?: string[];
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
    "An MCP tool as typed fields: the MCP Tool object's known keys. reportMcpTools takes tools/list entries as returned, unknown keys and a missing description included.",
})
export class McpToolInput {
  @Field({ description: "The tool's own name; sent in the short form where a provider refuses the full one." }) name: string;
  @Field() description: string;
  @Field(() => JSONScalar) inputSchema: JsonObject;
  @Field({ nullable: true }) title?: string;
  @Field(() => JSONScalar, { nullable: true }) outputSchema?: JsonObject;
  @Field(() => JSONScalar, { nullable: true, description: 'readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title.' })
  annotations?: JsonObject;
  @Field(() => JSONScalar, { nullable: true }) _meta?: JsonObject;
  @Field(() => JSONScalar, { nullable: true }) icons?: unknown;
  @Field(() => JSONScalar, { nullable: true }) execution?: JsonObject;
}
