import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

export type Role = 'ADMIN' | 'EDITOR' | 'RUNTIME' | 'VIEWER';

/** Who holds an API key. Only the key's sha256 is stored. */
@Entity('principals')
export class PrincipalEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_principals_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') name: string;
  @Column('text') role: Role;
  @Index('uq_principals_key_hash', { unique: true })
  @Column('text')
  keyHash: string;
  @Column('timestamptz', { nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
