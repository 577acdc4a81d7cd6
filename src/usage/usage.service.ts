import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor';
import { isUuid } from '../common/uuid';
import type { RosterRow } from '../budget/budget-report';
import { ToolUsageEntity } from './tool-usage.entity';
import { NO_PROJECT, type UsageScope } from './usage-scope';

/** The reads of usage telemetry: the roster, and the budget report's evidence (UsageRecorder writes both). */
export class UsageService {
  constructor(private readonly db: DataSource) {}

  /** The roster and counters of one scope, by tool name. userId null: the caller. */
  async toolUsage(actor: Actor, projectId: string | null | undefined, userId: string | null | undefined): Promise<ToolUsageEntity[]> {
    if (projectId && !isUuid(projectId)) return [];
    return this.db.manager.find(ToolUsageEntity, {
      where: {
        organizationId: actor.organizationId,
        userId: userId ?? actor.principalId,
        projectId: projectId ? projectId : IsNull(),
      },
      order: { toolName: 'ASC' },
    });
  }

  /**
   * The scope's roster as it stood at `asOf` (budget report): calls, errors
   * and call times from the call log up to that instant, and a tool's
   * first surfacing only if it came before it. Tools neither surfaced nor
   * called by then are absent.
   */
  async rosterAsOf(m: EntityManager, scope: UsageScope, asOf: Date): Promise<RosterRow[]> {
    const rows: Array<{
      tool_name: string;
      calls: number;
      errors: number;
      first_surfaced_at: Date | null;
      first_called_at: Date | null;
      last_called_at: Date | null;
    }> = await m.query(
      `WITH calls AS (
           SELECT tool_name, count(*)::int AS calls, (count(*) FILTER (WHERE is_error))::int AS errors,
                  min(at) AS first_called_at, max(at) AS last_called_at
             FROM tool_calls
            WHERE organization_id = $1 AND user_id = $2 AND COALESCE(project_id, '${NO_PROJECT}'::uuid) = COALESCE($3::uuid, '${NO_PROJECT}'::uuid)
              AND at <= $4
            GROUP BY tool_name
         ), surfaced AS (
           SELECT tool_name, first_surfaced_at FROM tool_usage
            WHERE organization_id = $1 AND user_id = $2 AND project_id IS NOT DISTINCT FROM $3::uuid AND first_surfaced_at <= $4
         )
         SELECT COALESCE(s.tool_name, c.tool_name) AS tool_name, COALESCE(c.calls, 0) AS calls, COALESCE(c.errors, 0) AS errors,
                s.first_surfaced_at, c.first_called_at, c.last_called_at
           FROM surfaced s FULL JOIN calls c ON c.tool_name = s.tool_name`,
      [scope.organizationId, scope.userId, scope.projectId, asOf.toISOString()],
    );
    // Both drivers hand back timestamptz as Date; counts are cast to int in SQL.
    return rows.map((r) => ({
      toolName: r.tool_name,
      calls: r.calls,
      errors: r.errors,
      firstSurfacedAt: r.first_surfaced_at,
      firstCalledAt: r.first_called_at,
      lastCalledAt: r.last_called_at,
    }));
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
