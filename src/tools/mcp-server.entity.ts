import type { McpTransport } from './mcp-probe-status';
import type { RefusedMcpTool } from './mcp-tool-entry';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';

@Entity('mcp_servers')
export class McpServerEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_mcp_servers_organization')
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
  @Column('text', { array: true, default: () => "'{}'" }) enabledTools: string[];
  @Column('text', { array: true, default: () => "'{}'" }) disabledTools: string[];
  @Column('boolean', { default: false }) probed: boolean;
  @Column('boolean', { default: false }) advertisesResources: boolean;
  @Column('timestamptz', { nullable: true }) inventoryUpdatedAt: Date | null;
  /** The entries of the last inventory that could not be stored at all, with their reasons. */
  @Column('json', { default: () => "'[]'" }) refusedTools: RefusedMcpTool[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  /** How Loadout gets its tools: reported by a runtime, or fetched over a transport (docs/mcp-connections.md). */
  @Column('text', { default: 'REPORTED' }) transport: McpTransport;
  @Column('text', { nullable: true }) url: string | null;
  /** The names of the headers sent to the server; their values live only in headerSecret. */
  @Column('text', { array: true, default: () => "'{}'" }) headerNames: string[];
  /** The headers, encrypted (connections/header-secrets.ts); read only where a connection is made. */
  @Column('text', { nullable: true, select: false }) headerSecret: string | null;
}
