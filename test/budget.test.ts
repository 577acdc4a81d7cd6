import {
  BeginTurnDocument,
  RecordToolCallsDocument,
  ReportMcpInventoryDocument,
  ToolBudgetReportDocument,
  UpdateAgentDocument,
  type ToolBudgetReportQuery,
  type ToolCallInput,
  type ToolDefinitionInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let admin: string;
let viewer: string;
let runtime: string;

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  admin = (await world.organization('Budget org')).adminKey;
  [{ apiKey: viewer }, { apiKey: runtime }] = await world.keys(admin, [
    { name: 'viewer', role: 'VIEWER' },
    { name: 'runtime', role: 'RUNTIME' },
  ]);
});
afterAll(() => t.stop());

type Report = ToolBudgetReportQuery['toolBudget'];
/** The report of a project, agent, session and user, as of a moment (absent: the whole organisation, now). */
const budget = async (scope: { p?: string; a?: string; s?: string; u?: string; asOf?: string }) =>
  (
    await t.ok(viewer, ToolBudgetReportDocument, {
      projectId: scope.p,
      agentId: scope.a,
      sessionId: scope.s,
      userId: scope.u,
      asOf: scope.asOf,
    })
  ).toolBudget;
const record = (calls: ToolCallInput[]) => t.ok(runtime, RecordToolCallsDocument, { calls });
const project = async (name: string) => (await world.projects(admin, [{ name }]))[0].id;
const createTool = (input: Partial<ToolDefinitionInput> & { name: string }) =>
  world.tools(admin, [{ description: 'd', inputSchema: { type: 'object' }, ...input }]);
const createAgent = async (input: { name: string; projectId: string; maxTools?: number }) => (await world.agents(admin, [input]))[0];
const calls = (n: number, over: Partial<ToolCallInput>): ToolCallInput[] =>
  Array.from({ length: n }, () => ({ toolName: 'busy', isError: false, ...over }));

describe('evidence gate', () => {
  it("opens at 200 calls and not at 199, and not for another user's calls", async () => {
    const p = await project('gate-calls');
    const at = iso(Date.now() - 8 * DAY);
    await record(calls(199, { projectId: p, userId: 'alice', at }));
    await record(calls(300, { projectId: p, userId: 'bob', at }));
    const closed = await budget({ p, u: 'alice' });
    expect(closed.evidence).toEqual({ totalCalls: 199, firstCallAt: at, requiredCalls: 200, requiredDays: 7, gateOpen: false });
    await record(calls(1, { projectId: p, userId: 'alice' }));
    expect((await budget({ p, u: 'alice' })).evidence).toMatchObject({ totalCalls: 200, firstCallAt: at, gateOpen: true });
  });

  it('opens 7 days after the first call and not at 6', async () => {
    const p = await project('gate-days');
    const first = Date.now() - 20 * DAY;
    await record(calls(200, { projectId: p, userId: 'carol', at: iso(first) }));
    expect((await budget({ p, u: 'carol', asOf: iso(first + 6 * DAY) })).evidence.gateOpen).toBe(false);
    expect((await budget({ p, u: 'carol', asOf: iso(first + 7 * DAY) })).evidence.gateOpen).toBe(true);
  });
});

