import type { ConversationSource, PageType } from '../loadout/vocabulary';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/** Agent, channel, page and end user are fixed when a conversation starts. */
@Entity('conversations')
@Check('ck_conversations_source', "source IN ('RUNTIME', 'MCP_GATEWAY')")
export class ConversationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_conversations_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Index('idx_conversations_agent')
  @Column('uuid')
  agentId: string;
  @ManyToOne(() => AgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: AgentEntity;
  @Column('uuid') channelId: string;
  @ManyToOne(() => ChannelEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id' })
  channel?: ChannelEntity;
  @Column('text') pageType: PageType;
  @Column('text', { nullable: true }) pageContextObject: string | null;
  @Column('text', { nullable: true }) pageRecordId: string | null;
  @Column('text') userId: string;
  /** The root conversation's agent's project, fixed at start so delegated work credits it. */
  @Column('uuid', { nullable: true }) owningProjectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owning_project_id' })
  owningProject?: ProjectEntity;
  @Index('idx_conversations_parent')
  @Column('uuid', { nullable: true })
  parentId: string | null;
  @ManyToOne(() => ConversationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: ConversationEntity;
  @CreateDateColumn({ type: 'timestamptz' }) startedAt: Date;
  @Column('text', { default: 'RUNTIME' }) source: ConversationSource;
}
