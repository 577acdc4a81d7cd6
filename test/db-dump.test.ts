import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from 'pg';
import { DEFAULT_SERVER_URL } from '../bench/e2e/database';
import { readConfig, type Config } from '../src/config';
import {
  DebuggerAgentsDocument,
  DebuggerConversationDocument,
  DebuggerConversationsDocument,
} from '../src/pages/debugger/web/generated/graphql';
import { seedDemo } from '../src/demo/seed-demo';
import { dumpCommand } from '../src/dump-command';
import { readMcpConnectionSettings } from '../src/probes/connection-settings';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import {
  AgentsAndChannelsDocument,
  CallerIdentityDocument,
  RevokeApiKeyDocument,
  ToolboxDocument,
  ToolboxInvalidationsDocument,
  ToolBudgetReportDocument,
  ToolDefinitionsDocument,
  UpdateToolDefinitionDocument,
  type PageInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * A team that outgrows the embedded database moves to a PostgreSQL server:
 * `npm run db:dump` of the PGlite data directory, loaded with psql into an
 * empty database, serves the same toolboxes, reports, turns and keys. The
 * server of DATABASE_URL, or the local one, receives the dump.
 */
const serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
const HEADER_SECRET = 'key-9d41c0e7b2a6';

const configFor = (over: Partial<Config>): Config => ({
  ...readConfig({ NODE_ENV: 'production' }),
  port: 0,
  adminToken: null,
  adminTokenGenerated: false,
  demo: 'never',
  production: true,
  ...over,
});

const dump = async (config: Config, out: string) => {
  const lines: string[] = [];
  const code = await dumpCommand(['--out', out], config, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};

const USER = 'dana@acme.example';
const PAGES: Array<PageInput | null> = [null, { type: 'RECORD', contextObject: 'Order', recordId: 'ord_1042' }];

/** What a user of the organisation sees: every agent's toolbox fingerprints, the budget reports, and the debugger's pages. */
async function observe(t: TestServer, key: string, asOf: string) {
  const { agents, channels } = await t.ok(key, AgentsAndChannelsDocument);
  const toolboxes = [];
  const budgets = [await t.ok(key, ToolBudgetReportDocument, { userId: USER, asOf })];
  const conversations = [];
  for (const agent of agents) {
    for (const { key: channel } of channels) {
      for (const page of PAGES) toolboxes.push(await t.ok(key, ToolboxDocument, { agentId: agent.id, channel, page }));
    }
    budgets.push(await t.ok(key, ToolBudgetReportDocument, { agentId: agent.id, userId: USER, asOf }));
    const list = await t.ok(key, DebuggerConversationsDocument, { agentId: agent.id });
    conversations.push(list);
    for (const { node } of list.conversations.edges) conversations.push(await t.ok(key, DebuggerConversationDocument, { id: node.id }));
  }
  return { agents: await t.ok(key, DebuggerAgentsDocument), toolboxes, budgets, conversations };
}

/** The tables a database holds, and those a dump fills. */
async function tablesOf(url: string): Promise<string[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    // A partitioned table's partitions are filled through it, as the load does.
    const { rows } = await c.query(
      `SELECT c.relname AS table_name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
    );
    return rows.map((r: { table_name: string }) => r.table_name);
  } finally {
    await c.end();
  }
}
const tablesFilled = (text: string) => [...text.matchAll(/^COPY "(\w+)"/gm)].map((m) => m[1]).sort();

describe('moving from the embedded database to a PostgreSQL server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadout-dump-'));
  const dataDir = path.join(dir, 'data');
  const file = path.join(dir, 'loadout.sql');
  const asOf = new Date().toISOString();
  // The moved instance keeps the secret key, as an operator moving keeps LOADOUT_MCP_SECRET_KEY: a sealed header reads alike on both.
  const mcp = readMcpConnectionSettings({ LOADOUT_MCP_SECRET_KEY: 'b'.repeat(64), LOADOUT_MCP_ALLOWED_HOSTS: '127.0.0.1:9' });
  let embedded: TestServer;
  let adminKey: string;

  beforeAll(async () => {
    embedded = await startTestServer({ databaseUrl: undefined, dataDir, mcp });
    adminKey = (await seedDemo(embedded.server.services)).adminKey;
    // A server whose header value is a secret: the dump carries it sealed, never as written.
    await new TestWorld(embedded).mcpServers(adminKey, [
      {
        name: 'vault',
        transport: 'STREAMABLE_HTTP',
        url: 'http://127.0.0.1:9/mcp',
        headers: [{ name: 'X-Api-Key', value: HEADER_SECRET }],
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await embedded.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to dump while a server holds the data directory, and writes nothing', async () => {
    const refused = await dump(configFor({ dataDir, port: embedded.server.port }), file);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('stop the server');
    expect(fs.readdirSync(dir)).toEqual(['data']);
  });

  it('serves the same toolboxes, budget reports, turns and keys from the loaded dump', async () => {
    const [{ apiKey: runtimeKey }, revoked] = await new TestWorld(embedded).keys(adminKey, [
      { name: 'runtime', role: 'RUNTIME' },
      { name: 'old', role: 'VIEWER' },
    ]);
    await embedded.ok(adminKey, RevokeApiKeyDocument, { principalId: revoked.principal.id });
    const before = await observe(embedded, adminKey, asOf);
    expect(before.toolboxes.length).toBeGreaterThan(0);
    expect(before.conversations.length).toBeGreaterThan(0);
    await embedded.server.stop();

    const dumped = await dump(configFor({ dataDir }), file);
    expect(dumped).toEqual({ code: 0, output: expect.stringContaining(`Wrote ${file}`) });
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('X-Api-Key');
    expect(text).not.toContain(HEADER_SECRET);

    let target: FreshDatabase | undefined;
    let moved: TestServer | undefined;
    try {
      target = await freshDatabase(serverUrl, 'loadout_dump');
      const load = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', target.url, '-f', file], { encoding: 'utf8' });
      expect({ status: load.status, error: load.error?.message, stderr: load.stderr }).toEqual({ status: 0, error: undefined, stderr: '' });
      // Every table the migrations build is filled, and a dump of the loaded database is the same text.
      expect(tablesFilled(text)).toEqual(await tablesOf(target.url));
      const again = path.join(dir, 'again.sql');
      expect((await dump(configFor({ databaseUrl: target.url }), again)).code).toBe(0);
      expect(fs.readFileSync(again, 'utf8')).toBe(text);

      moved = await startTestServer({ databaseUrl: target.url, mcp });
      expect(await observe(moved, adminKey, asOf)).toEqual(before);
      expect((await moved.ok(runtimeKey, CallerIdentityDocument)).me.role).toBe('RUNTIME');
      expect(codeOf(await moved.gql(revoked.apiKey, CallerIdentityDocument))).toBe('UNAUTHENTICATED');

      // Changes carry on where the embedded database left off: an edit's events are stored after the ones moved.
      const movedEvents = (await moved.ok(adminKey, ToolboxInvalidationsDocument, { first: 1 })).toolboxInvalidations.totalCount;
      expect(movedEvents).toBeGreaterThan(0);
      // The first tool some agent carries: an edit of it changes that agent's toolbox.
      const {
        agents: [agent],
        channels: [channel],
      } = await moved.ok(adminKey, AgentsAndChannelsDocument);
      const carried = await moved.ok(adminKey, ToolboxDocument, { agentId: agent.id, channel: channel.key });
      const definitions = (await moved.ok(adminKey, ToolDefinitionsDocument)).toolDefinitions;
      const tool = definitions.find((d) => d.name === carried.toolbox.tools[0].name)!;
      await moved.ok(adminKey, UpdateToolDefinitionDocument, { id: tool.id, input: { description: 'Moved.' } });
      const after = (await moved.ok(adminKey, ToolboxInvalidationsDocument, { first: 1 })).toolboxInvalidations;
      expect(after.totalCount).toBeGreaterThan(movedEvents);
      expect(after.edges[0].node.cause).toBe('TOOL_UPDATED');
    } finally {
      await moved?.stop();
      await target?.drop();
    }
  }, 120_000);

  it('without --out writes into dumps/, which git ignores, and says where; piped, the dump alone goes to stdout', async () => {
    const config = configFor({ dataDir });
    const lines: string[] = [];
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    expect(await dumpCommand([], config, (line) => lines.push(line), terminal)).toBe(0);
    const written = /^Wrote (\S+) \(dumps\/ is ignored by git\)\.$/.exec(lines[0])?.[1];
    expect(written).toMatch(/^dumps\/loadout-[\dT-]+Z\.sql$/);
    const root = path.join(__dirname, '..');
    try {
      expect(fs.readFileSync(path.join(root, written!), 'utf8')).toBe(fs.readFileSync(file, 'utf8'));
      expect(spawnSync('git', ['check-ignore', '-q', written!], { cwd: root }).status).toBe(0);
      expect(terminal.read()).toBeNull();
    } finally {
      fs.rmSync(path.join(root, written!), { force: true });
      // The folder too, unless it holds dumps of someone's own.
      if (fs.readdirSync(path.join(root, 'dumps')).length === 0) fs.rmdirSync(path.join(root, 'dumps'));
    }

    const pipe = new PassThrough();
    const chunks: Buffer[] = [];
    pipe.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await dumpCommand([], config, () => {}, pipe)).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(fs.readFileSync(file, 'utf8'));
  }, 60_000);
});
