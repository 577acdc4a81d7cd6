import { figure, joinNotes, type Figure } from '../figures';
import { GraphQLClient } from '../http';
import { withLoadout } from '../instance';
import { graphqlLoad } from '../load';
import { failuresOf, type LoadResult } from '../load-spec';
import { McpFleet } from '../mcp-fleet';
import type { Options } from '../options';
import { progress } from '../progress';
import { median } from '../stats';
import { buildWorld } from '../world';

const S = 'probing';

/**
 * Toolbox reads of one organisation while Loadout probes another's MCP
 * servers (real SDK servers on 127.0.0.1, every `intervalMs`), against the
 * same reads before those servers were registered.
 */
export async function probingScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const { servers, toolsEach, intervalMs, connections, rounds: roundCount } = sizes.probing;
  const fleet = await McpFleet.start(toolsEach);
  const env = { LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${fleet.port}`, LOADOUT_MCP_PROBE_INTERVAL_MS: String(intervalMs) };
  try {
    return await withLoadout(
      options,
      async (loadout) => {
        const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed });
        const plan = { kind: 'toolbox' as const, agentIds: world.agentIds, channels: world.channels, contextObjects: world.contextObjects };
        const rounds = async (label: string): Promise<LoadResult[]> => {
          const runs: LoadResult[] = [];
          for (let round = 1; round <= roundCount; round++) {
            progress(S, `${label}, round ${round}/${roundCount}`);
            runs.push(
              await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, { connections, seconds: sizes.loadSeconds, seed: round }),
            );
          }
          return runs;
        };
        await graphqlLoad(loadout.graphqlUrl, world.as.VIEWER.key, plan, { connections, seconds: 1, seed: 0 });
        await loadout.db.settle();
        const quiet = await rounds('not probing');

        progress(S, `registering ${servers} MCP servers in another organisation`);
        const operator = new GraphQLClient(loadout.graphqlUrl, loadout.operatorToken);
        const other = operator.withKey(
          (
            await operator.ok<{ createOrganization: { apiKey: string } }>(
              `mutation { createOrganization(input: { name: "Probed" }) { apiKey } }`,
            )
          ).createOrganization.apiKey,
        );
        for (let i = 0; i < servers; i++)
          await other.ok(
            `mutation($n: String!, $u: String!) { registerMcpServer(input: { name: $n, transport: STREAMABLE_HTTP, url: $u }) { id } }`,
            {
              n: `s${i}`,
              u: fleet.url(i),
            },
          );
        const okNow = async () =>
          (await other.ok<{ mcpServers: Array<{ probe: { status: string } }> }>(`{ mcpServers { probe { status } } }`)).mcpServers.filter(
            (s) => s.probe.status === 'OK',
          ).length;
        const deadline = Date.now() + 120_000;
        while ((await okNow()) < servers && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
        const ok = await okNow();
        // The registrations' writes (2,000 definitions, their events) are vacuumed and checkpointed before measuring.
        await loadout.db.settle();
        const listedBefore = await fleet.listRequests();
        const probingStarted = Date.now();
        const probing = await rounds(`probing ${servers} servers`);
        const probes = (await fleet.listRequests()) - listedBefore;
        const expected = Math.round((servers * (Date.now() - probingStarted)) / intervalMs);
        const failures = [...quiet, ...probing].reduce((n, r) => n + failuresOf(r), 0);
        return [
          figure({
            scenario: S,
            name: `MCP servers probed OK, of ${servers} registered (${toolsEach} tools each)`,
            unit: '',
            value: ok,
            baseline: servers,
            target: { on: 'ratio', op: '=', bound: 1 },
          }),
          figure({
            scenario: S,
            name: `probes answered while reading, every ${intervalMs / 1000} s (expected: servers × time / interval)`,
            unit: '',
            value: probes,
            baseline: expected,
            target: { on: 'ratio', op: '>=', bound: 0.5 },
          }),
          figure({
            scenario: S,
            name: `toolbox mean latency, ${connections} conn, while probing (baseline: before the servers existed)`,
            unit: 'ms',
            value: median(probing.map((r) => r.latencyMeanMs)),
            baseline: median(quiet.map((r) => r.latencyMeanMs)),
            target: { on: 'ratio', op: '<=', bound: 1.2 },
          }),
          figure({
            scenario: S,
            name: 'toolbox failed responses, probing or not',
            unit: '',
            value: failures,
            baseline: null,
            target: { on: 'value', op: '=', bound: 0 },
            note: joinNotes(probing.find((r) => r.sampleFailure)?.sampleFailure),
          }),
        ];
      },
      env,
    );
  } finally {
    await fleet.stop();
  }
}
