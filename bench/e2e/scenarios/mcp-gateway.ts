import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { figure, type Figure } from '../figures';
import { GraphQLClient } from '../http';
import { withLoadout } from '../instance';
import { McpFleet } from '../mcp-fleet';
import type { Options } from '../options';
import { progress } from '../progress';
import { rssMb } from '../rss';
import { percentile } from '../stats';

const S = 'mcpGateway';

/** A request's time in milliseconds. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const connected = async (url: string, headers: Record<string, string> = {}): Promise<Client> => {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
};

/** Ends the session on the server (a DELETE), then the client: closing alone leaves it until it idles out. */
const ended = async (client: Client): Promise<void> => {
  await (client.transport as StreamableHTTPClientTransport).terminateSession();
  await client.close();
};

/**
 * Loadout as an MCP server (docs/mcp-gateway.md), with the official SDK's
 * client: tools/list against the same toolbox recorded through GraphQL's
 * beginTurn, tools/call through Loadout against the same call made to the
 * upstream server directly (a real SDK server on 127.0.0.1), and what open
 * sessions cost the server's memory. Requests alternate between the arms.
 */
export async function mcpGatewayScenario(options: Options): Promise<Figure[]> {
  const { toolsEach, requests, sessions } = options.sizes.mcpGateway;
  const fleet = await McpFleet.start(toolsEach);
  try {
    return await withLoadout(
      options,
      async (loadout) => {
        const operator = new GraphQLClient(loadout.graphqlUrl, loadout.operatorToken);
        const key = (
          await operator.ok<{ createOrganization: { apiKey: string } }>(
            `mutation { createOrganization(input: { name: "Gateway" }) { apiKey } }`,
          )
        ).createOrganization.apiKey;
        const admin = operator.withKey(key);
        await admin.ok(`mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
        await admin.ok(`mutation($u: String!) { registerMcpServer(input: { name: "docs", transport: STREAMABLE_HTTP, url: $u }) { id } }`, {
          u: fleet.url(0),
        });
        const probed = async () =>
          (await admin.ok<{ mcpServers: Array<{ probe: { status: string } }> }>(`{ mcpServers { probe { status } } }`)).mcpServers[0].probe
            .status;
        const deadline = Date.now() + 60_000;
        while ((await probed()) !== 'OK' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
        const agentId = (await admin.ok<{ createAgent: { id: string } }>(`mutation { createAgent(input: { name: "gateway" }) { id } }`))
          .createAgent.id;
        const conversationId = (
          await admin.ok<{ startConversation: { id: string } }>(
            `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
            { a: agentId },
          )
        ).startConversation.id;
        const endpoint = `${loadout.server.baseUrl}/mcp/agents/${agentId}?channel=web`;
        const gateway = await connected(endpoint, { authorization: `Bearer ${key}` });
        const direct = await connected(fleet.url(0));
        const listed = (await gateway.listTools()).tools.length;
        const BEGIN = `mutation($c: ID!) { beginTurn(conversationId: $c) { id toolbox { tools { name } rendered(provider: NEUTRAL) } } }`;
        const list = { mcp: [] as number[], graphql: [] as number[] };
        const call = { mcp: [] as number[], direct: [] as number[] };
        progress(S, `${requests} lists and ${requests} calls each way`);
        for (let i = 0; i < requests + 20; i++) {
          const warm = i < 20;
          const [m, g] = [await timed(() => gateway.listTools()), await timed(() => admin.ok(BEGIN, { c: conversationId }))];
          const args = { name: 'tool_0', arguments: { query: `q${i}` } };
          const [c, d] = [
            await timed(() => gateway.callTool({ ...args, name: 'mcp__docs__tool_0' })),
            await timed(() => direct.callTool(args)),
          ];
          if (warm) continue;
          list.mcp.push(m);
          list.graphql.push(g);
          call.mcp.push(c);
          call.direct.push(d);
        }
        await Promise.all([ended(gateway), direct.close()]);

        progress(S, `opening ${sessions} sessions`);
        await loadout.db.settle();
        const before = rssMb(loadout.server.pid);
        // A key holds at most 100 sessions (docs/mcp-gateway.md, "Limits"): a key per hundred.
        const keys: string[] = [];
        for (let i = 0; i < Math.ceil(sessions / 100); i++)
          keys.push(
            (
              await admin.ok<{ createApiKey: { apiKey: string } }>(
                `mutation { createApiKey(input: { name: "sessions", role: RUNTIME }) { apiKey } }`,
              )
            ).createApiKey.apiKey,
          );
        const held: Client[] = [];
        for (let i = 0; i < sessions; i++) held.push(await connected(endpoint, { authorization: `Bearer ${keys[Math.floor(i / 100)]}` }));
        const after = rssMb(loadout.server.pid);
        await Promise.all(held.map(ended));

        const directP50 = percentile(call.direct, 0.5);
        return [
          figure({
            scenario: S,
            name: `tools/list of ${listed} tools, p50 (baseline: beginTurn of the same toolbox over GraphQL)`,
            unit: 'ms',
            value: percentile(list.mcp, 0.5),
            baseline: percentile(list.graphql, 0.5),
            target: { on: 'ratio', op: '<=', bound: 2 },
          }),
          figure({
            scenario: S,
            name: 'tools/call through Loadout, p50 (baseline: the same call to the upstream server directly)',
            unit: 'ms',
            value: percentile(call.mcp, 0.5),
            baseline: directP50,
            target: null,
          }),
          figure({
            scenario: S,
            name: 'what Loadout adds to a tools/call, p50 (bound: 2 ms + 10 % of the direct call)',
            unit: 'ms',
            value: percentile(call.mcp, 0.5) - directP50,
            baseline: null,
            target: { on: 'value', op: '<=', bound: Math.round((2 + 0.1 * directP50) * 100) / 100 },
          }),
          figure({
            scenario: S,
            name: `server memory held by ${sessions} open MCP sessions`,
            unit: 'MB',
            value: before !== null && after !== null ? after - before : 0,
            baseline: null,
            target: null,
          }),
        ];
      },
      { LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${fleet.port}` },
    );
  } finally {
    await fleet.stop();
  }
}
