import type { TurnMcpInventory } from './turn-mcp-inventory';
import type { TurnCall } from './turn-calls';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { OrganizationEntity, type FundingModel } from '../organizations/organization.entity';
import type { PageType } from '../loadout/vocabulary';
import { ConversationEntity } from './conversation.entity';
import type { ProviderUsageFormat, ServerToolUse } from './provider-usage';
import { ToolboxSnapshotEntity } from './toolbox-snapshot.entity';

/** One model request of a conversation: the toolbox it carried and, once completed, the provider's usage record. */
@Entity('turns')
@Index('uq_turns_conversation_index', ['conversationId', 'index'], { unique: true })
@Index('idx_turns_situation', ['agentId', 'channelId', 'pageType', 'pageContextObject', 'startedAt', 'id'])
@Check('ck_turns_provider_usage_format', '(provider_usage IS NULL) = (provider_usage_format IS NULL)')
@Check('ck_turns_abandoned_reason', '(abandoned_at IS NULL) = (abandoned_reason IS NULL)')
@Check('ck_turns_completed_or_abandoned', 'completed_at IS NULL OR abandoned_at IS NULL')
export class TurnEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_turns_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('uuid') conversationId: string;
  @ManyToOne(() => ConversationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: ConversationEntity;
  /** The conversation's situation, kept on the turn for the latest turn of a situation (Toolbox.lastTurn); no record id. */
  @Column('uuid') agentId: string;
  @Column('uuid') channelId: string;
  @Column('text') pageType: PageType;
  @Column('text', { nullable: true }) pageContextObject: string | null;
  /** 1-based within the conversation. */
  @Column('int') index: number;
  @Index('idx_turns_snapshot')
  @Column('uuid')
  snapshotId: string;
  @ManyToOne(() => ToolboxSnapshotEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'snapshot_id' })
  snapshot?: ToolboxSnapshotEntity;
  /** The agent's model when the turn began: prices and schema tokens are for this model. */
  @Column('text') model: string;
  /** The agent's loadoutVersion when the turn began. */
  @Column('int') loadoutVersion: number;
  /** Whether the fingerprint differs from the previous turn's; false on the first turn. */
  @Column('boolean') toolboxChanged: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) startedAt: Date;
  @Column('timestamptz', { nullable: true }) completedAt: Date | null;
  /** The model the provider answered with, as a Loadout model id, where the completion said (model-called.ts). */
  @Column('text', { nullable: true }) modelCalled: string | null;
  /** The toolbox's schema tokens estimated for modelCalled, where that is not `model`; the tool share reads these. */
  @Column('int', { nullable: true }) schemaTokensCalled: number | null;
  /** When the runtime closed it because its model request failed, and why; never set on a completed turn. */
  @Column('timestamptz', { nullable: true }) abandonedAt: Date | null;
  @Column('text', { nullable: true }) abandonedReason: string | null;
  /** The calls recordToolCalls counted for it, in the order they came, at most TURN_CALLS_MAX (turn-calls.ts). */
  @Column('jsonb', { default: () => "'[]'" }) toolCalls: TurnCall[];
  @Column('int', { nullable: true }) inputTokens: number | null;
  @Column('int', { nullable: true }) cachedInputTokens: number | null;
  @Column('int', { nullable: true }) cacheWriteTokens: number | null;
  /** The part of cacheWriteTokens written to the 1-hour cache; 0 until completed. */
  @Column('int', { name: 'cache_write_1h_tokens', default: 0 }) cacheWrite1hTokens: number;
  @Column('int', { nullable: true }) outputTokens: number | null;
  /** The MCP servers of the tools it carried, as they were when it began; null for turns older than the record. */
  @Column('json', { nullable: true }) mcpInventories: TurnMcpInventory[] | null;
  /** The organisation's funding model when the turn was completed: credits apply under INCLUDED_CREDITS. */
  @Column('text', { nullable: true }) fundingModel: FundingModel | null;
  /**
   * The organisation's price of the model when the turn was completed, what
   * its cost is computed from, so a later price leaves it alone. Null while
   * the model had no price: the first price set for it fills these in.
   */
  @Column('double precision', { nullable: true }) priceInputUsdPerMTok: number | null;
  @Column('double precision', { nullable: true }) priceCachedInputUsdPerMTok: number | null;
  @Column('double precision', { nullable: true }) priceCacheWriteUsdPerMTok: number | null;
  @Column('double precision', { name: 'price_cache_write_1h_usd_per_mtok', nullable: true }) priceCacheWrite1hUsdPerMTok: number | null;
  @Column('double precision', { nullable: true }) priceOutputUsdPerMTok: number | null;
  @Column('double precision', { nullable: true }) priceCreditsPerMTok: number | null;
  /** The provider's own account of a cache miss, as the runtime reported it. */
  @Column('text', { nullable: true }) providerCacheMissReason: string | null;
  /** Which API's usage object `providerUsage` is; null when the runtime sent explicit figures. */
  @Column('text', { nullable: true }) providerUsageFormat: ProviderUsageFormat | null;
  /** Requests per server tool as the provider's usage object reported them (unpriced); null where it reported none. */
  @Column('jsonb', { nullable: true }) serverToolUse: ServerToolUse | null;
  /** The provider's usage object as the runtime sent it, kept for the debugger; the figures above are read from it. */
  @Column('jsonb', { nullable: true }) providerUsage: JsonObject | null;
}
