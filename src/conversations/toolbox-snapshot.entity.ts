import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { OrganizationEntity } from '../organizations/organization.entity';
import type { ShownRefusal } from '../loadout/tokens';

/** A tool left out of a turn's toolbox, and the first filter it failed. */
export interface FrozenDroppedTool {
  toolDefinitionId: string;
  name: string;
  reason: string;
  /** SHADOWED: the definition carried instead, where the snapshot names it. */
  shadowedById?: string;
  /** EXCLUDED: the DENY rule as it stood then. */
  rule?: FrozenRule;
  /** INCOMPATIBLE_SCHEMA: the schema rule the provider refused, and where. */
  schemaRefusal?: ShownRefusal;
}

export interface FrozenRule {
  id: string;
  subject: string;
  effect: string;
  level: 'AGENT' | 'PROJECT';
}

/**
 * A frozen toolbox, stored once per organisation and `snapshotKey`: the
 * fingerprint plus the model (schema tokens are per model) plus the
 * definition ids (so `toolDefinition` links to the right one when two
 * definitions share content) plus what was left out and why. A stable
 * agent's turns all share one row.
 */
@Entity('toolbox_snapshots')
@Index('uq_toolbox_snapshots_organization_key', ['organizationId', 'snapshotKey'], { unique: true })
export class ToolboxSnapshotEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') snapshotKey: string;
  @Column('text') fingerprint: string;
  @Column('text') model: string;
  @Column('int') toolCount: number;
  @Column('int') schemaTokens: number;
  /** The candidates left out, in the order assembly reported them. */
  @Column('jsonb', { default: () => "'[]'" }) dropped: FrozenDroppedTool[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}

/** Model-visible content of a tool, stored once per content hash. */
@Entity('tool_contents')
export class ToolContentEntity {
  @PrimaryColumn('text') contentHash: string;
  @Column('text') name: string;
  @Column('text') description: string;
  /** As sent, key order included (json keeps the text). */
  @Column('json') inputSchema: JsonObject;
}

/** One entry of a snapshot. No foreign key to the definition: deleting it must leave the snapshot intact. */
@Entity('snapshot_tools')
export class SnapshotToolEntity {
  @PrimaryColumn('uuid') snapshotId: string;
  @ManyToOne(() => ToolboxSnapshotEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'snapshot_id' })
  snapshot?: ToolboxSnapshotEntity;
  /** 1-based, in toolbox order. */
  @PrimaryColumn('int') position: number;
  @Column('uuid') toolDefinitionId: string;
  @Index('idx_snapshot_tools_content')
  @Column('text')
  contentHash: string;
  @ManyToOne(() => ToolContentEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'content_hash' })
  content?: ToolContentEntity;
  @Column('int') schemaTokens: number;
}
