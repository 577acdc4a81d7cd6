import { ArrayMaxSize, IsInt, Length, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
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
  @Field({ description: 'sha256 hex of the canonical model-visible content: name, description, input schema.' })
  contentHash: string;
  @Field(() => Int) version: number;
  @Field() updatedAt: Date;
  organizationId: string;
  projectId: string | null;
  agentId: string | null;
  miniAppId: string | null;
  mcpServerId: string | null;
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
  @Field(() => Date, { nullable: true }) inventoryUpdatedAt: Date | null;
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

@InputType('McpToolInput')
export class McpToolInput {
  @Field() @IsProviderToolName() name: string;
  @Field() @MaxLength(DESCRIPTION_MAX) description: string;
  @Field(() => JSONScalar) @IsJsonSchema() inputSchema: JsonObject;
}
