import { MaxLength } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { AgentType, PermissionRuleType } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { DropReasonEnum, PageTypeEnum } from '../loadout/edge';
import type { DropReason, PageType } from '../loadout/vocabulary';
import { IsCatalogueKey } from '../common/validation';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';
import {
  CARRIED_TOOL_TEXT,
  CarriedToolInterface,
  LEFT_OUT_TEXT,
  LeftOutToolInterface,
  TOOLBOX_TEXT,
  ToolboxContentInterface,
} from './toolbox-content.types';

/** A situation's parts (docs/semantics.md §3.1), for the page types and the arguments that take them. */
const PAGE_TEXT = {
  type: 'The kind of page.',
  contextObject: "Key of the current record's object type; only on RECORD pages, and one the organisation has.",
  recordId: "The current record's id, at most 256 characters; shown, never changes a toolbox.",
};
/** The `channel` argument of a situation. */
export const CHANNEL_ARG_TEXT = "The key of one of the organisation's channels; an unknown key is BAD_USER_INPUT.";
/** The `page` argument of a situation. */
export const PAGE_ARG_TEXT = 'The page the end user is on; absent: HOME.';

@InputType('PageInput', { description: 'The page of a situation: a context object on a page other than RECORD is BAD_USER_INPUT.' })
export class PageInput {
  @Field(() => PageTypeEnum, { description: PAGE_TEXT.type }) type: PageType;
  @Field({ nullable: true, description: PAGE_TEXT.contextObject })
  @IsCatalogueKey()
  contextObject?: string;
  @Field({ nullable: true, description: PAGE_TEXT.recordId }) @MaxLength(256) recordId?: string;
}

@ObjectType('Page', { simpleResolvers: true, description: 'The page of a situation, as given (no page reads as HOME).' })
export class PageObjectType {
  @Field(() => PageTypeEnum, { description: PAGE_TEXT.type }) type: PageType;
  @Field(() => String, { nullable: true, description: `${PAGE_TEXT.contextObject} Null: none.` }) contextObject: string | null;
  @Field(() => String, { nullable: true, description: `${PAGE_TEXT.recordId} Null: none.` }) recordId: string | null;
}

// Plain fields of the toolbox types resolve by property: no per-field wrapper on the hottest path.
@ObjectType('ToolboxEntry', {
  simpleResolvers: true,
  implements: CarriedToolInterface,
  description: 'A tool the preview carries, as it would be sent now.',
})
export class ToolboxEntryType {
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.position }) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field(() => ToolDefinitionType, { description: 'The stored definition.' }) tool: ToolDefinitionType;
  @Field({ description: CARRIED_TOOL_TEXT.contentHash }) contentHash: string;
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.schemaTokens }) schemaTokens: number;
}

@ObjectType('DroppedTool', {
  simpleResolvers: true,
  implements: LeftOutToolInterface,
  description: 'A candidate the preview leaves out, and the first filter it fails.',
})
export class DroppedToolType {
  @Field({ description: LEFT_OUT_TEXT.name }) name: string;
  @Field(() => ToolDefinitionType, { description: 'The stored definition.' }) tool: ToolDefinitionType;
  @Field(() => DropReasonEnum, { description: LEFT_OUT_TEXT.reason }) reason: DropReason;
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
  @Field(() => AgentType, { description: 'The agent previewed.' }) agent: AgentType;
  @Field(() => ChannelType, { description: 'The channel of the situation.' }) channel: ChannelType;
  @Field(() => PageObjectType, { description: 'The page of the situation.' }) page: PageObjectType;
  @Field({ description: TOOLBOX_TEXT.fingerprint }) fingerprint: string;
  @Field(() => [ToolboxEntryType], { description: TOOLBOX_TEXT.tools }) tools: ToolboxEntryType[];
  @Field(() => Int, { description: TOOLBOX_TEXT.toolCount }) toolCount: number;
  @Field(() => Int, { description: TOOLBOX_TEXT.schemaTokens }) schemaTokens: number;
  @Field(() => [DroppedToolType], { description: TOOLBOX_TEXT.dropped }) dropped: DroppedToolType[];
  @Field(() => Int, { description: "The agent's loadoutVersion the preview was assembled under." }) loadoutVersion: number;
}
