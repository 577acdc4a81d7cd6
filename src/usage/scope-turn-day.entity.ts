import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

/** Turns begun per usage scope and UTC day: what a removed tool would have cost recently. */
@Entity('scope_turn_days')
@Index('uq_scope_turn_days_scope_day', { synchronize: false })
export class ScopeTurnDayEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') userId: string;
  @Index('idx_scope_turn_days_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Column('date') day: string;
  @Column('int', { default: 0 }) turns: number;
}
