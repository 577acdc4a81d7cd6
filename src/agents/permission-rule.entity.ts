import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import type { RuleEffect } from '../loadout/vocabulary';
import { AgentEntity } from './agent.entity';

/** `tool:<name>` ALLOW/DENY on exactly one agent or one project. */
@Entity('permission_rules')
@Check('ck_permission_rules_one_target', '(agent_id IS NULL) <> (project_id IS NULL)')
@Index('uq_permission_rules_agent_tool', ['agentId', 'toolName'], { unique: true, where: 'agent_id IS NOT NULL' })
@Index('uq_permission_rules_project_tool', ['projectId', 'toolName'], { unique: true, where: 'project_id IS NOT NULL' })
export class PermissionRuleEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_permission_rules_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('uuid', { nullable: true }) agentId: string | null;
  @ManyToOne(() => AgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: AgentEntity;
  @Column('uuid', { nullable: true }) projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') toolName: string;
  @Column('text') effect: RuleEffect;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
