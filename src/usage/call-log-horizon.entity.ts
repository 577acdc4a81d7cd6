import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row (id 1) once the retention has dropped calls: every call at or after `keptFrom` is still in the log. */
@Entity('call_log_horizon')
export class CallLogHorizonEntity {
  @PrimaryColumn('int', { primaryKeyConstraintName: 'PK_call_log_horizon' }) id: number;
  @Column('timestamptz') keptFrom: Date;
}
