import { MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../common/pagination';
import { ConversationSourceEnum, described, DropReasonEnum, enumOf, RuleEffectEnum, RuleLevelEnum } from '../loadout/edge';
import type { ConversationSource, DropReason, RuleEffect, RuleLevel } from '../loadout/vocabulary';
import type { JsonObject } from '../common/json';
import { JSONScalar } from '../common/scalars';
import { IsCatalogueKey } from '../common/validation';
import { MODEL_CALLED_MAX } from './model-called';
import { AgentType, AppliedRuleInterface } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { ProjectType } from '../organizations/organization.types';
import { PageInput, PageObjectType } from '../toolbox/toolbox.types';
import { ID_TEXT } from '../common/schema-text';
import {
  CARRIED_TOOL_TEXT,
  CarriedToolInterface,
  LEFT_OUT_TEXT,
  LeftOutToolInterface,
  TOOLBOX_TEXT,
  ToolboxContentInterface,
} from '../toolbox/toolbox-content.types';
import { CHANNEL_ARG_TEXT, PAGE_ARG_TEXT } from '../toolbox/toolbox.types';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';
import {
  PROVIDER_USAGE_FORMAT_TEXT,
  PROVIDER_USAGE_FORMATS,
  PROVIDER_USAGE_MAX_BYTES,
  type ProviderUsageFormat,
  type ServerToolUse,
} from './provider-usage';

export const ProviderUsageFormatEnum = enumOf(PROVIDER_USAGE_FORMATS);
registerEnumType(ProviderUsageFormatEnum, {
  name: 'ProviderUsageFormat',
  description: 'The API a provider usage object comes from, and so the documented meaning of its keys (docs/usage-and-pricing.md).',
  valuesConfig: described(PROVIDER_USAGE_FORMAT_TEXT),
});

/** What each stored figure includes, said once for the input and the record read back (docs/usage-and-pricing.md). */
const USAGE_TEXT = {
  inputTokens:
    "Every input token of the request, cached and cache-write ones included: OpenAI's `prompt_tokens`, but Anthropic's `input_tokens` + `cache_creation_input_tokens` + `cache_read_input_tokens`.",
  cachedInputTokens: 'Input tokens read from the prompt cache; part of inputTokens.',
  cacheWriteTokens:
    'Input tokens written to the prompt cache, the 1-hour ones included; part of inputTokens. Priced at cacheWriteUsdPerMTok, the 1-hour ones at cacheWrite1hUsdPerMTok.',
  cacheWrite1hTokens:
    "Input tokens written to the 1-hour prompt cache (Anthropic's `cache_creation.ephemeral_1h_input_tokens`); part of cacheWriteTokens.",
  outputTokens: 'Every output token, reasoning and thinking tokens included.',
};

@ObjectType('Conversation', {
  description: 'One agent working for one end user on one channel and page, turn by turn (docs/semantics.md §4.1); fixed when started.',
})
export class ConversationType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field(() => AgentType, { description: 'The agent.' }) agent: AgentType;
  @Field(() => ChannelType, { description: 'The channel every turn is assembled for.' }) channel: ChannelType;
  @Field(() => PageObjectType, { description: 'The page every turn is assembled for.' }) page: PageObjectType;
  @Field({ description: 'The end user the agent works for.' }) userId: string;
  @Field(() => ProjectType, { nullable: true, description: "The project whose scope owns usage credit: the root conversation's project." })
  owningProject: ProjectType | null;
  @Field(() => ConversationType, {
    nullable: true,
    description: 'The conversation this one is a child or worker session of; null: a root.',
  })
  parent: ConversationType | null;
  @Field({ description: 'When startConversation ran.' }) startedAt: Date;
  @Field(() => ConversationSourceEnum, { description: "Where its turns come from: a runtime's beginTurn, or an MCP client's lists." })
  source: ConversationSource;
}

