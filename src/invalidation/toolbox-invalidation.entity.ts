import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import type { ToolboxDiff } from '../loadout/change';
import type { PageType } from '../loadout/vocabulary';

/** One changed situation of an invalidation, as stored: the channel is copied so the event outlives a renamed or deleted channel. */
export interface StoredAffectedToolbox {
  channel: { id: string; key: string; name: string };
  page: { type: PageType; contextObject: string | null; recordId: null };
  previousFingerprint: string;
  newFingerprint: string;
  diff: ToolboxDiff;
}

const PRIMARY_KEY = 'PK_toolbox_invalidations_organization_seq';

/**
 * An event: one committed change altered what an agent's model sees in at
 * least one situation. `seq` orders events by the order they were recorded
 * (newest first is `seq` descending) and is what cursors carry. Written only
 * by the change that records it, which holds the organisation's loadout lock
 * and has just updated the agent: no foreign keys to check per event
 * (triggers forget the events of a deleted organisation or agent, and the
 * actor of a deleted principal).
 */
@Entity('toolbox_invalidations')
@Index('idx_toolbox_invalidations_agent_seq', ['agentId', 'seq'])
export class ToolboxInvalidationEntity {
  /** Made by the change that records the event, as is `seq`: see InvalidationRecorder.storeBlock. */
  @Column('uuid') id: string;
  @PrimaryColumn('bigint', { primaryKeyConstraintName: PRIMARY_KEY }) seq: string;
  @PrimaryColumn('uuid', { primaryKeyConstraintName: PRIMARY_KEY }) organizationId: string;
  @Column('uuid') agentId: string;
  /** The agent's project, so project filters need no join. */
  @Column('uuid', { nullable: true }) projectId: string | null;
  @Column('text') cause: string;
  @Column('uuid', { nullable: true }) actorPrincipalId: string | null;
  @Column('timestamptz', { default: () => 'now()' }) at: Date;
  @Column('int') loadoutVersion: number;
  /** The changed situations, in a set other events of the same change may share. */
  @Column('uuid') affectedSetId: string;
}

/**
 * An affected set as stored (see affected-sets.ts): each channel, diff and
 * distinct change of toolbox once, and a grid of the changed situations.
 */
export interface CompactAffectedSet {
  channels: Array<StoredAffectedToolbox['channel']>;
  diffs: ToolboxDiff[];
  /** [previous fingerprint, new fingerprint (base64url), diff index] */
  changes: Array<[string, string, number]>;
  /** The grid's context objects: its columns after the pages without one. */
  contexts: string[];
  /** Per channel: the change index of each page's situation, comma-separated, empty where it did not change. */
  grid: string[];
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
