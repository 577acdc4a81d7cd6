import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type FundingModel = 'INCLUDED_CREDITS' | 'BRING_YOUR_OWN';

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text', { default: 'BRING_YOUR_OWN' }) fundingModel: FundingModel;
  @Column('text', { default: 'openai/gpt-4o' }) defaultModel: string;
  /** Bumped inside every change of what the organisation's toolboxes are made of; cached loadouts are exact for one value. */
  @Column('bigint', { default: 0 }) loadoutSeq: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
