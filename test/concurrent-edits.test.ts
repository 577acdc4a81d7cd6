import {
  AgentLoadoutDocument,
  CreateToolDefinitionDocument,
  ToolDefinitionDocument,
  UpdateAgentDocument,
  UpdateToolDefinitionDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

// docs/semantics.md §5.5: concurrent edits of one agent or tool never lose an update, and
// each committed change yields its own invalidation where it changed something.
let t: TestServer;
let world: TestWorld;
let key: string;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  key = (await world.organization('Test org')).adminKey;
});
afterAll(() => t.stop());

const N = 8;
const loadoutOf = async (id: string) => (await t.ok(key, AgentLoadoutDocument, { id })).agent!;

it('keeps every one of concurrent edits of one tool, each with its own version and event', async () => {
  const [agent] = await world.agents(key, [{ name: 'busy' }]);
  const tool = (
    await t.ok(key, CreateToolDefinitionDocument, { input: { name: 'hot', description: 'v0', inputSchema: { type: 'object' } } })
  ).createToolDefinition;
  const start = (await loadoutOf(agent.id)).loadoutVersion;

  await Promise.all(
    Array.from({ length: N }, (_, i) => t.ok(key, UpdateToolDefinitionDocument, { id: tool.id, input: { description: `v${i + 1}` } })),
  );

  const after = {
    tool: (await t.ok(key, ToolDefinitionDocument, { id: tool.id })).toolDefinition!,
    agent: (await t.ok(key, AgentLoadoutDocument, { id: agent.id, first: 50 })).agent!,
  };
  expect(after.tool.version).toBe(tool.version + N);
  expect(after.agent.loadoutVersion).toBe(start + N);
  const events = after.agent.invalidations.edges.map((e) => e.node).filter((e) => e.cause === 'TOOL_UPDATED');
  expect(events).toHaveLength(N);
  // One event per committed change, each at its own version: none was merged or lost.
  expect(new Set(events.map((e) => e.loadoutVersion)).size).toBe(N);
});

it('keeps concurrent edits of one agent that set different fields', async () => {
  const [agent] = await world.agents(key, [{ name: 'many' }]);
  const created = (await loadoutOf(agent.id)).loadoutVersion;
  await Promise.all(
    [{ maxTools: 7 }, { name: 'renamed' }, { toolsMode: 'RECORD_PAGES_ONLY' as const }, { budgetWarnThreshold: 10 }].map((input) =>
      t.ok(key, UpdateAgentDocument, { id: agent.id, input }),
    ),
  );
  const { name, maxTools, toolsMode, budgetWarnThreshold, loadoutVersion } = await loadoutOf(agent.id);
  expect({ name, maxTools, toolsMode, budgetWarnThreshold, loadoutVersion }).toEqual({
    name: 'renamed',
    maxTools: 7,
    toolsMode: 'RECORD_PAGES_ONLY',
    budgetWarnThreshold: 10,
    loadoutVersion: created + 2,
  });
});