describe('as of an instant', () => {
  it('counts only the calls recorded by asOf, and judges no tool that no turn carried', async () => {
    const p = await project('as-of');
    await createTool({ name: 'early', projectId: p });
    const now = Date.now();
    const scope = { projectId: p, userId: 'frank', toolName: 'early' };
    await record([
      ...calls(210, { ...scope, at: iso(now - 40 * DAY) }),
      ...calls(3, { ...scope, isError: true, at: iso(now - 35 * DAY) }),
      ...calls(50, { ...scope, at: iso(now - 1 * DAY) }),
    ]);
    const monthAgo = await budget({ p, u: 'frank', asOf: iso(now - 30 * DAY) });
    expect(monthAgo.evidence).toMatchObject({ totalCalls: 213, gateOpen: true, firstCallAt: iso(now - 40 * DAY) });
    expect(monthAgo.suggestions).toEqual([]);
    // Two days ago its last call was 33 days old, but no turn ever carried it: missing telemetry is not disuse.
    const twoDaysAgo = await budget({ p, u: 'frank', asOf: iso(now - 2 * DAY) });
    expect(twoDaysAgo.suggestions).toEqual([]);
    expect(twoDaysAgo.inventedToolCalls).toEqual([{ name: 'early', calls: 213 }]);
    const today = await budget({ p, u: 'frank' });
    expect(today.evidence.totalCalls).toBe(263);
    expect(today.suggestions).toEqual([]);
    expect(today.inventedToolCalls).toEqual([{ name: 'early', calls: 263 }]);
  });
});

describe('verdicts', () => {
  it('judges surfaced tools with a roster row, in order, never the protected ones, and credits recent turns', async () => {
    const p = await project('verdicts');
    for (const name of ['busy', 'never_b', 'never_a', 'cold', 'cold_failing', 'failing', 'Read']) await createTool({ name, projectId: p });
    const agent = await createAgent({ name: 'v', projectId: p, maxTools: 50 });
    const conversationId = await world.startConversation(runtime, { agentId: agent.id, userId: 'dave' });
    for (let i = 0; i < 3; i++) await t.ok(runtime, BeginTurnDocument, { conversationId });
    await createTool({ name: 'late', projectId: p });

    const now = Date.now();
    const scope = { projectId: p, userId: 'dave' };
    await record([
      ...calls(200, { ...scope, at: iso(now - 2 * DAY) }),
      ...calls(2, { ...scope, toolName: 'cold', at: iso(now - 25 * DAY) }),
      ...calls(5, { ...scope, toolName: 'cold_failing', isError: true, at: iso(now - 25 * DAY) }),
      ...calls(5, { ...scope, toolName: 'failing', isError: true, at: iso(now) }),
      ...calls(2, { ...scope, toolName: 'hallucinated' }),
    ]);
    const asOf = iso(now + 8 * DAY);
    const report = await budget({ p, u: 'dave', asOf });
    expect(report.suggestions.map((s) => `${s.verdict}:${s.toolName}`)).toEqual([
      'NEVER_USED:never_a',
      'NEVER_USED:never_b',
      'COLD:cold',
      'COLD:cold_failing',
      'ALWAYS_FAILS:failing',
    ]);
    // The three turns were 8 days before asOf: outside the window.
    expect(report.suggestions[0].projectedSavingTokens).toBe(0);
    expect(report.inventedToolCalls).toEqual([{ name: 'hallucinated', calls: 2 }]);
    expect(report.suggestions[0].schemaTokens).toBeGreaterThan(0);
    // Today nothing is old enough to be never used or cold, so the failing cold tool is judged as failing.
    const recent = await budget({ p, u: 'dave', asOf: iso(now + 1000) });
    expect(recent.suggestions.map((s) => `${s.verdict}:${s.toolName}`)).toEqual(['ALWAYS_FAILS:cold_failing', 'ALWAYS_FAILS:failing']);
    expect(recent.suggestions[0].projectedSavingTokens).toBe(recent.suggestions[0].schemaTokens * 3);
  });

  it('projects savings from the turns of the last 7 days', async () => {
    const p = await project('savings');
    await createTool({ name: 'idle', projectId: p });
    const agent = await createAgent({ name: 's', projectId: p });
    const conversationId = await world.startConversation(runtime, { agentId: agent.id, userId: 'erin' });
    for (let i = 0; i < 4; i++) await t.ok(runtime, BeginTurnDocument, { conversationId });
    await record(calls(200, { projectId: p, userId: 'erin', at: iso(Date.now() - 10 * DAY) }));
    // 7 days on, today's turns still fall in the window and the tool is just old enough to be never used.
    const report = await budget({ p, u: 'erin', asOf: iso(Date.now() + 7 * DAY) });
    const idle = report.suggestions.find((s) => s.toolName === 'idle')!;
    expect(idle.verdict).toBe('NEVER_USED');
    expect(idle.projectedSavingTokens).toBe(idle.schemaTokens * 4);
  });
});

