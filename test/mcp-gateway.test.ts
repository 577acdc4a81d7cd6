import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import {
  BeginMcpTurnDocument,
  ConversationsWithToolCallsDocument,
  McpServersDocument,
  ToolBudgetReportDocument,
  RecordToolCallsDocument,
  RemoveToolRuleDocument,
  UpdateToolDefinitionDocument,
  ToolUsageDocument,
  UpdateAgentDocument,
  UpdateMcpServerDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestMcpServer } from './support/mcp-http-server';
import { TestWorld } from './support/test-world';

/*
 * Loadout as an MCP server, through the official SDK's client over
 * Streamable HTTP: the agent's toolbox is the list, calls reach the real
 * upstream server and come back as it answered, each is counted for its
 * tool, and an edit that alters the list says so once.
 */

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: { z: { type: 'string' }, a: { type: 'number' } }, required: ['z'] },
  ...extra,
});

let t: TestServer;
let world: TestWorld;
let upstream: TestMcpServer;
/** A server that asks for a key, reached with a header. */
let keyed: TestMcpServer;
let admin: string;
let runtime: string;
let agentId: string;
let otherAgentId: string;
let hostToolId: string;

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const endpoint = (agent: string, query = 'channel=web') => `${t.server.url}/mcp/agents/${agent}?${query}`;

/** The user's usage evidence once `calls` calls are counted: calls are recorded after they are answered. */
const usageOf = (userId: string, calls: number) =>
  until(
    async () => (await t.ok(admin, ToolUsageDocument, { userId })).toolUsage,
    (usage) => usage.reduce((n, u) => n + u.calls, 0) >= calls,
  );

/** A DENY rule of the agent on `toolName`: its id. */
const deny = async (agentId: string, toolName: string) => (await world.rules(admin, [{ agentId, toolName, effect: 'DENY' }]))[0].id;
const removeRule = (id: string) => t.ok(admin, RemoveToolRuleDocument, { id });

async function connect(agent = agentId, key = runtime, headers: Record<string, string> = {}, query?: string) {
  const client = new Client({ name: 'gateway-test', version: '0' });
  const changes: number[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes.push(Date.now()));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint(agent, query)), {
      requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } },
    }),
  );
  return { client, changes };
}