@ObjectType('SnapshotTool', { implements: CarriedToolInterface, description: 'A frozen copy of a tool as the model saw it.' })
export class SnapshotToolType {
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.position }) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field({ description: 'The description the model was sent.' }) description: string;
  @Field(() => JSONScalar, { description: 'The input schema the model was sent.' }) inputSchema: unknown;
  @Field({ description: CARRIED_TOOL_TEXT.contentHash }) contentHash: string;
  @Field(() => Int, { description: CARRIED_TOOL_TEXT.schemaTokens }) schemaTokens: number;
  @Field(() => ToolDefinitionType, { nullable: true, description: 'The definition it came from; null once that definition is deleted.' })
  toolDefinition: ToolDefinitionType | null;
}

@ObjectType('SnapshotRule', { implements: AppliedRuleInterface, description: 'A DENY rule as it stood when a turn was recorded.' })
export class SnapshotRuleType {
  @Field(() => ID, { description: "The rule's id, a UUID; the rule may have changed or gone since." }) id: string;
  @Field({ description: 'tool:<name>, hint:<hint> or hint:!<hint>' }) subject: string;
  @Field(() => RuleEffectEnum, { description: 'DENY.' }) effect: RuleEffect;
  @Field(() => RuleLevelEnum, { description: "On the agent itself, or on the agent's project." }) level: RuleLevel;
}

@ObjectType('SnapshotDroppedTool', {
  implements: LeftOutToolInterface,
  description: 'A tool left out of the turn, and the first filter it failed, as recorded then.',
})
export class SnapshotDroppedToolType {
  @Field({ description: LEFT_OUT_TEXT.name }) name: string;
  @Field(() => DropReasonEnum, { description: LEFT_OUT_TEXT.reason }) reason: DropReason;
  @Field(() => ToolDefinitionType, { nullable: true, description: 'The definition; null once it is deleted.' })
  toolDefinition: ToolDefinitionType | null;
  @Field(() => ToolDefinitionType, {
    nullable: true,
    description: 'SHADOWED: the definition of the same name carried instead; null once it is deleted.',
  })
  shadowedBy: ToolDefinitionType | null;
  @Field(() => SnapshotRuleType, { nullable: true, description: 'EXCLUDED: the rule that applied, as recorded with the turn.' })
  rule: SnapshotRuleType | null;
  @Field(() => SchemaRefusalType, {
    nullable: true,
    description: 'INCOMPATIBLE_SCHEMA: the schema rule broken, and where, as recorded with the turn.',
  })
  schemaRefusal: SchemaRefusalType | null;
}

@ObjectType('ToolboxSnapshot', {
  implements: ToolboxContentInterface,
  description:
    'The toolbox of a turn, frozen when `beginTurn` recorded it: what the runtime sends on that model request. A runtime calls `beginTurn` on every model request; the `toolbox` query only previews.',
})
export class ToolboxSnapshotType {
  @Field(() => ID, {
    description:
      'The stored frozen toolbox: turns that carried the same toolbox (the same model, tools and left-out tools) share it, as the turns of a stable agent do.',
  })
  id: string;
  @Field({ description: TOOLBOX_TEXT.fingerprint }) fingerprint: string;
  @Field(() => [SnapshotToolType], { description: TOOLBOX_TEXT.tools }) tools: SnapshotToolType[];
  @Field(() => [SnapshotDroppedToolType], { description: 'What the toolbox left out on this turn, and why.' })
  dropped: SnapshotDroppedToolType[];
  @Field(() => Int, { description: TOOLBOX_TEXT.toolCount }) toolCount: number;
  @Field(() => Int, { description: TOOLBOX_TEXT.schemaTokens }) schemaTokens: number;
}

@ObjectType('ToolboxDiff', {
  description: 'How one toolbox differs from an earlier one, by tool name as sent (docs/semantics.md §4.2).',
})
export class ToolboxDiffType {
  @Field(() => [String], { description: 'Names only the later toolbox carries, in its order.' }) added: string[];
  @Field(() => [String], { description: 'Names only the earlier toolbox carried, in its order.' }) removed: string[];
  @Field(() => [String], { description: "Same name, other content hash; in the later toolbox's order." }) changed: string[];
  @Field({ description: 'Same set of names in another order; false whenever the sets differ.' }) reordered: boolean;
}

