import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/**
 * Every accepted tool call, kept so the budget report can be evaluated as of
 * any instant (`asOf`): the counters of `tool_usage` are running totals.
 */
@Entity('tool_calls')
// Scope and time: the report aggregates one scope's calls up to asOf (declared in the migration).
@Index('idx_tool_calls_scope_at', { synchronize: false })
export class ToolCallEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') userId: string;
  @Index('idx_tool_calls_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') toolName: string;
  @Column('timestamptz') at: Date;
  @Column('boolean') isError: boolean;
}