beforeAll(async () => {
  upstream = await new TestMcpServer([
    tool('search'),
    tool('fetch', {
      title: 'Fetch a page',
      annotations: { readOnlyHint: true },
      outputSchema: { type: 'object', properties: { echoed: {} } },
    }),
  ]).start();
  keyed = await new TestMcpServer([tool('lookup')], 'Bearer one').start();
  const settings = readMcpConnectionSettings({
    LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${upstream.port},127.0.0.1:${keyed.port}`,
    LOADOUT_MCP_SECRET_KEY: 'b'.repeat(64),
  });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  world = new TestWorld(t);
  admin = (await world.organization('Test org')).adminKey;
  runtime = await world.key(admin, 'RUNTIME');
  const [server] = await world.mcpServers(admin, [{ name: 'live', transport: 'STREAMABLE_HTTP', url: upstream.url }]);
  await until(
    async () => (await t.ok(admin, McpServersDocument)).mcpServers,
    (servers) => servers.find((s) => s.id === server.id)?.probe.status === 'OK',
  );
  [{ id: hostToolId }] = await world.tools(admin, [{ name: 'host_only', description: 'Run by the host', inputSchema: { type: 'object' } }]);
  [{ id: agentId }, { id: otherAgentId }] = await world.agents(admin, [{ name: 'gateway' }, { name: 'other' }]);
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await upstream?.stop();
  await keyed?.stop();
});

it("lists the agent's MCP tools Loadout reaches, in toolbox order, with the server's schemas and other keys as it sent them", async () => {
  const { client } = await connect();
  const listed = await client.request({ method: 'tools/list', params: {} }, ResultSchema);
  const metrics = await (await fetch(`${t.server.url}/metrics`)).text();
  expect(Number(/^loadout_mcp_gateway_sessions (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
  await client.close();
  const tools = (listed as { tools: Array<Record<string, unknown>> }).tools;
  expect(tools.map((x) => x.name)).toEqual(['mcp__live__search', 'mcp__live__fetch']);
  expect(JSON.stringify(tools[0].inputSchema)).toBe(JSON.stringify(upstream.tools[0].inputSchema));
  expect(tools[1]).toMatchObject({
    title: 'Fetch a page',
    annotations: { readOnlyHint: true },
    outputSchema: upstream.tools[1].outputSchema,
  });
});

it('forwards a call to the upstream server under its own name, answers what it returned, and counts the call for the tool', async () => {
  const { client } = await connect(agentId, runtime, { 'x-loadout-user-id': 'maria' });
  await client.listTools();
  upstream.callDelayMs = 150;
  const result = await client
    .callTool({ name: 'mcp__live__search', arguments: { z: 'invoices' } })
    .finally(() => (upstream.callDelayMs = 0));
  await client.close();
  expect(result).toMatchObject({ content: [{ type: 'text', text: 'called search' }], structuredContent: { echoed: { z: 'invoices' } } });
  const usage = { toolUsage: await usageOf('maria', 1) };
  expect(
    usage.toolUsage
      .filter((u) => u.calls > 0)
      .map(({ toolName, calls, errors, firstSurfacedAt }) => ({ toolName, calls, errors, firstSurfacedAt })),
  ).toEqual([{ toolName: 'mcp__live__search', calls: 1, errors: 0, firstSurfacedAt: expect.any(String) }]);
  // The roster is what the client was listed: the tool the host runs was never offered to it.
  expect(usage.toolUsage.filter((u) => u.firstSurfacedAt).map((u) => u.toolName)).toEqual(['mcp__live__fetch', 'mcp__live__search']);
  // The debugger lists the call on the session's turn, with its outcome and how long the upstream server took.
  const conversations = await t.ok(admin, ConversationsWithToolCallsDocument, { agentId });
  const maria = conversations.conversations.edges.find((e) => e.node.userId === 'maria')!.node;
  // The turn says which carried tools the client was not listed, and why.
  expect(maria.source).toBe('MCP_GATEWAY');
  expect(maria.turns.edges.map((e) => e.node.notListed)).toEqual([[{ name: 'host_only', reason: 'RUN_BY_HOST' }]]);
  const calls = maria.turns.edges.flatMap((e) => e.node.toolCalls);
  expect(calls[0].durationMs).toBeGreaterThanOrEqual(150);
  expect(calls).toEqual([{ toolName: 'mcp__live__search', isError: false, durationMs: expect.any(Number) as number }]);
});

it("lists and calls each tool under its server's own name with names=server, and says why one left out is not listed", async () => {
  const rule = await deny(agentId, 'tool:mcp__live__fetch');
  try {
    const { client } = await connect(agentId, runtime, { 'x-loadout-user-id': 'lena' }, 'channel=web&names=server');
    expect((await client.listTools()).tools.map((x) => x.name)).toEqual(['search']);
    expect(await client.callTool({ name: 'search', arguments: { z: 'q' } })).toMatchObject({
      content: [{ type: 'text', text: 'called search' }],
    });
    await expect(client.callTool({ name: 'fetch', arguments: { z: 'x' } })).rejects.toThrow(
      /mcp__live__fetch is excluded by the agent's rule tool:mcp__live__fetch/,
    );
    await client.close();
    // Counted for the definitions, whatever name the client used.
    const usage = await usageOf('lena', 2);
    expect(usage.filter((u) => u.calls > 0).map((u) => [u.toolName, u.calls, u.errors])).toEqual([
      ['mcp__live__fetch', 1, 1],
      ['mcp__live__search', 1, 0],
    ]);
  } finally {
    await removeRule(rule);
  }
});

it('refuses a call to a tool not in the list with why, and records it', async () => {
  const rule = await deny(agentId, 'tool:mcp__live__fetch');
  const { client } = await connect(agentId, runtime, { 'x-loadout-user-id': 'omar' });
  expect((await client.listTools()).tools.map((x) => x.name)).toEqual(['mcp__live__search']);
  await expect(client.callTool({ name: 'mcp__live__fetch', arguments: { z: 'x' } })).rejects.toThrow(
    /mcp__live__fetch is excluded by the agent's rule tool:mcp__live__fetch/,
  );
  await expect(client.callTool({ name: 'host_only', arguments: {} })).rejects.toThrow(/run by the host/);
  await expect(client.callTool({ name: 'nothing_like_it', arguments: {} })).rejects.toThrow(/not a tool of this agent/);
  await client.close();
  const usage = { toolUsage: await usageOf('omar', 3) };
  // Each refused call is counted as a failed call of the name the client sent.
  expect(usage.toolUsage.filter((u) => u.calls > 0).map((u) => [u.toolName, u.calls, u.errors])).toEqual([
    ['host_only', 1, 1],
    ['mcp__live__fetch', 1, 1],
    ['nothing_like_it', 1, 1],
  ]);
  await removeRule(rule);
});

it('tells each open session of the agent once when an edit alters its list, and no session of another agent', async () => {
  const watched = await connect();
  const other = await connect(otherAgentId);
  const before = (await watched.client.listTools()).tools.map((x) => x.name);
  await other.client.listTools();
  // The host's tool changes the toolbox, not the list: nothing is sent.
  await t.ok(admin, UpdateToolDefinitionDocument, { id: hostToolId, input: { description: 'Run by the host, edited' } });
  await new Promise((r) => setTimeout(r, 500));
  expect(watched.changes).toHaveLength(0);
  await deny(agentId, 'tool:mcp__live__search');
  await t.ok(admin, UpdateAgentDocument, { id: agentId, input: { maxTools: 20 } });
  await until(
    () => watched.changes.length,
    (n) => n > 0,
  );
  await new Promise((r) => setTimeout(r, 300));
  expect(watched.changes).toHaveLength(1);
  expect(other.changes).toHaveLength(0);
  const after = (await watched.client.listTools()).tools.map((x) => x.name);
  expect(before).toContain('mcp__live__search');
  expect(after).not.toContain('mcp__live__search');
  await Promise.all([watched.client.close(), other.client.close()]);
});

it('tells a session on another instance of the same database when an edit made on this one alters its list', async () => {
  if (t.databaseKind !== 'server') return expect(() => t.startAnother()).rejects.toThrow(/one embedded database serves one instance/);
  const second = await t.startAnother();
  const client = new Client({ name: 'second-instance', version: '0' });
  const changes: number[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes.push(Date.now()));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${second.url}/mcp/agents/${otherAgentId}?channel=web`), {
      requestInit: { headers: { authorization: `Bearer ${runtime}` } },
    }),
  );
  const before = (await client.listTools()).tools.map((x) => x.name);
  const rule = await deny(otherAgentId, 'tool:mcp__live__fetch');
  await until(
    () => changes.length,
    (n) => n > 0,
  );
  const after = (await client.listTools()).tools.map((x) => x.name);
  await client.close();
  await removeRule(rule);
  expect(changes).toHaveLength(1);
  expect(before).toContain('mcp__live__fetch');
  expect(after).not.toContain('mcp__live__fetch');
});

