import { Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection } from '../common/pagination';
import { DropReasonEnum, RuleEffectEnum, RuleLevelEnum, described, enumOf } from '../loadout/graphql-enums';
import type { DropReason, RuleEffect, RuleLevel } from '../loadout/vocabulary';
import type { JsonObject } from '../common/json';
import { JSONScalar } from '../common/scalars';
import { IsCatalogueKey } from '../common/validation';
import { AgentType, AppliedRuleInterface } from '../agents/agent.types';
import { ChannelType } from '../catalogue/catalogue.types';
import { ProjectType } from '../organizations/organization.types';
import { PageInput, PageObjectType } from '../toolbox/toolbox.types';
import { CARRIED_TOOL_TEXT, CarriedToolInterface, LeftOutToolInterface, ToolboxContentInterface } from '../toolbox/toolbox-content.types';
import { SchemaRefusalType, ToolDefinitionType } from '../tools/tool.types';
import { CACHE_WRITE_1H_INPUT_MULTIPLE, PRICE_MAX } from './turn-cost';
import {
  PROVIDER_USAGE_FORMAT_TEXT,
  PROVIDER_USAGE_FORMATS,
  PROVIDER_USAGE_MAX_BYTES,
  type ProviderUsageFormat,
  type ServerToolUse,
} from './provider-usage';

export const ProviderUsageFormatEnum = enumOf(PROVIDER_USAGE_FORMATS);
registerEnumType(ProviderUsageFormatEnum, { name: 'ProviderUsageFormat', valuesConfig: described(PROVIDER_USAGE_FORMAT_TEXT) });

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

@ObjectType('Conversation')
export class ConversationType {
  @Field(() => ID) id: string;
  @Field(() => AgentType) agent: AgentType;
  @Field(() => ChannelType) channel: ChannelType;
  @Field(() => PageObjectType) page: PageObjectType;
  @Field({ description: 'The end user the agent works for.' }) userId: string;
  @Field(() => ProjectType, { nullable: true, description: "The project whose scope owns usage credit: the root conversation's project." })
  owningProject: ProjectType | null;
  @Field(() => ConversationType, { nullable: true }) parent: ConversationType | null;
  @Field() startedAt: Date;
}

@ObjectType('SnapshotTool', { implements: CarriedToolInterface, description: 'A frozen copy of a tool as the model saw it.' })
export class SnapshotToolType {
  @Field(() => Int) position: number;
  @Field({ description: CARRIED_TOOL_TEXT.name }) name: string;
  @Field({ description: CARRIED_TOOL_TEXT.toolName }) toolName: string;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpToolName }) mcpToolName: string | null;
  @Field(() => String, { nullable: true, description: CARRIED_TOOL_TEXT.mcpServerName }) mcpServerName: string | null;
  @Field() description: string;
  @Field(() => JSONScalar) inputSchema: unknown;
  @Field() contentHash: string;
  @Field(() => Int) schemaTokens: number;
  @Field(() => ToolDefinitionType, { nullable: true, description: 'The definition it came from; null once that definition is deleted.' })
  toolDefinition: ToolDefinitionType | null;
}

@ObjectType('SnapshotRule', { implements: AppliedRuleInterface, description: 'A DENY rule as it stood when a turn was recorded.' })
export class SnapshotRuleType {
  @Field(() => ID) id: string;
  @Field({ description: 'tool:<name> or hint:<hint>' }) subject: string;
  @Field(() => RuleEffectEnum) effect: RuleEffect;
  @Field(() => RuleLevelEnum, { description: "On the agent itself, or on the agent's project." }) level: RuleLevel;
}

@ObjectType('SnapshotDroppedTool', {
  implements: LeftOutToolInterface,
  description: 'A tool left out of the turn, and the first filter it failed, as recorded then.',
})
export class SnapshotDroppedToolType {
  @Field() name: string;
  @Field(() => DropReasonEnum) reason: DropReason;
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
  @Field() fingerprint: string;
  @Field(() => [SnapshotToolType]) tools: SnapshotToolType[];
  @Field(() => [SnapshotDroppedToolType], { description: 'What the toolbox left out on this turn, and why.' })
  dropped: SnapshotDroppedToolType[];
  @Field(() => Int) toolCount: number;
  @Field(() => Int) schemaTokens: number;
}

@ObjectType('ToolboxDiff')
export class ToolboxDiffType {
  @Field(() => [String]) added: string[];
  @Field(() => [String]) removed: string[];
  @Field(() => [String], { description: 'Same name, other content hash.' }) changed: string[];
  @Field({ description: 'Same set of tools in another order.' }) reordered: boolean;
}

