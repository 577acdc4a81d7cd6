import { Client } from 'pg';
import { startServer, type LoadoutServer, type ServerConfig } from '../src/server/create-server';
import { freshDatabase, type FreshDatabase } from './support/fresh-database';
import {
  BeginTurnDocument,
  CompleteTurnDocument,
  RecordToolCallsDocument,
  ToolboxDocument,
  ToolUsageDocument,
} from './support/generated/graphql';
import { OPERATOR_TOKEN, graphqlAt } from './support/harness';
import { serverTemplate } from './support/migrated-template';
import { startPgBouncer, type PgBouncer } from './support/pgbouncer';
import { RawSocket } from './support/raw-socket';
import { TestWorld } from './support/test-world';

// Loadout behind PgBouncer in transaction mode, as docs/operations.md ("Poolers") sets it up: the pool through the pooler,
// LISTEN to the server itself, the statement timeout the database's own. A PostgreSQL server's setup only.

const serverUrl = process.env.DATABASE_URL;
let database: FreshDatabase;
let bouncer: PgBouncer;
let server: LoadoutServer | null = null;

const config = (overrides: Partial<ServerConfig>): ServerConfig => ({
  port: 0,
  databaseUrl: bouncer.urlFor(database.url),
  listenDatabaseUrl: database.url,
  databasePooled: true,
  dataDir: 'memory://',
  adminToken: OPERATOR_TOKEN,
  production: true,
  ...overrides,
});

async function onDirect(sql: string): Promise<void> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

beforeAll(async () => {
  if (!serverUrl) return;
  database = await freshDatabase(serverUrl, 'loadout_pooler', await serverTemplate(serverUrl));
  bouncer = await startPgBouncer(serverUrl);
}, 10 * 60_000);

afterAll(async () => {
  await server?.stop();
  await bouncer?.stop();
  await database?.drop();
});

it('refuses to start through the pooler while neither Loadout nor the database sets a statement timeout, saying how to set one', async () => {
  if (!serverUrl) return;
  // Sent as a startup parameter, Loadout's own timeout is what PgBouncer refuses with its default settings.
  await expect(startServer(config({ databasePooled: false }))).rejects.toThrow(/unsupported startup parameter: statement_timeout/);
  await expect(startServer(config({}))).rejects.toThrow(`ALTER DATABASE "${database.name}" SET statement_timeout`);
});

it('serves edits, toolboxes, turns, calls and events through the pooler, and cancels a statement past the timeout', async () => {
  if (!serverUrl) return;
  // A setting of the database applies to server connections opened after it: PgBouncer's are opened anew.
  await bouncer.stop();
  await onDirect(`ALTER DATABASE "${database.name}" SET statement_timeout = '1500ms'`);
  bouncer = await startPgBouncer(serverUrl);
  server = await startServer(config({}));
  const client = graphqlAt(`${server.url}/graphql`);
  const { ok } = client;
  const world = new TestWorld(client);
  const {
    adminKey: key,
    agents: [{ id: agent }],
  } = await world.organization('Pooled', { agents: [{ name: 'a', model: 'openai/gpt-4o' }] });
  const socket = await RawSocket.withKey(`${server.url}/graphql`, key);
  const event = socket.run({ query: `subscription { toolboxInvalidated { cause agent { id } } }` });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await world.tools(key, [{ name: 'lookup', description: 'Finds it.', inputSchema: { type: 'object' } }]);
  expect(await event).toMatchObject({
    kind: 'next',
    payload: { data: { toolboxInvalidated: { cause: 'TOOL_CREATED', agent: { id: agent } } } },
  });
  socket.close();

  const toolbox = await ok(key, ToolboxDocument, { agentId: agent });
  expect(toolbox.toolbox.toolCount).toBe(1);
  const conversation = await world.startConversation(key, { agentId: agent, userId: 'u' });
  for (let i = 1; i <= 3; i++) {
    const turn = (await ok(key, BeginTurnDocument, { conversationId: conversation })).beginTurn;
    expect(turn.index).toBe(i);
    await ok(key, CompleteTurnDocument, { turnId: turn.id, usage: { inputTokens: 100, outputTokens: 5 } });
    await ok(key, RecordToolCallsDocument, {
      calls: [{ conversationId: conversation, turnId: turn.id, toolName: 'lookup', isError: false, idempotencyKey: `k${i}` }],
    });
  }
  const usage = await ok(key, ToolUsageDocument, { userId: 'u' });
  expect(usage.toolUsage.map(({ toolName, calls }) => ({ toolName, calls }))).toEqual([{ toolName: 'lookup', calls: 3 }]);

  // The database's timeout holds on every pooled connection.
  const started = Date.now();
  await expect(server.services.db.dataSource.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  expect(Date.now() - started).toBeLessThan(4_000);
}, 120_000);
