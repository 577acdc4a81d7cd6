import { MaxLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AgentType, PermissionRuleType } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { DropReasonEnum, PageTypeEnum } from '../loadout/graphql-enums';
import type { DropReason, PageType } from '../loadout/vocabulary';
import { IsCatalogueKey } from '../common/validation';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';
import { CARRIED_TOOL_TEXT, CarriedToolInterface, LeftOutToolInterface, ToolboxContentInterface } from './toolbox-content.types';

@InputType('PageInput')
export class PageInput {
  @Field(() => PageTypeEnum) type: PageType;
  @Field({ nullable: true, description: "Key of the current record's object; only on RECORD pages." })
  @IsCatalogueKey()
  contextObject?: string;
  @Field({ nullable: true }) @MaxLength(256) recordId?: string;
}

@ObjectType('Page', { simpleResolvers: true })
export class PageObjectType {
  @Field(() => PageTypeEnum) type: PageType;
  @Field(() => String, { nullable: true }) contextObject: string | null;
  @Field(() => String, { nullable: true }) recordId: string | null;
}

// Plain fields of the toolbox types resolve by property: no per-field wrapper on the hottest path.
@ObjectType('ToolboxEntry', { simpleResolvers: true, implements: CarriedToolInterface })
export class ToolboxEntryType {
  @Field(() => Int, { description: '1-based, in Sort Order.' }) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field(() => ToolDefinitionType) tool: ToolDefinitionType;
  @Field() contentHash: string;
  @Field(() => Int) schemaTokens: number;
}

@ObjectType('DroppedTool', { simpleResolvers: true, implements: LeftOutToolInterface })
export class DroppedToolType {
  @Field() name: string;
  @Field(() => ToolDefinitionType) tool: ToolDefinitionType;
  @Field(() => DropReasonEnum) reason: DropReason;
  @Field(() => ToolDefinitionType, {
    nullable: true,
    description: 'SHADOWED: the definition of the same name the toolbox carries instead (more specific, or first in Sort Order).',
  })
  shadowedBy: ToolDefinitionType | null;
  @Field(() => PermissionRuleType, { nullable: true, description: 'EXCLUDED: the DENY rule that applied (on the agent or its project).' })
  rule: PermissionRuleType | null;
  @Field(() => SchemaRefusalType, {
    nullable: true,
    description: "INCOMPATIBLE_SCHEMA: the schema rule the agent's provider refuses, and where.",
  })
  schemaRefusal: SchemaRefusalType | null;
}

@ObjectType('Toolbox', {
  simpleResolvers: true,
  implements: ToolboxContentInterface,
  description:
    'The preview (the `toolbox` query) of the tools an agent would carry on a model request in one situation, and why the others would be left out; it records nothing. What a turn carried is its `ToolboxSnapshot`, from `beginTurn`.',
})
export class ToolboxType {
  @Field(() => ID, {
    description:
      'The situation previewed (agent, channel and page) as one opaque id: the same situation has the same id whatever the toolbox carries now, so a normalised client cache keeps one entry per situation.',
  })
  id: string;
  @Field(() => AgentType) agent: AgentType;
  @Field(() => ChannelType) channel: ChannelType;
  @Field(() => PageObjectType) page: PageObjectType;
  @Field({ description: "sha256 hex over the ordered entries' content hashes; equal lists give equal fingerprints." })
  fingerprint: string;
  @Field(() => [ToolboxEntryType]) tools: ToolboxEntryType[];
  @Field(() => Int) toolCount: number;
  @Field(() => Int) schemaTokens: number;
  @Field(() => [DroppedToolType]) dropped: DroppedToolType[];
  @Field(() => Int) loadoutVersion: number;
}
