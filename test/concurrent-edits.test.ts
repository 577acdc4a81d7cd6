import { startTestServer, type TestServer } from './support/harness';

// docs/semantics.md §5.5: concurrent edits of one agent or tool never lose an update, and
// each committed change yields its own invalidation where it changed something.
let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await t.createOrganization()).adminKey;
  await t.ok(key, `mutation { createChannel(input: { key: "web", name: "Web" }) { id } }`);
});
afterAll(() => t.stop());

const N = 8;
type NewAgent = { createAgent: { id: string; loadoutVersion: number } };

it('keeps every one of concurrent edits of one tool, each with its own version and event', async () => {
  const agent = (await t.ok<NewAgent>(key, `mutation { createAgent(input: { name: "busy" }) { id loadoutVersion } }`)).createAgent;
  const tool = (
    await t.ok<{ createToolDefinition: { id: string; version: number } }>(
      key,
      `mutation { createToolDefinition(input: { name: "hot", description: "v0", inputSchema: { type: "object" } }) { id version } }`,
    )
  ).createToolDefinition;
  const start = (
    await t.ok<{ agent: { loadoutVersion: number } | null }>(key, `query($id: ID!) { agent(id: $id) { loadoutVersion } }`, { id: agent.id })
  ).agent!.loadoutVersion;

  await Promise.all(
    Array.from({ length: N }, (_, i) =>
      t.ok(key, `mutation($id: ID!, $d: String!) { updateToolDefinition(id: $id, input: { description: $d }) { id } }`, {
        id: tool.id,
        d: `v${i + 1}`,
      }),
    ),
  );

  const after = await t.ok<{
    toolDefinition: { version: number; description: string } | null;
    agent: {
      loadoutVersion: number;
      invalidations: { totalCount: number; edges: Array<{ node: { loadoutVersion: number; cause: string } }> };
    } | null;
  }>(
    key,
    `query($t: ID!, $a: ID!) {
    toolDefinition(id: $t) { version description }
    agent(id: $a) { loadoutVersion invalidations(first: 50) { totalCount edges { node { loadoutVersion cause } } } }
  }`,
    { t: tool.id, a: agent.id },
  );
  expect(after.toolDefinition!.version).toBe(tool.version + N);
  expect(after.agent!.loadoutVersion).toBe(start + N);
  const events = after.agent!.invalidations.edges.map((e) => e.node).filter((e) => e.cause === 'TOOL_UPDATED');
  expect(events).toHaveLength(N);
  // One event per committed change, each at its own version: none was merged or lost.
  expect(new Set(events.map((e) => e.loadoutVersion)).size).toBe(N);
});

it('keeps concurrent edits of one agent that set different fields', async () => {
  const agent = (await t.ok<NewAgent>(key, `mutation { createAgent(input: { name: "many" }) { id loadoutVersion } }`)).createAgent;
  await Promise.all([
    t.ok(key, `mutation($id: ID!) { updateAgent(id: $id, input: { maxTools: 7 }) { id } }`, { id: agent.id }),
    t.ok(key, `mutation($id: ID!) { updateAgent(id: $id, input: { name: "renamed" }) { id } }`, { id: agent.id }),
    t.ok(key, `mutation($id: ID!) { updateAgent(id: $id, input: { toolsMode: RECORD_PAGES_ONLY }) { id } }`, { id: agent.id }),
    t.ok(key, `mutation($id: ID!) { updateAgent(id: $id, input: { budgetWarnThreshold: 10 }) { id } }`, { id: agent.id }),
  ]);
  const after = (
    await t.ok<{ agent: unknown }>(
      key,
      `query($id: ID!) { agent(id: $id) { name maxTools toolsMode budgetWarnThreshold loadoutVersion } }`,
      {
        id: agent.id,
      },
    )
  ).agent;
  expect(after).toEqual({
    name: 'renamed',
    maxTools: 7,
    toolsMode: 'RECORD_PAGES_ONLY',
    budgetWarnThreshold: 10,
    loadoutVersion: agent.loadoutVersion + 2,
  });
});