@ObjectType('TurnUsage', { description: "What a completed turn's request used, in Loadout's terms (docs/semantics.md §4.3)." })
export class TurnUsageType {
  @Field(() => Int, { description: USAGE_TEXT.inputTokens }) inputTokens: number;
  @Field(() => Int, { description: USAGE_TEXT.cachedInputTokens }) cachedInputTokens: number;
  @Field(() => Int, { description: USAGE_TEXT.cacheWriteTokens }) cacheWriteTokens: number;
  @Field(() => Int, { description: USAGE_TEXT.cacheWrite1hTokens }) cacheWrite1hTokens: number;
  @Field(() => Int, { description: USAGE_TEXT.outputTokens }) outputTokens: number;
  @Field(() => JSONScalar, {
    nullable: true,
    description:
      "Requests per server tool as the provider reported them (Anthropic's `server_tool_use`, e.g. `{ web_search_requests: 3 }`): an object of whole-number counts, kept and not priced; null where the usage reported none.",
  })
  serverToolUse: ServerToolUse | null;
}

export const PROVIDER_USAGE_FIELD_TEXT =
  'The usage object of a turn completed with `completeTurnWithProviderUsage`; null when completed with explicit figures.';

@ObjectType('ProviderUsage', { description: "A provider's usage object as the runtime sent it, and the format it was read in." })
export class ProviderUsageType {
  @Field(() => ProviderUsageFormatEnum, { description: 'The API the object came from, as the runtime said.' }) format: ProviderUsageFormat;
  @Field(() => JSONScalar, { description: 'As sent (stored as jsonb: key order is not kept).' }) usage: JsonObject;
}

@ObjectType('TurnCost', {
  description: 'What a completed turn cost, at the price and funding model frozen when it completed (docs/usage-and-pricing.md).',
})
export class TurnCostType {
  @Field(() => Float, { nullable: true, description: 'The cost in USD. Null where no price is set for the model.' }) amountUsd:
    number | null;
  @Field(() => Float, {
    nullable: true,
    description:
      'creditsPerMTok x (inputTokens + outputTokens) per million, for organisations funded by INCLUDED_CREDITS; else null, and null without a price or credit rate.',
  })
  credits: number | null;
  @Field(() => Float, {
    description:
      "The toolbox's schemaTokens over inputTokens, at most 1 (0 when inputTokens is 0): the share of the input spent on tool definitions.",
  })
  toolDefinitionShare: number;
}

@ObjectType('TurnToolCall', { description: "A call the turn's response made, as recordToolCalls counted it." })
export class TurnToolCallType {
  @Field({ description: 'The stored name of the tool called (`SnapshotTool.toolName`); a name the turn did not carry is the model’s own.' })
  toolName: string;
  @Field({ description: 'Whether the call failed.' }) isError: boolean;
  @Field({ description: 'When it happened.' }) at: Date;
  @Field(() => Int, { nullable: true, description: 'How long it took, in milliseconds, where its record said; null otherwise.' })
  durationMs: number | null;
}

@ObjectType('Turn', {
  description:
    'One model request of a conversation: the toolbox beginTurn froze for it, and the usage completeTurn recorded (docs/semantics.md §4).',
})
export class TurnType {
  @Field(() => ID, { description: ID_TEXT }) id: string;
  @Field(() => Int, { description: 'Its place in the conversation, 1-based.' }) index: number;
  @Field(() => ConversationType, { description: 'The conversation.' }) conversation: ConversationType;
  @Field({ description: 'When beginTurn recorded it.' }) startedAt: Date;
  @Field(() => Date, { nullable: true, description: 'When it was completed; null until then.' }) completedAt: Date | null;
  @Field(() => ToolboxSnapshotType, { description: 'The toolbox the turn carried, frozen.' }) toolbox: ToolboxSnapshotType;
  @Field({ description: "Whether its fingerprint differs from the previous turn's; false on the first turn." }) toolboxChanged: boolean;
  @Field(() => ToolboxDiffType, { nullable: true, description: 'Against the previous turn; null on the first turn.' })
  diff: ToolboxDiffType | null;
  @Field(() => TurnUsageType, { nullable: true, description: 'What the request used; null until the turn is completed.' })
  usage: TurnUsageType | null;
  @Field(() => TurnCostType, { nullable: true, description: 'What it cost; null until the turn is completed.' }) cost: TurnCostType | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The provider's own reason for a prompt-cache miss, as the runtime reported it; shown beside `invalidation`, which is ours.",
  })
  providerCacheMissReason: string | null;
  @Field(() => ProviderUsageType, { nullable: true, description: PROVIDER_USAGE_FIELD_TEXT })
  providerUsage: ProviderUsageType | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The model the provider answered with, where the completion said (as a model id: `anthropic/claude-sonnet-4-5-20250929`); null otherwise. The turn is priced, and its tool share estimated, for it; `toolbox` stays as the agent's model counted it.",
  })
  modelCalled: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Why the runtime abandoned the turn (its model request failed); null unless it was. An abandoned turn has no usage and no cost.',
  })
  abandonedReason: string | null;
}

