import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Index, UpdateDateColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';

/** An organisation's price for one model, in USD (and optionally credits) per million tokens. */
@Entity('model_prices')
@Index('uq_model_prices_organization_model', ['organizationId', 'model'], { unique: true })
export class ModelPriceEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid') organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('text') model: string;
  @Column('double precision') inputUsdPerMTok: number;
  @Column('double precision') cachedInputUsdPerMTok: number;
  /** Cache writes other than 1-hour ones: Anthropic's 5-minute writes, OpenAI's writes. */
  @Column('double precision') cacheWriteUsdPerMTok: number;
  @Column('double precision', { name: 'cache_write_1h_usd_per_mtok' }) cacheWrite1hUsdPerMTok: number;
  @Column('double precision') outputUsdPerMTok: number;
  @Column('double precision', { nullable: true }) creditsPerMTok: number | null;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
