import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/**
 * The roster and counters of one tool in one usage scope: (organisation, end
 * user, owning project or none). A row without `firstSurfacedAt` counts calls
 * to a tool no toolbox of the scope ever carried.
 */
@Entity('tool_usage')
// A NULL project is the no-project scope of its own, hence the expression (declared in the migration).
@Index('uq_tool_usage_scope_tool', { synchronize: false })
export class ToolUsageEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') userId: string;
  @Index('idx_tool_usage_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') toolName: string;
  @Column('timestamptz', { nullable: true }) firstSurfacedAt: Date | null;
  @Column('timestamptz', { nullable: true }) lastSurfacedAt: Date | null;
  /** Turns whose toolbox carried the tool. */
  @Column('int', { default: 0 }) turnsSurfaced: number;
  @Column('int', { default: 0 }) calls: number;
  @Column('int', { default: 0 }) errors: number;
  /** The earliest `at` recorded: the scope's first call opens the evidence window. */
  @Column('timestamptz', { nullable: true }) firstCalledAt: Date | null;
  @Column('timestamptz', { nullable: true }) lastCalledAt: Date | null;
}
