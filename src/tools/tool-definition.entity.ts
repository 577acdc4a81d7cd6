import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { ChannelEntity } from '../catalogue/channel.entity';
import { ContextObjectEntity } from '../catalogue/context-object.entity';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { McpServerEntity } from './mcp-server.entity';
import { MiniAppEntity } from './mini-app.entity';
import type { JsonObject } from '../common/json';
import type { ToolSource } from '../loadout/vocabulary';
import type { SchemaRefusals } from '../loadout/tokens';

// `any` because TypeORM's update types cannot take `unknown` members.

@Entity('tool_definitions')
// Names are unique per (organisation, project, agent, source); a NULL project or agent is one scope, hence the expression.
@Index('uq_tool_definitions_scope_agent_name', { synchronize: false })
export class ToolDefinitionEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Index('idx_tool_definitions_organization')
  @Column('uuid')
  organizationId: string;
  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organization_id' })
  organization?: OrganizationEntity;
  @Column('uuid', { nullable: true }) projectId: string | null;
  @ManyToOne(() => ProjectEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'project_id' })
  project?: ProjectEntity;
  @Index('idx_tool_definitions_agent')
  @Column('uuid', { nullable: true })
  agentId: string | null;
  @ManyToOne(() => AgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: AgentEntity;
  @Column('text') source: ToolSource;
  @Column('text') name: string;
  @Column('text') description: string;
  /** json, not jsonb: the schema's text as it arrived, key order included (what the provider is sent). */
  @Column('json') inputSchema: JsonObject;
  @Column('boolean', { default: true }) active: boolean;
  @Column('int', { default: 0 }) sortOrder: number;
  /** Deprecated Tool Tier: stored so old configurations save, read by nothing. */
  @Column('int', { nullable: true }) tier: number | null;
  @Column('boolean', { default: false }) hostDependent: boolean;
  @Column('boolean', { default: false }) requiresMcpServer: boolean;
  @Index('idx_tool_definitions_mini_app')
  @Column('uuid', { nullable: true })
  miniAppId: string | null;
  @ManyToOne(() => MiniAppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'mini_app_id' })
  miniApp?: MiniAppEntity;
  @Index('idx_tool_definitions_mcp_server')
  @Column('uuid', { nullable: true })
  mcpServerId: string | null;
  @ManyToOne(() => McpServerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'mcp_server_id' })
  mcpServer?: McpServerEntity;
  /** The tool's name as its MCP server reported it, without the mcp__server__ prefix. */
  @Column('text', { nullable: true }) mcpToolName: string | null;
  /** An MCP tool's tools/list entry beyond name, description and input schema, as reported; null for other sources. */
  @Column('json', { nullable: true }) mcpEntry: JsonObject | null;
  /** What its MCP server's annotations state of the hints rules name (src/loadout/rules/hints.ts). */
  @Column('text', { array: true, default: () => "'{}'" }) hints: string[];
  /** Per provider, the first schema rule the input schema breaks; null: not checked when written, checked when loaded. */
  @Column('json', { nullable: true }) schemaRefusals: SchemaRefusals | null;
  @Column('text') contentHash: string;
  @Column('int', { default: 1 }) version: number;
  @ManyToMany(() => ChannelEntity)
  @JoinTable({ name: 'tool_definition_channels', joinColumn: { name: 'tool_definition_id' }, inverseJoinColumn: { name: 'channel_id' } })
  channels?: ChannelEntity[];
  @ManyToMany(() => ContextObjectEntity)
  @JoinTable({
    name: 'tool_definition_context_objects',
    joinColumn: { name: 'tool_definition_id' },
    inverseJoinColumn: { name: 'context_object_id' },
  })
  contextObjects?: ContextObjectEntity[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
