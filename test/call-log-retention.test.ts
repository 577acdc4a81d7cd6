import { keptFrom, monthOf, partitionPlan } from '../src/usage/call-log-retention';
import type { UsageScope } from '../src/usage/usage-scope';
import {
  BeginTurnDocument,
  RecordToolCallsDocument,
  ToolBudgetReportDocument,
  ToolUsageDocument,
  type ToolCallInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * The call log's retention on the database of this run (embedded, or
 * DATABASE_URL's server): the maintenance step is run as of days to come,
 * so the calls recorded now expire.
 */

let t: TestServer;
let admin: string;
let runtime: string;
let viewer: string;
let scope: UsageScope;

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const now = Date.now();
const OLD = now - 80 * DAY;
const RECENT = now - DAY;
const ANCIENT = now - 400 * DAY;

const usage = async () => (await t.ok(viewer, ToolUsageDocument, { projectId: scope.projectId, userId: scope.userId })).toolUsage;
const budget = (asOf: number) =>
  t.gql(viewer, ToolBudgetReportDocument, { projectId: scope.projectId, userId: scope.userId, asOf: iso(asOf) });
const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t.server.services.db.dataSource.query(sql, params);
const partitions = async () =>
  (
    await query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'tool_calls'::regclass`,
    )
  )
    .map((r) => r.name)
    .sort();
const calls = (n: number, toolName: string, at: number, isError = false): ToolCallInput[] =>
  Array.from({ length: n }, () => ({ projectId: scope.projectId, userId: scope.userId, toolName, isError, at: iso(at) }));
/** The roster the report reads, as of each of these instants. */
const rosters = (asOfs: number[]) =>
  Promise.all(asOfs.map((asOf) => t.server.services.usage.rosterAsOf(t.server.services.db.dataSource.manager, scope, new Date(asOf))));

beforeAll(async () => {
  t = await startTestServer();
  const world = new TestWorld(t);
  const org = await world.organization('Retention org');
  admin = org.adminKey;
  [{ apiKey: runtime }, { apiKey: viewer }] = await world.keys(admin, [
    { name: 'runtime', role: 'RUNTIME' },
    { name: 'viewer', role: 'VIEWER' },
  ]);
  const [{ id: p }] = await world.projects(admin, [{ name: 'P' }]);
  scope = { organizationId: org.id, userId: 'rita', projectId: p };
  await world.tools(
    admin,
    ['busy', 'old_tool'].map((name) => ({ name, projectId: p, description: 'd', inputSchema: { type: 'object' } })),
  );
  const [agent] = await world.agents(admin, [{ name: 'a', projectId: p }]);
  const conversation = await world.startConversation(runtime, { agentId: agent.id, userId: 'rita' });
  await t.ok(runtime, BeginTurnDocument, { conversationId: conversation });
  await t.ok(runtime, RecordToolCallsDocument, {
    calls: [
      ...calls(200, 'busy', OLD),
      ...calls(4, 'old_tool', OLD),
      ...calls(1, 'old_tool', OLD + 1000, true),
      ...calls(200, 'busy', RECENT),
      ...calls(1, 'old_tool', RECENT),
      ...calls(1, 'ancient', ANCIENT),
    ],
  });
});
afterAll(() => t.stop());

describe('partitions', () => {
  it('has every month from the retained one through two ahead once started, and a call older than all of them in the default partition', async () => {
    const months = await partitions();
    for (const at of [now - 90 * DAY, OLD, RECENT, now, now + 62 * DAY]) expect(months).toContain(monthOf(new Date(at)).name);
    const where: Array<{ partition: string }> = await query(
      `SELECT tableoid::regclass::text AS partition FROM tool_calls WHERE tool_name = 'ancient'`,
    );
    expect(where).toEqual([{ partition: 'tool_calls_default' }]);
  });
});

describe('the horizon by age', () => {
  it('refuses an asOf more than the retention before now, though nothing that old was dropped', async () => {
    const result = await budget(Date.now() - 91 * DAY);
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('asOf');
    const horizon = Date.parse(/horizon, (\S+)$/.exec(result.errors?.[0].message ?? '')?.[1] ?? '');
    expect(Math.abs(horizon - (Date.now() - 90 * DAY))).toBeLessThan(60_000);
    expect(codeOf(await budget(Date.now() - 89 * DAY))).toBeUndefined();
  });
});

describe('a maintenance run as of 60 days on', () => {
  const later = new Date(now + 60 * DAY);
  const cut = keptFrom(later, 90);
  const asOfs = [now, now - 10 * DAY, cut.getTime()];
  let before: { usage: unknown; report: unknown; rosters: unknown; months: string[] };

  beforeAll(async () => {
    before = { usage: await usage(), report: await budget(now), rosters: await rosters(asOfs), months: await partitions() };
    expect(await t.server.services.callLog.run(later)).toMatchObject({
      ran: true,
      dropped: partitionPlan(later, 90, before.months).drop.map((m) => m.name),
    });
  });

  it('drops the expired months and the expired calls of the default partition, and keeps the calls of the retained months', async () => {
    const months = await partitions();
    expect(months).not.toContain(monthOf(new Date(OLD)).name);
    expect(months).toContain(monthOf(new Date(RECENT)).name);
    const left: Array<{ tool_name: string; n: number }> = await query(
      `SELECT tool_name, count(*)::int AS n FROM tool_calls GROUP BY tool_name ORDER BY tool_name`,
    );
    expect(left).toEqual([
      { tool_name: 'busy', n: 200 },
      { tool_name: 'old_tool', n: 1 },
    ]);
  });

  it('leaves the counters as they were', async () => {
    expect(await usage()).toEqual(before.usage);
    expect((await usage()).find((u) => u.toolName === 'busy')).toMatchObject({ calls: 400, lastCalledAt: iso(RECENT) });
  });

  it('answers the report, and the roster as of any instant since the horizon, as before the drop', async () => {
    expect(await budget(now)).toEqual(before.report);
    expect(await rosters(asOfs)).toEqual(before.rosters);
    // Ten days ago old_tool's calls were the expired ones: its last use comes from what the drop kept of them.
    const [, tenDaysAgo] = await rosters(asOfs);
    expect(tenDaysAgo.find((r) => r.toolName === 'old_tool')).toMatchObject({ calls: 5, errors: 1, lastCalledAt: new Date(OLD + 1000) });
    expect(tenDaysAgo.find((r) => r.toolName === 'busy')).toMatchObject({ calls: 200, lastCalledAt: new Date(OLD) });
    expect(tenDaysAgo.find((r) => r.toolName === 'ancient')).toMatchObject({ calls: 1, lastCalledAt: new Date(ANCIENT) });
  });

  it('refuses an asOf before the horizon, naming asOf and giving the horizon, on GraphQL and REST', async () => {
    const result = await budget(cut.getTime() - 1);
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('asOf');
    expect(result.errors?.[0].message).toBe(`asOf: is before the call log's retained horizon, ${cut.toISOString()}`);
    const res = await fetch(`${t.server.url}/rpc/tools/gc?projectId=${scope.projectId}&userId=rita&asOf=${iso(OLD)}`, {
      headers: { authorization: `Bearer ${viewer}` },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'asOf' });
  });
});

describe('two runs at once', () => {
  it('drop each expired month once, one run doing the work', async () => {
    const later = new Date(now + 120 * DAY);
    const other = t.databaseKind === 'server' ? (await t.startAnother()).services.callLog : t.server.services.callLog;
    const months = await partitions();
    const [{ cut }]: Array<{ cut: Date }> = await query(`SELECT kept_from AS cut FROM call_log_horizon`);
    const expected = partitionPlan(later, 90, months, cut);
    expect(expected.drop.length).toBeGreaterThan(0);
    const counters = await usage();
    const runs = await Promise.all([t.server.services.callLog.run(later), other.run(later)]);
    expect(runs.flatMap((r) => r.dropped).sort()).toEqual(expected.drop.map((m) => m.name).sort());
    expect(runs.flatMap((r) => r.created).sort()).toEqual(expected.create.map((m) => m.name).sort());
    const after = await partitions();
    for (const m of expected.drop) expect(after).not.toContain(m.name);
    expect(await usage()).toEqual(counters);
  });
});
