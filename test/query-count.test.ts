import { startTestServer, type TestServer } from './support/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const LIST = `query { toolDefinitions {
  name channels { key } contextObjects { key } project { name } agent { name } miniApp { name } mcpServer { name } schemaTokens
} }`;

async function orgWithTools(count: number): Promise<string> {
  const { adminKey } = await t.createOrganization(`org with ${count} tools`);
  const setup = await t.ok(adminKey, `mutation {
    createChannel(input: { key: "web", name: "Web" }) { id }
    createContextObject(input: { key: "Case", name: "Case" }) { id }
    createProject(input: { name: "p" }) { id }
    createMiniApp(input: { name: "app" }) { id }
  }`);
  const agent = (await t.ok(adminKey, `mutation($p: ID) { createAgent(input: { name: "a", projectId: $p }) { id } }`, { p: setup.createProject.id })).createAgent;
  for (let i = 0; i < count; i++) {
    await t.ok(adminKey, `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`, {
      input: {
        name: `tool_${i}`, description: 'd', inputSchema: { type: 'object' }, channels: ['web'], contextObjects: ['Case'],
        projectId: setup.createProject.id, agentId: i % 2 ? agent.id : null, miniAppId: i % 3 ? null : setup.createMiniApp.id,
      },
    });
  }
  return adminKey;
}

async function queriesFor(key: string): Promise<number> {
  const before = t.server.services.db.queryCount();
  const data = await t.ok(key, LIST);
  expect(data.toolDefinitions[0].channels).toEqual([{ key: 'web' }]);
  return t.server.services.db.queryCount() - before;
}

it('lists tool definitions with their relations in a number of queries that does not grow with the list', async () => {
  const few = await queriesFor(await orgWithTools(3));
  const many = await queriesFor(await orgWithTools(24));
  // One query per relation, batched: 24 tools cost what 3 do, give or take a batch that
  // the driver's timing splits in two, and far below one query per tool.
  expect(many).toBeLessThanOrEqual(few + 2);
  expect(many).toBeLessThanOrEqual(10);
});
