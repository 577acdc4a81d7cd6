import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { McpServerEntity } from './mcp-server.entity';

/** The probe state of a server Loadout reaches itself, and the lease of the instance that probes it (docs/mcp-connections.md). */
@Entity('mcp_probes')
export class McpProbeEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_mcp_probes' }) serverId: string;
  @OneToOne(() => McpServerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'server_id', foreignKeyConstraintName: 'FK_mcp_probes_server' })
  server?: McpServerEntity;
  @Index('idx_mcp_probes_organization')
  @Column('uuid')
  organizationId: string;
  @Column('timestamptz', { nullable: true }) lastProbedAt: Date | null;
  @Column('timestamptz', { nullable: true }) lastOkAt: Date | null;
  /** Null after a probe that succeeded. */
  @Column('text', { nullable: true }) lastError: string | null;
  /** Probes failed in a row: the backoff's exponent. */
  @Column('int', { default: 0 }) failures: number;
  @Column('timestamptz', { default: () => 'now()' }) nextProbeAt: Date;
  @Column('text', { nullable: true }) serverName: string | null;
  @Column('text', { nullable: true }) serverVersion: string | null;
  @Column('text', { nullable: true }) protocolVersion: string | null;
  @Column('json', { nullable: true }) capabilities: JsonObject | null;
  /** The last list a probe stored (its hash), and the mark of the definitions it left (their count and versions):
   * a probe that finds both the same has nothing to store. */
  @Column('text', { nullable: true }) listedHash: string | null;
  @Column('text', { nullable: true }) storedMark: string | null;
  /** The instance that probes the server until heldUntil; another takes it over once that has passed. */
  @Column('text', { nullable: true }) holder: string | null;
  @Index('idx_mcp_probes_held_until')
  @Column('timestamptz', { nullable: true })
  heldUntil: Date | null;
}