it("forms the budget report's verdicts from gateway calls alone, as from the same calls recorded through GraphQL", async () => {
  const [{ id: agent }] = await world.agents(admin, [{ name: 'a week' }]);
  const { client } = await connect(agent, runtime, { 'x-loadout-user-id': 'through-gateway' });
  await client.listTools();
  for (let i = 0; i < 200; i++) await client.callTool({ name: 'mcp__live__search', arguments: { z: `q${i}` } });
  await client.close();
  await usageOf('through-gateway', 200);

  // The same week through GraphQL: a turn carrying the tools the gateway listed, and the same calls.
  const conversation = await world.startConversation(runtime, { agentId: agent, userId: 'through-graphql' });
  const turn = (await t.ok(runtime, BeginMcpTurnDocument, { conversationId: conversation })).beginTurn.id;
  await t.ok(runtime, RecordToolCallsDocument, {
    calls: Array.from({ length: 200 }, () => ({
      conversationId: conversation,
      turnId: turn,
      toolName: 'mcp__live__search',
      isError: false,
    })),
  });

  const asOf = new Date(Date.now() + 8 * 24 * 3600 * 1000).toISOString();
  // The gate and each verdict: when a tool was surfaced differs between the two users.
  const verdicts = async (userId: string) => {
    const { evidence, suggestions } = (await t.ok(admin, ToolBudgetReportDocument, { agentId: agent, userId, asOf })).toolBudget;
    return { evidence, suggestions: suggestions.map(({ toolName, verdict, calls }) => ({ toolName, verdict, calls })) };
  };
  const gateway = await verdicts('through-gateway');
  const graphql = await verdicts('through-graphql');
  expect(gateway.evidence.gateOpen).toBe(true);
  expect(gateway.suggestions).toEqual([{ toolName: 'mcp__live__fetch', verdict: 'NEVER_USED', calls: 0 }]);
  // The runtime's turn carried the host's tool too; of the tools the gateway lists, the verdicts are the same.
  expect(graphql.suggestions.filter((x) => x.toolName.startsWith('mcp__'))).toEqual(gateway.suggestions);
});

