import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every accepted tool call since the retained horizon, kept so the budget
 * report can be evaluated as of any instant since then (`asOf`): the
 * counters of `tool_usage` are running totals. Append-only and written by
 * recordToolCalls alone, which checks the organisation and project in the
 * same transaction: no foreign keys to check per row (triggers on
 * organizations and projects delete the rows of one deleted), and a
 * sequential key. Partitioned by month of `at` (declared in the migrations;
 * the months are the maintenance step's, usage/call-log-maintenance.ts), so
 * the key holds `at`.
 */
@Entity('tool_calls')
// Scope and time: the report aggregates one scope's calls after asOf (declared in the migration).
@Index('idx_tool_calls_scope_at', { synchronize: false })
export class ToolCallEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'PK_tool_calls_id_at' })
  id: string;
  @Column('uuid') organizationId: string;
  @Column('text') userId: string;
  @Index('idx_tool_calls_project')
  @Column('uuid', { nullable: true })
  projectId: string | null;
  @Column('text') toolName: string;
  @PrimaryColumn('timestamptz', { primaryKeyConstraintName: 'PK_tool_calls_id_at' }) at: Date;
  @Column('boolean') isError: boolean;
}
