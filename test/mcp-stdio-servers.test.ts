import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger } from '../src/common/logger';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { McpServersDocument, RegisterMcpServerDocument, ReportMcpToolsDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { binOf, readRealToolLists, type RealToolList } from './support/mcp-servers';

/*
 * The reference MCP servers run over stdio by Loadout itself, declared in
 * the operator's file: registered for the organisation it names once the
 * file names it, probed without any runtime, and stored byte for byte as
 * their tools/list answers.
 */

const ENV_SECRET = 'sk-env-3c7e19';

let t: TestServer;
let key: string;
let file: string;
let lists: RealToolList[];
const logged: string[] = [];

beforeAll(async () => {
  for (const level of ['info', 'warn', 'error'] as const)
    jest.spyOn(logger, level).mockImplementation(((...args: unknown[]) => void logged.push(JSON.stringify(args))) as never);
  const dir = mkdtempSync(path.join(tmpdir(), 'loadout-stdio-'));
  file = path.join(dir, 'servers.json');
  writeFileSync(file, '{ "servers": [] }');
  lists = await readRealToolLists();
  const settings = readMcpConnectionSettings({ LOADOUT_MCP_STDIO_SERVERS: file, LOADOUT_MCP_TIMEOUT_MS: '20000' });
  t = await startTestServer({ mcp: { ...settings, tickMs: 100 } });
  const org = await t.createOrganization();
  key = org.adminKey;
  const declare = (name: string, pkg: string, args: string[], env: Record<string, string> = {}) => ({
    organization: org.id,
    name,
    command: process.execPath,
    args: [binOf(pkg), ...args],
    env: { ...env, LOADOUT_TEST_TOKEN: ENV_SECRET },
    cwd: dir,
  });
  writeFileSync(
    file,
    JSON.stringify({
      servers: [
        declare('everything', '@modelcontextprotocol/server-everything', ['stdio']),
        declare('filesystem', '@modelcontextprotocol/server-filesystem', [dir]),
        declare('memory', '@modelcontextprotocol/server-memory', [], { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') }),
      ],
    }),
  );
}, 120_000);
afterAll(() => t?.stop());

it('registers and probes every server the file declares, once the file names the organisation', async () => {
  const deadline = Date.now() + 60_000;
  let servers = (await t.ok(key, McpServersDocument)).mcpServers;
  while (Date.now() < deadline && !(servers.length === 3 && servers.every((s) => s.probe.status === 'OK'))) {
    await new Promise((r) => setTimeout(r, 200));
    servers = (await t.ok(key, McpServersDocument)).mcpServers;
  }
  expect(servers.map((s) => [s.name, s.transport, s.probe.status, s.url, s.headerNames])).toEqual([
    ['everything', 'STDIO', 'OK', null, []],
    ['filesystem', 'STDIO', 'OK', null, []],
    ['memory', 'STDIO', 'OK', null, []],
  ]);
  for (const server of servers) {
    const listed = lists.find((l) => l.server === server.name)!.tools;
    // The everything server lists more tools once a client has initialised; each probe stores what it listed.
    // The SDK's listTools (the oracle here) reorders keys, so this compares values; test/mcp-connections.test.ts
    // compares the wire's bytes.
    const stored = new Map(server.tools.map((x) => [x.mcpToolName, [x.inputSchema, x.description]]));
    for (const entry of listed) expect(stored.get(entry.name as string)).toEqual([entry.inputSchema, entry.description ?? '']);
  }
}, 90_000);

it('shows no command, argument or environment of the file, and logs none', async () => {
  const text = JSON.stringify(await t.ok(key, McpServersDocument));
  expect(text).not.toContain(ENV_SECRET);
  expect(text).not.toContain(process.execPath);
  expect(logged.filter((line) => line.includes(ENV_SECRET))).toEqual([]);
});

it('refuses a report for a declared server, and a tenant registering one', async () => {
  const servers = await t.ok(key, McpServersDocument);
  const report = await t.gql(key, ReportMcpToolsDocument, { serverId: servers.mcpServers[0].id, tools: [] });
  expect(report.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  const own = await t.gql(key, RegisterMcpServerDocument, { input: { name: 'mine', transport: 'STDIO' } });
  expect(own.errors?.[0].extensions?.field).toBe('input.transport');
});
