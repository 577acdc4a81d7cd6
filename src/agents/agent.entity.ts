import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { LOADOUT_DEFAULTS, type ExecutionContext, type ToolsMode } from '../loadout/vocabulary';

@Entity('agents')
export class AgentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_agents_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Index('idx_agents_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') name: string;
  @Column('text') model: string;
  @Column('int', { default: LOADOUT_DEFAULTS.maxTools }) maxTools: number;
  /** Optional cap on the summed schema tokens of the toolbox; null: no cap. */
  @Column('int', { nullable: true }) maxSchemaTokens: number | null;
  @Column('text', { default: 'ALL_PAGES' }) toolsMode: ToolsMode;
  @Column('text', { default: 'RUNNING_USER' }) executionContext: ExecutionContext;
  @Column('int', { default: LOADOUT_DEFAULTS.budgetWarnThreshold }) budgetWarnThreshold: number;
  @Column('int', { default: LOADOUT_DEFAULTS.budgetHotThreshold }) budgetHotThreshold: number;
  @Column('int', { default: 1 }) loadoutVersion: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