describe('surface', () => {
  it('counts sources, names unprobed servers, and needs a server for McpResources', async () => {
    const p = await project('sources');
    await createTool({ name: 'ListMcpResources', source: 'BUILT_IN', requiresMcpServer: true, projectId: p });
    await createTool({ name: 'builtin', source: 'BUILT_IN', projectId: p });
    await createTool({ name: 'custom', projectId: p, hostDependent: true });
    const [app] = await world.miniApps(admin, [{ name: 'app', projectId: p }]);
    await createTool({ name: 'from_app', source: 'MINI_APP', miniAppId: app.id, projectId: p });

    const before = await budget({ p });
    expect(before.tools.map((x) => x.name).sort()).toEqual(['builtin', 'custom', 'from_app']);
    expect(before.unprobedMcpServers).toEqual([]);

    const [server] = await world.mcpServers(admin, [
      { name: 'files', projectId: p },
      { name: 'unprobed', projectId: p },
    ]);
    await t.ok(admin, ReportMcpInventoryDocument, {
      serverId: server.id,
      tools: [{ name: 'read', description: 'd', inputSchema: { type: 'object' } }],
      advertisesResources: false,
    });

    const after = await budget({ p });
    expect(after.unprobedMcpServers).toEqual(['unprobed']);
    expect(after.tools.map((x) => x.name).sort()).toEqual(['ListMcpResources', 'builtin', 'custom', 'from_app', 'mcp__files__read']);
    expect(after.bySource.map((s) => [s.source, s.count])).toEqual([
      ['BUILT_IN', 2],
      ['CUSTOM', 1],
      ['MINI_APP', 1],
      ['MCP', 1],
    ]);
    const sum = after.tools.reduce((n, x) => n + x.schemaTokens, 0);
    expect(after.bySource.reduce((n, s) => n + s.schemaTokens, 0)).toBe(sum);
    // The organisation's default model is OpenAI's: 12 tokens once per request with tools.
    expect(after.estimatedSchemaTokens).toBe(sum);
    expect(after.requestOverheadTokens).toBe(12);
    expect(after.tools.find((x) => x.name === 'custom')!.hostDependent).toBe(true);
    // No project: the project's tools and servers are out of scope.
    expect((await budget({})).tools.map((x) => x.name)).not.toContain('custom');
  });

  it('applies project DENY rules, and with an agent its scope, rules, model and thresholds', async () => {
    const p = await project('rules');
    const [agent, other] = await world.agents(admin, [
      { name: 'r', projectId: p, model: 'anthropic/claude-sonnet-4-5', budgetWarnThreshold: 2, budgetHotThreshold: 3 },
      { name: 'o', projectId: p },
    ]);
    for (const name of ['t1', 't2', 'denied']) await createTool({ name, projectId: p });
    await createTool({ name: 'mine', projectId: p, agentId: agent.id });
    await createTool({ name: 'theirs', projectId: p, agentId: other.id });
    await world.rules(admin, [
      { projectId: p, toolName: 'denied', effect: 'DENY' },
      { agentId: agent.id, toolName: 't2', effect: 'DENY' },
    ]);

    // A project's report counts what its agents carry by default: no agent's private definitions.
    const plain = await budget({ p });
    expect(plain.tools.map((x) => x.name)).toEqual(['t1', 't2']);
    expect([plain.warnThreshold, plain.hotThreshold, plain.level]).toEqual([48, 96, 'OK']);

    const withAgent = await budget({ p, a: agent.id, s: 'session-1' });
    expect(withAgent.tools.map((x) => x.name)).toEqual(['t1', 'mine']);
    expect([withAgent.warnThreshold, withAgent.hotThreshold, withAgent.level]).toEqual([2, 3, 'WARN']);
    expect(withAgent.sessionId).toBe('session-1');
    // Anthropic's tool-use system prompt for the Claude 4 family, once.
    expect(withAgent.estimatedSchemaTokens).toBe(withAgent.tools.reduce((n, x) => n + x.schemaTokens, 0));
    expect(withAgent.requestOverheadTokens).toBe(346);
    await createTool({ name: 't3', projectId: p });
    expect((await budget({ p, a: agent.id })).level).toBe('HOT');
  });

  it("counts a project's mini app tool, never one agent's private definition of the same name", async () => {
    const p = await project('override');
    const [a, b] = await world.agents(admin, [
      { name: 'a', projectId: p },
      { name: 'b', projectId: p },
    ]);
    const [app] = await world.miniApps(admin, [{ name: 'lookups', projectId: p }]);
    await createTool({ name: 'lookup', source: 'MINI_APP', miniAppId: app.id, projectId: p });
    await createTool({ name: 'lookup', projectId: p, agentId: a.id, description: 'agent a’s own, much longer description of its lookup' });
    const count = (report: Report, source: string) => report.bySource.find((s) => s.source === source)!.count;

    const ofProject = await budget({ p });
    expect(ofProject.tools.map((x) => [x.name, x.source])).toEqual([['lookup', 'MINI_APP']]);
    expect([count(ofProject, 'MINI_APP'), count(ofProject, 'CUSTOM')]).toEqual([1, 0]);
    const ofA = await budget({ p, a: a.id });
    expect(ofA.tools.map((x) => [x.name, x.source])).toEqual([['lookup', 'CUSTOM']]);
    const ofB = await budget({ p, a: b.id });
    expect(ofB.tools).toEqual(ofProject.tools);
  });

  it('answers a foreign or unknown agent or project with NOT_FOUND', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(codeOf(await t.gql(viewer, ToolBudgetReportDocument, { agentId: missing }))).toBe('NOT_FOUND');
    expect(codeOf(await t.gql(viewer, ToolBudgetReportDocument, { projectId: missing }))).toBe('NOT_FOUND');
  });
});