@ObjectType('TurnUsage')
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
  @Field(() => ProviderUsageFormatEnum) format: ProviderUsageFormat;
  @Field(() => JSONScalar, { description: 'As sent (stored as jsonb: key order is not kept).' }) usage: JsonObject;
}

@ObjectType('TurnCost')
export class TurnCostType {
  @Field(() => Float, { nullable: true, description: 'Null where no price is set for the model.' }) amountUsd: number | null;
  @Field(() => Float, { nullable: true }) credits: number | null;
  @Field(() => Float, { description: "Share of this turn's input tokens spent on tool definitions." }) toolDefinitionShare: number;
}

@ObjectType('Turn')
export class TurnType {
  @Field(() => ID) id: string;
  @Field(() => Int, { description: '1-based.' }) index: number;
  @Field(() => ConversationType) conversation: ConversationType;
  @Field() startedAt: Date;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
  @Field(() => ToolboxSnapshotType) toolbox: ToolboxSnapshotType;
  @Field() toolboxChanged: boolean;
  @Field(() => ToolboxDiffType, { nullable: true, description: 'Against the previous turn; null on the first turn.' })
  diff: ToolboxDiffType | null;
  @Field(() => TurnUsageType, { nullable: true }) usage: TurnUsageType | null;
  @Field(() => TurnCostType, { nullable: true }) cost: TurnCostType | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The provider's own reason for a prompt-cache miss, as the runtime reported it; shown beside `invalidation`, which is ours.",
  })
  providerCacheMissReason: string | null;
  @Field(() => ProviderUsageType, { nullable: true, description: PROVIDER_USAGE_FIELD_TEXT })
  providerUsage: ProviderUsageType | null;
}

@ObjectType('TurnConnection')
export class TurnConnectionType extends Connection(TurnType) {}

@InputType('StartConversationInput')
export class StartConversationInput {
  @Field(() => ID) agentId: string;
  @Field() @IsCatalogueKey() channel: string;
  @Field(() => PageInput, { nullable: true }) @ValidateNested() page?: PageInput;
  @Field({ nullable: true, description: 'The end user; default: the caller.' }) userId?: string;
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

@InputType('ProviderUsageInput')
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
}

const CACHE_WRITE_RATE_TEXT =
  "USD per million tokens written to the prompt cache other than 1-hour writes (Anthropic's 5-minute writes, OpenAI's writes).";
const CACHE_WRITE_1H_RATE_TEXT = "USD per million tokens written to Anthropic's 1-hour prompt cache (TurnUsage.cacheWrite1hTokens).";

@ObjectType('ModelPrice', { description: 'Rates per million tokens; docs/usage-and-pricing.md says which tokens each applies to.' })
export class ModelPriceType {
  @Field() model: string;
  @Field(() => Float) inputUsdPerMTok: number;
  @Field(() => Float) cachedInputUsdPerMTok: number;
  @Field(() => Float, { description: CACHE_WRITE_RATE_TEXT }) cacheWriteUsdPerMTok: number;
  @Field(() => Float, { description: CACHE_WRITE_1H_RATE_TEXT }) cacheWrite1hUsdPerMTok: number;
  @Field(() => Float) outputUsdPerMTok: number;
  @Field(() => Float, { nullable: true }) creditsPerMTok: number | null;
}

@InputType('ModelPriceInput', { description: `Rates per million tokens, in USD or credits, each from 0 to ${PRICE_MAX}.` })
export class ModelPriceInput {
  @Field() model: string;
  @Field(() => Float) @Min(0) @Max(PRICE_MAX) inputUsdPerMTok: number;
  @Field(() => Float) @Min(0) @Max(PRICE_MAX) cachedInputUsdPerMTok: number;
  @Field(() => Float, { nullable: true, description: `${CACHE_WRITE_RATE_TEXT} Default: inputUsdPerMTok.` })
  @Min(0)
  @Max(PRICE_MAX)
  cacheWriteUsdPerMTok?: number;
  @Field(() => Float, {
    nullable: true,
    description: `${CACHE_WRITE_1H_RATE_TEXT} Default: ${CACHE_WRITE_1H_INPUT_MULTIPLE} x inputUsdPerMTok.`,
  })
  @Min(0)
  @Max(PRICE_MAX)
  cacheWrite1hUsdPerMTok?: number;
  @Field(() => Float) @Min(0) @Max(PRICE_MAX) outputUsdPerMTok: number;
  @Field(() => Float, { nullable: true }) @Min(0) @Max(PRICE_MAX) creditsPerMTok?: number;
}
