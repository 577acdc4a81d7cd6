import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';

@Entity('context_objects')
@Index('uq_context_objects_organization_key', ['organizationId', 'key'], { unique: true })
export class ContextObjectEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') key: string;
  @Column('text') name: string;
}
