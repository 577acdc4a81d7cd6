import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

@Entity('mini_apps')
export class MiniAppEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_mini_apps_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('uuid', { nullable: true }) projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('text') name: string;
  @Column('boolean', { default: true }) enabled: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
