import { COLD_TOOL, FAILING_TOOL, HISTORY_USER, NEVER_CALLED_TOOL } from '../src/demo/demo-history';
import { seedDemo } from '../src/demo/seed-demo';
import {
  AgentConversationsDocument,
  AgentToolboxesDocument,
  CallerOrganizationDocument,
  ConversationTurnsPageDocument,
  StoredCatalogueDocument,
  ToolBudgetReportDocument,
  ToolDefinitionsDocument,
  TurnRecordDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';

let t: TestServer;
let key: string;

beforeAll(async () => {
  t = await startTestServer();
  key = (await seedDemo(t.server.services)).adminKey;
});
afterAll(() => t.stop());

const catalogue = () => t.ok(key, StoredCatalogueDocument);
const supportAgent = async () => (await catalogue()).agents.find((a) => a.name === 'Support agent')!;
const supportProject = async () => (await catalogue()).projects.find((p) => p.name === 'Customer Support')!;

it('seeds an organisation whose printed key is an ADMIN key', async () => {
  const data = { ...(await t.ok(key, CallerOrganizationDocument)), ...(await catalogue()) };
  expect(data.me.role).toBe('ADMIN');
  expect(data.me.organization.fundingModel).toBe('INCLUDED_CREDITS');
  expect(data.channels.map((c) => c.key)).toEqual(['api', 'slack', 'web']);
  expect(data.contextObjects.map((c) => c.key)).toEqual(['Account', 'Case', 'Order']);
});

it('shows every kind of tool and several drop reasons in the demo toolboxes', async () => {
  const data = {
    ...(await t.ok(key, ToolDefinitionsDocument, {})),
    ...(await t.ok(key, AgentToolboxesDocument, { channel: 'web', page: { type: 'RECORD', contextObject: 'Order' } })),
  };
  expect(new Set(data.toolDefinitions.map((d) => d.source))).toEqual(new Set(['BUILT_IN', 'CUSTOM', 'MINI_APP', 'MCP']));
  const reasons = new Set(data.agents.flatMap((a) => a.toolbox.dropped.map((d) => d.reason)));
  for (const reason of ['MCP_FILTERED', 'EXCLUDED', 'INACTIVE', 'CONTEXT', 'OVER_MAX_TOOLS']) expect(reasons).toContain(reason);
  const support = data.agents.find((a) => a.name === 'Support agent');
  expect(support!.toolbox.tools.map((x) => x.name)).toContain('refund_order');
});

it('has conversations whose second turn shows the edit that broke the cache, with costs', async () => {
  const support = await supportAgent();
  const list = await t.ok(key, AgentConversationsDocument, { agentId: support.id });
  // Newest first: today's conversation comes before the history.
  const root = list.conversations.edges.map((e) => e.node).find((c) => c.parent === null)!;
  const page = (await t.ok(key, ConversationTurnsPageDocument, { id: root.id })).conversation!.turns;
  const turns = [];
  for (const { node } of page.edges) turns.push((await t.ok(key, TurnRecordDocument, { id: node.id })).turn!);
  expect(page.totalCount).toBe(3);
  expect(turns.map((x) => x.toolboxChanged)).toEqual([false, true, false]);
  expect(turns[1].diff!.changed).toEqual(['refund_order']);
  expect(turns[1].invalidation!.cause).toBe('TOOL_UPDATED');
  expect(turns[1].providerCacheMissReason).toBe('tools_changed');
  expect(turns.every((x) => x.cost!.amountUsd! > 0 && x.cost!.credits! > 0)).toBe(true);
});

describe('a history of the past five weeks', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it("opens the evidence gate of the support project's end user and shows each verdict, as GET /rpc/tools/gc serves it", async () => {
    const project = await supportProject();
    const res = await fetch(`${t.server.url}/rpc/tools/gc?projectId=${project.id}&userId=${encodeURIComponent(HISTORY_USER)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      evidence: { gateOpen: boolean; totalCalls: number; firstCallAt: string };
      suggestions: Array<{ toolName: string; verdict: string; calls: number; errors: number; lastUsedAt: string | null }>;
    };
    expect(report.evidence.gateOpen).toBe(true);
    expect(Date.now() - Date.parse(report.evidence.firstCallAt)).toBeGreaterThan(30 * DAY_MS);
    const verdicts = Object.fromEntries(report.suggestions.map((s) => [s.toolName, s.verdict]));
    expect(verdicts).toEqual({ [NEVER_CALLED_TOOL]: 'NEVER_USED', [COLD_TOOL]: 'COLD', [FAILING_TOOL]: 'ALWAYS_FAILS' });
    const failing = report.suggestions.find((s) => s.verdict === 'ALWAYS_FAILS')!;
    expect(failing.errors).toBe(failing.calls);
  });

  it('reads the same scope as of three weeks ago, before the evidence sufficed', async () => {
    const project = await supportProject();
    const asOf = new Date(Date.now() - 21 * DAY_MS).toISOString();
    const data = await t.ok(key, ToolBudgetReportDocument, { projectId: project.id, userId: HISTORY_USER, asOf });
    expect(data.toolBudget.evidence.totalCalls).toBeGreaterThan(0);
    expect(data.toolBudget.evidence.gateOpen).toBe(false);
    expect(data.toolBudget.suggestions).toEqual([]);
  });

  it("lists the support agent's conversations over several days, each with its turns", async () => {
    const support = await supportAgent();
    const data = await t.ok(key, AgentConversationsDocument, { agentId: support.id, first: 100 });
    const nodes = data.conversations.edges.map((e) => e.node);
    const days = new Set(nodes.map((c) => c.startedAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(7);
    const oldest = Math.min(...nodes.map((c) => Date.parse(c.startedAt)));
    expect(Date.now() - oldest).toBeGreaterThan(28 * DAY_MS);
    expect(nodes.every((c) => c.turnCount >= 1 && Date.parse(c.lastActivityAt) >= Date.parse(c.startedAt))).toBe(true);
  });
});