@ObjectType('TurnConnection', { description: "A page of a conversation's turns, by index." })
export class TurnConnectionType extends Connection(TurnType) {}

@InputType('StartConversationInput', { description: 'A new conversation: its agent, channel, page and end user are fixed for every turn.' })
export class StartConversationInput {
  @Field(() => ID, { description: 'The agent that works in it.' }) agentId: string;
  @Field({ description: CHANNEL_ARG_TEXT }) @IsCatalogueKey() channel: string;
  @Field(() => PageInput, { nullable: true, description: PAGE_ARG_TEXT }) @ValidateNested() page?: PageInput;
  @Field({ nullable: true, description: 'The end user, 1 to 256 characters; default: the caller (its principal id).' }) userId?: string;
  @Field(() => ID, { nullable: true, description: 'A child or worker session of this conversation.' }) parentConversationId?: string;
}

const CACHE_MISS_REASON_TEXT = "The provider's reason for a prompt-cache miss, where it gives one; at most 200 characters.";

@InputType('TurnUsageInput', {
  description: "Usage in our terms; to send a provider's usage object as it is, use `completeTurnWithProviderUsage`.",
})
export class TurnUsageInput {
  @Field(() => Int, { description: USAGE_TEXT.inputTokens }) @Min(0) inputTokens: number;
  @Field(() => Int, { nullable: true, description: `${USAGE_TEXT.cachedInputTokens} Default 0.` }) @Min(0) cachedInputTokens?: number;
  @Field(() => Int, { nullable: true, description: `${USAGE_TEXT.cacheWriteTokens} Default 0.` }) @Min(0) cacheWriteTokens?: number;
  @Field(() => Int, { nullable: true, description: `${USAGE_TEXT.cacheWrite1hTokens} Default 0.` }) @Min(0) cacheWrite1hTokens?: number;
  @Field(() => Int, { description: USAGE_TEXT.outputTokens }) @Min(0) outputTokens: number;
  @Field({ nullable: true, description: CACHE_MISS_REASON_TEXT })
  @MaxLength(200)
  providerCacheMissReason?: string;
}

@InputType('ProviderUsageInput', { description: "A provider's usage object, to be read by its API's documented meaning." })
export class ProviderUsageInput {
  @Field(() => ProviderUsageFormatEnum, { description: 'The API the object comes from, whose documented meaning of each key is applied.' })
  format: ProviderUsageFormat;
  @Field(() => JSONScalar, {
    description: `The provider's usage object exactly as its API returned it (Gemini: \`usageMetadata\`); at most ${PROVIDER_USAGE_MAX_BYTES} bytes as JSON.`,
  })
  usage: unknown;
  @Field({ nullable: true, description: CACHE_MISS_REASON_TEXT })
  @MaxLength(200)
  providerCacheMissReason?: string;
  @Field(() => String, {
    nullable: true,
    description:
      "The model the provider answered with (its response's `model`; Gemini's `modelVersion`), 1 to 200 characters: the turn is priced, and its tool share estimated, for it. Without a provider prefix it takes the format's (`anthropic/`, `openai/`, `google/`); one naming another provider than the format's is BAD_USER_INPUT. Default: the agent's model, which must then be of the format's provider.",
  })
  @MaxLength(MODEL_CALLED_MAX)
  model?: string | null;
}
