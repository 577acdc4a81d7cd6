import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createMCPClient } from '@ai-sdk/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, MCPServerStreamableHttp, OpenAIProvider, run as runAgent, setTracingDisabled } from '@openai/agents';
import { generateText, stepCountIs } from 'ai';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { FakeProvider } from './support/fake-provider';
import { McpServersDocument, ToolUsageDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { binOf, startEverything } from './support/mcp-servers';
import { TestWorld } from './support/test-world';

/*
 * The MCP gateway in front of real servers from npm: the reference
 * "everything" server over Streamable HTTP on 127.0.0.1, registered through
 * the API, and the "memory" server over stdio, declared in the operator's
 * file. An OpenAI Agents SDK loop and an AI SDK loop, each against a
 * stand-in provider, call their tools through Loadout: the tool results the
 * model is sent back are the servers' own answers, and each call is counted
 * for its tool.
 */

let t: TestServer;
let everything: ChildProcess;
let runtime: string;
let admin: string;
let agentId: string;

const endpoint = () => `${t.server.url}/mcp/agents/${agentId}?channel=web`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The names the gateway lists, in order, to a client of its own. */
async function listed(): Promise<string[]> {
  const client = new Client({ name: 'check', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint()), { requestInit: { headers: { authorization: `Bearer ${runtime}` } } }),
  );
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((x) => x.name);
}

const callsOf = async (userId: string, calls: number) =>
  (
    await until(
      () => t.ok(admin, ToolUsageDocument, { userId }),
      (usage) => usage.toolUsage.reduce((n, u) => n + u.calls, 0) >= calls,
      10_000,
    )
  ).toolUsage
    .filter((u) => u.calls > 0)
    .map((u) => [u.toolName, u.calls, u.errors]);

beforeAll(async () => {
  const started = await startEverything('streamableHttp');
  everything = started.child;
  const dir = mkdtempSync(path.join(tmpdir(), 'loadout-gateway-'));
  const file = path.join(dir, 'servers.json');
  writeFileSync(file, '{ "servers": [] }');
  const settings = readMcpConnectionSettings({
    LOADOUT_MCP_ALLOWED_HOSTS: `127.0.0.1:${started.port}`,
    LOADOUT_MCP_STDIO_SERVERS: file,
    LOADOUT_MCP_TIMEOUT_MS: '20000',
  });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  const world = new TestWorld(t);
  const org = await world.organization('Test org');
  admin = org.adminKey;
  runtime = await world.key(admin, 'RUNTIME');
  await world.mcpServers(admin, [{ name: 'everything', transport: 'STREAMABLE_HTTP', url: `http://127.0.0.1:${started.port}/mcp` }]);
  const memory = {
    organization: org.id,
    name: 'memory',
    command: process.execPath,
    args: [binOf('@modelcontextprotocol/server-memory')],
    env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') },
    cwd: dir,
  };
  writeFileSync(file, JSON.stringify({ servers: [memory] }));
  const servers = await until(
    () => t.ok(admin, McpServersDocument),
    ({ mcpServers }) => mcpServers.length === 2 && mcpServers.every((s) => s.probe.status === 'OK'),
    60_000,
  );
  expect(servers.mcpServers.map((s) => [s.name, s.probe.status])).toEqual([
    ['everything', 'OK'],
    ['memory', 'OK'],
  ]);
  [{ id: agentId }] = await world.agents(admin, [{ name: 'real', maxTools: 100 }]);
}, 120_000);
afterAll(async () => {
  await t?.stop();
  everything?.kill('SIGKILL');
});

it("runs an Agents SDK loop whose call reaches the everything server over Streamable HTTP, and sends the model that server's answer", async () => {
  setTracingDisabled(true);
  const fake = await FakeProvider.start();
  fake.calling = (names) => names.find((name) => name === 'mcp__everything__echo');
  fake.argumentsOf = () => ({ message: 'hello through Loadout' });
  const mcp = new MCPServerStreamableHttp({
    url: endpoint(),
    name: 'loadout',
    requestInit: { headers: { authorization: `Bearer ${runtime}`, 'x-loadout-user-id': 'agents-sdk' } },
  });
  try {
    await mcp.connect();
    const model = await new OpenAIProvider({ apiKey: 'test', baseURL: `${fake.url}/v1` }).getModel('gpt-4.1');
    const result = await runAgent(new Agent({ name: 'Support', instructions: 'Help.', model, mcpServers: [mcp] }), 'Say hello');
    expect(result.finalOutput).toBeTruthy();
  } finally {
    await mcp.close();
    await fake.stop();
  }
  // The model is sent the gateway's list, in its order, each name as the SDK sends an MCP tool's (any character
  // but a letter or digit as _: mcp__everything__get_sum for get-sum).
  const sent = (fake.requests[0].body as { tools: Array<{ name: string }> }).tools.map((x) => x.name);
  expect(sent).toEqual((await listed()).map((name) => name.replace(/[^a-zA-Z0-9]/g, '_')));
  expect(sent).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__memory__create_entities']));
  expect(fake.requests[1].raw).toContain('Echo: hello through Loadout');
  expect(await callsOf('agents-sdk', 1)).toEqual([['mcp__everything__echo', 1, 0]]);
}, 60_000);

it('runs an AI SDK loop whose call reaches the memory server over stdio, which keeps what it was told', async () => {
  const fake = await FakeProvider.start();
  fake.calling = (names) => names.find((name) => name === 'mcp__memory__create_entities');
  fake.argumentsOf = () => ({ entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
  const mcp = await createMCPClient({
    transport: { type: 'http', url: endpoint(), headers: { authorization: `Bearer ${runtime}`, 'x-loadout-user-id': 'ai-sdk' } },
  });
  try {
    const result = await generateText({
      model: createAnthropic({ apiKey: 'test', baseURL: `${fake.url}/v1` })('claude-sonnet-4-5'),
      prompt: 'Remember Ada',
      tools: await mcp.tools(),
      stopWhen: stepCountIs(3),
    });
    expect(result.text).toBeTruthy();
  } finally {
    await mcp.close();
    await fake.stop();
  }
  expect((fake.requests[0].body as { tools: Array<{ name: string }> }).tools.map((x) => x.name)).toEqual(await listed());
  // The tool result the model is sent back is the server's answer: the entities it created.
  const messages = (fake.requests[1].body as { messages: Array<{ content: unknown }> }).messages;
  const results = messages
    .flatMap((m) => (Array.isArray(m.content) ? (m.content as Array<{ type: string }>) : []))
    .filter((c) => c.type === 'tool_result');
  expect(results).toHaveLength(1);
  expect(JSON.stringify(results[0])).toContain('wrote the first program');
  expect(results[0]).not.toHaveProperty('is_error', true);
  expect(await callsOf('ai-sdk', 1)).toEqual([['mcp__memory__create_entities', 1, 0]]);

  // The server itself kept it: read back through the gateway by another client.
  const client = new Client({ name: 'check', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint()), { requestInit: { headers: { authorization: `Bearer ${runtime}` } } }),
  );
  await client.listTools();
  const graph = await client.callTool({ name: 'mcp__memory__read_graph', arguments: {} });
  await client.close();
  expect(JSON.stringify(graph)).toContain('Ada');
}, 60_000);
