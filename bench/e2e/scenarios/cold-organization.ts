import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { insertAgents, insertTools } from '../bulk-seed';
import { pgConfig } from '../database';
import { figure, type Figure } from '../figures';
import { GraphQLClient } from '../http';
import { withLoadout } from '../instance';
import type { Options } from '../options';
import { progress } from '../progress';
import { TOOLBOX_QUERY } from '../request-bodies';
import { startLoadout, type ServerProcess } from '../server-process';
import { median } from '../stats';
import { setUpOrganization } from '../world';

const S = 'coldOrganization';

/** Every row a loadout is made of, read with plain statements on a connection already open. */
async function rawRead(databaseUrl: string, organizationId: string): Promise<number> {
  const client = new Client(pgConfig(databaseUrl));
  await client.connect();
  try {
    const started = performance.now();
    for (const sql of [
      `SELECT * FROM organizations WHERE id = $1`,
      `SELECT * FROM tool_definitions WHERE organization_id = $1`,
      `SELECT l.* FROM tool_definition_channels l JOIN tool_definitions t ON t.id = l.tool_definition_id WHERE t.organization_id = $1`,
      `SELECT l.* FROM tool_definition_context_objects l JOIN tool_definitions t ON t.id = l.tool_definition_id WHERE t.organization_id = $1`,
      `SELECT * FROM agents WHERE organization_id = $1`,
      `SELECT * FROM permission_rules WHERE organization_id = $1`,
      `SELECT * FROM mini_apps WHERE organization_id = $1`,
      `SELECT * FROM mcp_servers WHERE organization_id = $1`,
      `SELECT * FROM channels WHERE organization_id = $1`,
      `SELECT * FROM context_objects WHERE organization_id = $1`,
    ])
      await client.query(sql, [organizationId]);
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/**
 * After a restart: how long the server takes to be ready, with a small and
 * a large organisation stored (nothing is compiled before it is asked for,
 * so the two should not differ), and how long the large organisation's
 * first toolbox takes against a raw read of the rows it is made of.
 */
export async function coldOrganizationScenario(options: Options): Promise<Figure[]> {
  const sizes = options.sizes.coldOrganization;
  return withLoadout(options, async (loadout) => {
    if (!loadout.db.url) throw new Error('the large organisation is written with SQL: run on the PostgreSQL server');
    const databaseUrl = loadout.db.url;
    let server: ServerProcess = loadout.server;
    const restart = async (): Promise<number> => {
      await server.stop();
      const started = performance.now();
      server = await startLoadout(loadout.db, loadout.operatorToken);
      return performance.now() - started;
    };
    try {
      const world = await setUpOrganization(loadout.graphqlUrl, loadout.operatorToken, {
        channels: sizes.channels,
        contextObjects: 0,
        agents: sizes.agents,
        tools: sizes.tools - 1,
        seed: options.seed,
      });
      const smallReady: number[] = [];
      for (let i = 0; i < sizes.samples; i++) smallReady.push(await restart());
      progress(S, `writing ${sizes.tools} tools and ${sizes.agents} agents with SQL`);
      await insertTools(databaseUrl, world.organizationId, world.tools);
      await insertAgents(databaseUrl, world, sizes.agents);

      const largeReady: number[] = [];
      const firstToolbox: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < sizes.samples; i++) {
        progress(S, `restart ${i + 1}/${sizes.samples}`);
        largeReady.push(await restart());
        const viewer = new GraphQLClient(`${server.baseUrl}/graphql`, world.as.VIEWER.key);
        const started = performance.now();
        await viewer.ok(TOOLBOX_QUERY, { a: world.agentIds[i % world.agentIds.length], c: world.channels[0], p: null });
        firstToolbox.push(performance.now() - started);
        raw.push(await rawRead(databaseUrl, world.organizationId));
      }
      const large = `${sizes.tools.toLocaleString('en-US')} tools × ${sizes.agents.toLocaleString('en-US')} agents`;
      return [
        figure({
          scenario: S,
          name: `first toolbox after a restart, ${large} (baseline: raw pg read of its rows)`,
          unit: 'ms',
          value: median(firstToolbox),
          baseline: median(raw),
          target: { on: 'ratio', op: '<=', bound: 3 },
          note: `medians of ${sizes.samples} restarts`,
        }),
        figure({
          scenario: S,
          name: `start to ready, ${large} stored (baseline: 1 tool stored)`,
          unit: 'ms',
          value: median(largeReady),
          baseline: median(smallReady),
          target: { on: 'ratio', op: '<=', bound: 1.5 },
          note: `process start to /readyz 200, polled every 50 ms; medians of ${sizes.samples} restarts`,
        }),
      ];
    } finally {
      await server.stop();
    }
  });
}
