import { Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { OrganizationEntity } from '../organizations/organization.entity';
import { PrincipalEntity } from '../organizations/principal.entity';
import type { ToolboxDiff } from '../conversations/toolbox-diff';
import type { PageType } from '../toolbox/assemble-toolbox';

/** One changed situation of an invalidation, as stored: the channel is copied so the event outlives a renamed or deleted channel. */
export interface StoredAffectedToolbox {
  channel: { id: string; key: string; name: string };
  page: { type: PageType; contextObject: string | null; recordId: null };
  previousFingerprint: string;
  newFingerprint: string;
  diff: ToolboxDiff;
}

/**
 * An event: one committed change altered what an agent's model sees in at
 * least one situation. `seq` orders events by the order they were recorded
 * (newest first is `seq` descending) and is what cursors carry.
 */
@Entity('toolbox_invalidations')
@Index('idx_toolbox_invalidations_agent_seq', ['agentId', 'seq'])
@Index('idx_toolbox_invalidations_organization_seq', ['organizationId', 'seq'])
export class ToolboxInvalidationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('bigint') @Generated('increment') seq: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('uuid') agentId: string;
  @ManyToOne(() => AgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: AgentEntity;
  /** The agent's project, so project filters need no join. */
  @Column('uuid', { nullable: true }) projectId: string | null;
  @Column('text') cause: string;
  @Column('uuid', { nullable: true }) actorPrincipalId: string | null;
  @ManyToOne(() => PrincipalEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'actor_principal_id' })
  actor?: PrincipalEntity;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
  @Column('int') loadoutVersion: number;
  /** Inline on events recorded before affected sets existed; empty when `affectedSetId` names the set. */
  @Column('jsonb') affected: StoredAffectedToolbox[];
  @Column('uuid', { nullable: true }) affectedSetId: string | null;
}

/**
 * An affected set as stored: each channel, diff and distinct change of
 * toolbox once, and a row per changed situation pointing at them. Sets
 * stored before `changes` existed carry the change inline in each row.
 */
export interface CompactAffectedSet {
  channels: Array<StoredAffectedToolbox['channel']>;
  diffs: ToolboxDiff[];
  /** [previous fingerprint, new fingerprint (base64url), diff index] */
  changes?: Array<[string, string, number]>;
  /** [channel index, page type, context object, change index], or inline: [..., previous, new fingerprint, diff index] */
  situations: Array<[number, PageType, string | null, number] | [number, PageType, string | null, string, string, number]>;
}

/**
 * The changed situations of invalidations, stored once per distinct list:
 * every agent whose toolboxes a change altered alike (often all of them)
 * shares one row, so an edit seen by many agents writes its detail once.
 */
@Entity('invalidation_affected_sets')
export class InvalidationAffectedSetEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_invalidation_affected_sets_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('jsonb') affected: CompactAffectedSet;
}
