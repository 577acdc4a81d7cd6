import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { ToolUsageEntity } from './tool-usage.entity';
import { endUserOf, NO_PROJECT, type RosterRow, type UsageScope } from './usage-scope';

/** A usage table's rows of the scope ($1, $2, $3), as their scope indexes read them. */
const scopeOf = (t: string) => `${t}.organization_id = $1 AND ${t}.user_id = $2
  AND COALESCE(${t}.project_id, '${NO_PROJECT}'::uuid) = COALESCE($3::uuid, '${NO_PROJECT}'::uuid)`;
const LOG_SCOPE = scopeOf('tool_calls');

/**
 * A timestamptz as milliseconds since the epoch (a float8): the driver
 * makes a Date of a number faster than it parses timestamptz text, and a
 * roster holds three instants a tool (docs/performance.md, "Figures behind
 * the code"). A Date keeps whole milliseconds either way.
 */
const epochMs = (sql: string) => `(extract(epoch FROM ${sql}) * 1000)::float8`;
const dateOf = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/** The reads of usage telemetry: the roster, and the budget report's evidence (UsageRecorder writes both). */
export class UsageService {
  constructor(private readonly db: DataSource) {}

  /** The roster and counters of one scope, by tool name. userId null: the caller. */
  async toolUsage(actor: Actor, projectId: string | null | undefined, userId: string | null | undefined): Promise<ToolUsageEntity[]> {
    return this.db.manager.find(ToolUsageEntity, {
      where: {
        organizationId: actor.organizationId,
        userId: endUserOf(actor.principalId, userId),
        projectId: projectId ? projectId : IsNull(),
      },
      order: { toolName: 'ASC' },
    });
  }

  /**
   * The scope's roster as it stood at `asOf` (budget report), exact for any
   * `asOf` since the call log's horizon: the running counters less the calls
   * logged after `asOf`; the last call by then from the log, else from the
   * expired calls (older than the log); a tool's first surfacing only if it
   * came by then. Tools neither surfaced nor called by then are absent.
   */
  async rosterAsOf(m: EntityManager, scope: UsageScope, asOf: Date): Promise<RosterRow[]> {
    const rows: Array<{
      tool_name: string;
      calls: number;
      errors: number;
      first_surfaced_at: number | null;
      first_called_at: number | null;
      last_called_at: number | null;
    }> = await m.query(
      `WITH counters AS (
           SELECT tool_name, first_surfaced_at, calls, errors, first_called_at, last_called_at FROM tool_usage WHERE ${scopeOf('tool_usage')}
         ), later AS (
           SELECT tool_name, count(*)::int AS calls, (count(*) FILTER (WHERE is_error))::int AS errors
             FROM tool_calls
            WHERE ${LOG_SCOPE} AND at > $4
            GROUP BY tool_name
         ), last_by AS (
           SELECT tool_name, max(at) AS last_called_at
             FROM tool_calls
            WHERE ${LOG_SCOPE} AND at <= $4 AND tool_name IN (SELECT tool_name FROM counters WHERE last_called_at > $4)
              -- Checked once, before the log is read: as of now no tool was called later, and nothing is read.
              AND EXISTS (SELECT 1 FROM counters WHERE last_called_at > $4)
            GROUP BY tool_name
         ), as_of AS (
           SELECT c.tool_name, c.calls - COALESCE(l.calls, 0) AS calls, c.errors - COALESCE(l.errors, 0) AS errors,
                  CASE WHEN c.first_surfaced_at <= $4 THEN c.first_surfaced_at END AS first_surfaced_at,
                  CASE WHEN c.first_called_at <= $4 THEN c.first_called_at END AS first_called_at,
                  CASE WHEN c.last_called_at <= $4 THEN c.last_called_at ELSE COALESCE(b.last_called_at, e.last_called_at) END AS last_called_at
             FROM counters c
             LEFT JOIN later l ON l.tool_name = c.tool_name
             LEFT JOIN last_by b ON b.tool_name = c.tool_name
             LEFT JOIN tool_calls_expired e ON ${scopeOf('e')} AND e.tool_name = c.tool_name
         )
         SELECT tool_name, calls, errors, ${epochMs('first_surfaced_at')} AS first_surfaced_at, ${epochMs('first_called_at')} AS first_called_at,
                ${epochMs('CASE WHEN calls > 0 THEN last_called_at END')} AS last_called_at
           FROM as_of WHERE first_surfaced_at IS NOT NULL OR calls > 0`,
      [scope.organizationId, scope.userId, scope.projectId, asOf.toISOString()],
    );
    // Counts are ints in SQL, instants milliseconds since the epoch (see epochMs).
    return rows.map((r) => ({
      toolName: r.tool_name,
      calls: r.calls,
      errors: r.errors,
      firstSurfacedAt: dateOf(r.first_surfaced_at),
      firstCalledAt: dateOf(r.first_called_at),
      lastCalledAt: dateOf(r.last_called_at),
    }));
  }

  /** The instant from which the maintenance step keeps every call in the log, once it has dropped some; null before. */
  async callLogCut(m: EntityManager): Promise<Date | null> {
    const rows: Array<{ kept_from: Date }> = await m.query(`SELECT kept_from FROM call_log_horizon WHERE id = 1`);
    return rows[0]?.kept_from ?? null;
  }

  /** Turns begun in the scope on the UTC days from `from` to `to`, both included. */
  async turnsBetween(m: EntityManager, scope: UsageScope, from: Date, to: Date): Promise<number> {
    const rows: Array<{ turns: string | null }> = await m.query(
      `SELECT SUM(turns) AS turns FROM scope_turn_days
       WHERE organization_id = $1 AND user_id = $2 AND project_id IS NOT DISTINCT FROM $3
         AND day BETWEEN ($4::timestamptz AT TIME ZONE 'UTC')::date AND ($5::timestamptz AT TIME ZONE 'UTC')::date`,
      [scope.organizationId, scope.userId, scope.projectId, from.toISOString(), to.toISOString()],
    );
    return Number(rows[0]?.turns ?? 0);
  }
}
