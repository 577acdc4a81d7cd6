import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { LOADOUT_DEFAULTS } from '../loadout/vocabulary';

export type FundingModel = 'INCLUDED_CREDITS' | 'BRING_YOUR_OWN';

@Entity('organizations')
export class OrganizationEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('text', { default: 'BRING_YOUR_OWN' }) fundingModel: FundingModel;
  @Column('text', { default: 'openai/gpt-4o' }) defaultModel: string;
  /** Budget thresholds of reports without an agent (an agent's own override them in its report). */
  @Column('int', { default: LOADOUT_DEFAULTS.budgetWarnThreshold }) toolBudgetWarn: number;
  @Column('int', { default: LOADOUT_DEFAULTS.budgetHotThreshold }) toolBudgetHot: number;
  /** Bumped inside every change of what the organisation's toolboxes are made of; cached loadouts are exact for one value. */
  @Column('bigint', { default: 0 }) loadoutSeq: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
}
