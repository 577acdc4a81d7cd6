import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/** Idempotency keys already counted, per usage scope: a retry naming one is a duplicate. */
@Entity('tool_call_keys')
@Index('uq_tool_call_keys_scope_key', { synchronize: false })
export class ToolCallKeyEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') userId: string;
  @Index('idx_tool_call_keys_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') idempotencyKey: string;
  @CreateDateColumn({ type: 'timestamptz' }) recordedAt: Date;
}