describe('GET /rpc/tools/gc', () => {
  const gc = (query: string, key: string | null) =>
    fetch(`${t.server.url}/rpc/tools/gc${query}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

  it('serves the same report as GraphQL', async () => {
    const p = await project('rest');
    await createTool({ name: 'rest_tool', projectId: p });
    await record(calls(3, { projectId: p, userId: 'frank', at: iso(Date.now() - 3 * DAY) }));
    const asOf = iso(Date.now());
    const res = await gc(`?projectId=${p}&userId=frank&sessionId=s-9&asOf=${encodeURIComponent(asOf)}`, viewer);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await budget({ p, u: 'frank', s: 's-9', asOf }));
  });

  it('uses the no-project scope without projectId, and refuses missing keys with a JSON 401 and other methods with 405', async () => {
    const res = await gc('', viewer);
    expect((await res.json()).projectId).toBeNull();
    const denied = await gc('', null);
    expect(denied.status).toBe(401);
    expect((await denied.json()).error.code).toBe('UNAUTHENTICATED');
    const posted = await fetch(`${t.server.url}/rpc/tools/gc`, { method: 'POST', headers: { authorization: `Bearer ${viewer}` } });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    const bad = await gc('?asOf=yesterday', viewer);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('asOf');
  });

  const error = async (query: string) => {
    const res = await gc(query, viewer);
    expect(res.status).toBe(400);
    return ((await res.json()) as { error: { code: string; message: string; field?: string } }).error;
  };

  it('refuses an unknown parameter with a 400 naming it, and the one meant for a near miss', async () => {
    expect(await error('?agent_id=x')).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'unknown parameter agent_id; did you mean agentId?',
      field: 'agent_id',
    });
    expect((await error('?projectid=x')).message).toBe('unknown parameter projectid; did you mean projectId?');
    expect((await error('?userId=u&sesionId=s')).message).toBe('unknown parameter sesionId; did you mean sessionId?');
    expect(await error('?limit=5')).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'unknown parameter limit; the parameters are projectId, agentId, sessionId, userId, asOf',
      field: 'limit',
    });
  });

  it('refuses a known parameter given empty, or given twice, with a 400 naming it rather than answering another question', async () => {
    for (const name of ['projectId', 'agentId', 'sessionId', 'userId', 'asOf']) {
      const empty = { code: 'BAD_USER_INPUT', message: `${name}: must not be empty; leave it out instead`, field: name };
      expect(await error(`?${name}=`)).toEqual(empty);
      expect(await error(`?${name}`)).toEqual(empty);
      expect(await error(`?${name}=a&${name}=b`)).toEqual({
        code: 'BAD_USER_INPUT',
        message: `${name}: given more than once; give it once`,
        field: name,
      });
    }
    expect((await error('?userId=u&projectId=&asOf=x')).field).toBe('projectId');
    expect((await error('?userId=u&asOf=2020-01-01T00:00:00.000Z&userId=u')).field).toBe('userId');
  });
});

describe('maxSchemaTokens', () => {
  it('drops toolbox tools past the cap in Sort Order, and refuses a cap out of range', async () => {
    const p = await project('cap');
    for (const [name, s] of [
      ['first', 1],
      ['second', 2],
    ] as const)
      await createTool({ name, projectId: p, sortOrder: s });
    const bad = await t.gql(admin, `mutation($p: ID) { createAgent(input: { name: "c", projectId: $p, maxSchemaTokens: 0 }) { id } }`, {
      p,
    });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    const agent = (
      await t.ok<{ createAgent: { id: string; maxSchemaTokens: number | null } }>(
        admin,
        `mutation($p: ID) { createAgent(input: { name: "c", projectId: $p }) { id maxSchemaTokens } }`,
        { p },
      )
    ).createAgent;
    expect(agent.maxSchemaTokens).toBeNull();
    const open = await world.toolbox(viewer, { agentId: agent.id });
    expect(open.tools.map((x) => x.name)).toEqual(['first', 'second']);
    const cap = open.tools[0].schemaTokens;
    await t.ok(admin, UpdateAgentDocument, { id: agent.id, input: { maxSchemaTokens: cap } });
    const capped = await world.toolbox(viewer, { agentId: agent.id });
    expect(capped.tools.map((x) => x.name)).toEqual(['first']);
    expect(capped.dropped).toEqual([{ tool: { name: 'second' }, reason: 'OVER_TOKEN_BUDGET' }]);
    expect(capped.loadoutVersion).toBe(open.loadoutVersion + 1);

    const both = await t.gql(admin, UpdateAgentDocument, { id: agent.id, input: { maxSchemaTokens: 5, clearMaxSchemaTokens: true } });
    expect(codeOf(both)).toBe('BAD_USER_INPUT');
    expect(both.errors?.[0].extensions?.field).toBe('input.clearMaxSchemaTokens');
    const { maxSchemaTokens, loadoutVersion } = (
      await t.ok(admin, UpdateAgentDocument, { id: agent.id, input: { clearMaxSchemaTokens: true } })
    ).updateAgent;
    expect({ maxSchemaTokens, loadoutVersion }).toEqual({ maxSchemaTokens: null, loadoutVersion: capped.loadoutVersion + 1 });
    expect((await world.toolbox(viewer, { agentId: agent.id })).tools.map((x) => x.name)).toEqual(['first', 'second']);
  });
});
