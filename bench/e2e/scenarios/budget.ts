import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { pgConfig } from '../database';
import { figure, joinNotes, NO_RAW_BASELINE_ON_EMBEDDED, type Figure } from '../figures';
import { withLoadout } from '../instance';
import type { Options } from '../options';
import { Prng } from '../prng';
import { progress } from '../progress';
import { seedCallsThroughApi, seedCallsWithSql, type CallSeed } from '../seed-calls';
import { median } from '../stats';
import { DAY_MS } from '../../../src/common/time';
import { createToolsInChangeSets, setUpOrganization, type World } from '../world';

const S = 'budget';
/** Samples stop here (once one is measured), so a slow report cannot hold the bench for eight timeouts. */
const SAMPLING_BUDGET_MS = 180_000;

const BUDGET_QUERY = `query($p: ID!, $u: String!, $at: DateTime!) {
  toolBudget(projectId: $p, userId: $u, asOf: $at) { estimatedToolCount estimatedSchemaTokens level suggestions { toolName verdict } } }`;

/** One scope's rows of a usage table, read by its scope index. */
const SCOPE_ROWS = `organization_id = $1 AND user_id = $2
  AND COALESCE(project_id, '00000000-0000-0000-0000-000000000000'::uuid) = COALESCE($3::uuid, '00000000-0000-0000-0000-000000000000'::uuid)`;

/**
 * The question toolBudget answers, by hand: the scope's per-tool calls,
 * errors and last call as of asOf (the running counters less the calls
 * logged after asOf, the last call by then from the log), and the surface's
 * size.
 */
const RAW_BUDGET = `WITH counters AS (
    SELECT tool_name, calls, errors, last_called_at FROM tool_usage WHERE ${SCOPE_ROWS}
  ), later AS (
    SELECT tool_name, count(*)::int AS calls, (count(*) FILTER (WHERE is_error))::int AS errors
      FROM tool_calls WHERE ${SCOPE_ROWS} AND at > $4 GROUP BY tool_name
  ), last_by AS (
    SELECT tool_name, max(at) AS last_called_at FROM tool_calls
     WHERE ${SCOPE_ROWS} AND at <= $4 AND tool_name IN (SELECT tool_name FROM counters WHERE last_called_at > $4)
       AND EXISTS (SELECT 1 FROM counters WHERE last_called_at > $4)
     GROUP BY tool_name
  )
  SELECT c.tool_name, c.calls - COALESCE(l.calls, 0) AS calls, c.errors - COALESCE(l.errors, 0) AS errors,
         CASE WHEN c.last_called_at <= $4 THEN c.last_called_at ELSE b.last_called_at END AS last_called_at, s.surface
    FROM counters c LEFT JOIN later l USING (tool_name) LEFT JOIN last_by b USING (tool_name)
   CROSS JOIN (SELECT count(*)::int AS surface FROM tool_definitions
                WHERE organization_id = $1 AND (project_id IS NULL OR project_id = $3::uuid) AND active) s`;

/** Calls through the API while that fits its time budget, the rest with SQL; says which. */
async function seed(options: Options, world: World, databaseUrl: string | null): Promise<string> {
  const b = options.sizes.budget;
  const callSeed: CallSeed = {
    projectId: world.projectId,
    toolNames: world.tools.map((t) => t.name),
    userIds: Array.from({ length: b.users }, (_, i) => `user_${i}`),
    days: b.days,
  };
  const rng = new Prng(options.seed);
  const viaApi = await seedCallsThroughApi(world, callSeed, b.calls, Date.now() + b.apiSeedingSeconds * 1000, rng);
  const rest = b.calls - viaApi;
  if (rest === 0) return `${b.calls.toLocaleString('en-US')} calls seeded through recordToolCalls`;
  if (!databaseUrl)
    return `only ${viaApi.toLocaleString('en-US')} of ${b.calls.toLocaleString('en-US')} calls seeded (recordToolCalls, ${b.apiSeedingSeconds} s budget)`;
  progress(S, `${viaApi} calls through the API in ${b.apiSeedingSeconds} s; ${rest} more with SQL`);
  const now = Date.now();
  await seedCallsWithSql(databaseUrl, world.organizationId, callSeed, rest, { from: now - b.days * DAY_MS, to: now });
  return `calls seeded: ${viaApi.toLocaleString('en-US')} through recordToolCalls, ${rest.toLocaleString('en-US')} with SQL (generate_series) as recordToolCalls writes them`;
}

/**
 * toolBudget of one heavy scope (10,000 tools, ten million calls over 60
 * days in full) against the raw aggregate SQL answering the same question,
 * as of now and as of 30 days back. Alternating single requests; the
 * medians compared.
 */
export async function budgetScenario(options: Options): Promise<Figure[]> {
  const b = options.sizes.budget;
  return withLoadout(options, async (loadout) => {
    progress(S, `building the world (${b.tools} tools)`);
    const world = await setUpOrganization(loadout.graphqlUrl, loadout.operatorToken, {
      ...options.sizes.world,
      agents: 0,
      tools: b.tools,
      seed: options.seed,
    });
    await createToolsInChangeSets(world, world.tools);
    progress(S, `seeding ${b.calls} calls`);
    const seeded = await seed(options, world, loadout.db.url);

    const raw = loadout.db.url ? new Client(pgConfig(loadout.db.url)) : null;
    await raw?.connect();
    try {
      // Statistics as autovacuum would have them by the time an organisation has this many calls; both sides plan with them.
      await raw?.query('ANALYZE');
      const user = 'user_0';
      const sample = async (label: string, daysBack: number): Promise<Figure> => {
        const apiMs: number[] = [];
        const rawMs: number[] = [];
        let apiCount = 0;
        let rawCount: number | null = null;
        const stopAt = Date.now() + SAMPLING_BUDGET_MS;
        // One of each first, unmeasured: plans, caches, JIT.
        for (let i = 0; i <= b.samples && (i < 2 || Date.now() < stopAt); i++) {
          progress(S, `${label}: sample ${i}/${b.samples}`);
          const asOf = new Date(Date.now() - daysBack * DAY_MS).toISOString();
          let start = performance.now();
          const data = await world.as.VIEWER.ok<{ toolBudget: { estimatedToolCount: number } }>(BUDGET_QUERY, {
            p: world.projectId,
            u: user,
            at: asOf,
          });
          if (i > 0) apiMs.push(performance.now() - start);
          apiCount = data.toolBudget.estimatedToolCount;
          if (!raw) continue;
          start = performance.now();
          const result = await raw.query<{ surface: number }>(RAW_BUDGET, [world.organizationId, user, world.projectId, asOf]);
          if (i > 0) rawMs.push(performance.now() - start);
          rawCount = result.rows[0]?.surface ?? null;
        }
        return figure({
          scenario: S,
          name: `toolBudget latency, ${label}, ${b.tools.toLocaleString('en-US')} tools, ${b.calls.toLocaleString('en-US')} calls (baseline: raw SQL)`,
          unit: 'ms',
          value: median(apiMs),
          baseline: raw ? median(rawMs) : null,
          target: { on: 'ratio', op: '<=', bound: 2 },
          met: raw ? undefined : null,
          note: joinNotes(
            seeded,
            !raw && NO_RAW_BASELINE_ON_EMBEDDED,
            rawCount !== null && rawCount !== apiCount && `the API counted ${apiCount} tools, the raw SQL ${rawCount}`,
          ),
        });
      };
      // As of now the counters answer; 30 days back, the calls logged since then are read and taken off.
      return [await sample('asOf now', 0), await sample('asOf 30 days back', 30)];
    } finally {
      await raw?.end();
    }
  });
}