it("sends a call with the server's headers as just edited on this instance", async () => {
  const header = (value: string) => [{ name: 'Authorization', value }];
  const [{ id: serverId }] = await world.mcpServers(admin, [
    { name: 'keyed', transport: 'STREAMABLE_HTTP', url: keyed.url, headers: header('Bearer one') },
  ]);
  const { client } = await connect();
  await until(
    async () => (await client.listTools()).tools.map((t) => t.name),
    (names) => names.includes('mcp__keyed__lookup'),
  );
  const call = () => client.callTool({ name: 'mcp__keyed__lookup', arguments: { z: 'x' } });
  expect(await call()).toMatchObject({ content: [{ type: 'text', text: 'called lookup' }] });

  keyed.requiredAuthorization = 'Bearer two';
  await t.ok(admin, UpdateMcpServerDocument, { id: serverId, input: { headers: header('Bearer two') } });
  expect(await call()).toMatchObject({ content: [{ type: 'text', text: 'called lookup' }] });
  expect(keyed.seenAuthorization.at(-1)).toBe('Bearer two');
  await client.close();
  await t.ok(admin, UpdateMcpServerDocument, { id: serverId, input: { enabled: false } });
});

describe('the door', () => {
  const post = (url: string, key: string | null, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  };

  it('refuses no key (401), a VIEWER key (403), an unknown agent (404) and an unknown channel (400 naming it)', async () => {
    const viewer = await world.key(admin, 'VIEWER');
    expect((await post(endpoint(agentId), null, initialize)).status).toBe(401);
    expect((await post(endpoint(agentId), viewer, initialize)).status).toBe(403);
    const unknown = await post(endpoint('00000000-0000-4000-8000-000000000000'), runtime, initialize);
    expect(unknown.status).toBe(404);
    const channel = await post(endpoint(agentId, 'channel=nowhere'), runtime, initialize);
    expect(channel.status).toBe(400);
    expect(((await channel.json()) as { error: { data: { field: string } } }).error.data.field).toBe('channel');
    const missing = await post(endpoint(agentId, ''), runtime, initialize);
    expect(((await missing.json()) as { error: { data: { field: string } } }).error.data.field).toBe('channel');
    const names = await post(endpoint(agentId, 'channel=web&names=openai'), runtime, initialize);
    expect(names.status).toBe(400);
    expect(((await names.json()) as { error: { message: string; data: { field: string } } }).error).toMatchObject({
      message: expect.stringContaining('toolbox, server') as string,
      data: { field: 'names' },
    });
  });

  it('refuses a browser page of an origin that is not loopback (DNS rebinding), and serves a loopback one', async () => {
    const rebound = await post(endpoint(agentId), runtime, initialize, { origin: 'http://evil.example.com' });
    expect(rebound.status).toBe(403);
    expect(((await rebound.json()) as { error: { message: string } }).error.message).toMatch(
      /Origin http:\/\/evil.example.com may not use/,
    );
    expect((await post(endpoint(agentId), runtime, initialize, { origin: 'http://127.0.0.1:3000' })).status).toBe(200);
  });

  it("answers another key's session as not found", async () => {
    const opened = await post(endpoint(agentId), runtime, initialize);
    const sessionId = opened.headers.get('mcp-session-id')!;
    expect(sessionId).toBeTruthy();
    const otherOrganization = await world.key((await world.organizations(['elsewhere']))[0].adminKey, 'RUNTIME');
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const answer = await post(endpoint(agentId), otherOrganization, list, {
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(answer.status).toBe(404);
  });
});
