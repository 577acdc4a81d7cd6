import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/**
 * The latest call of a scope and tool among those the retention dropped
 * from the call log: the budget report's last use of a tool whose calls
 * since the horizon came after `asOf`.
 */
@Entity('tool_calls_expired')
// A NULL project is the no-project scope of its own, hence the expression (declared in the migration).
@Index('uq_tool_calls_expired_scope_tool', { synchronize: false })
export class ExpiredToolCallEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_tool_calls_expired' }) id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id', foreignKeyConstraintName: 'FK_tool_calls_expired_organization' })
  organization?: OrganizationEntity;
  @Column('text') userId: string;
  @Index('idx_tool_calls_expired_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id', foreignKeyConstraintName: 'FK_tool_calls_expired_project' })
  project?: ProjectEntity;
  @Column('text') toolName: string;
  @Column('timestamptz') lastCalledAt: Date;
}
