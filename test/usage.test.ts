import {
  BeginTurnDocument,
  CallerIdentityDocument,
  RecordToolCallsDocument,
  ToolBudgetReportDocument,
  ToolUsageDocument,
  WorldConversationDocument,
  type ToolCallInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let admin: string;
let runtime: string;
let viewer: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  admin = (await world.organization('Usage org')).adminKey;
  [{ apiKey: runtime }, { apiKey: viewer }] = await world.keys(admin, [
    { name: 'runtime', role: 'RUNTIME' },
    { name: 'viewer', role: 'VIEWER' },
  ]);
  [{ id: projectId }] = await world.projects(admin, [{ name: 'P' }]);
});
afterAll(() => t.stop());

const usage = async (p: string | null, u: string) => (await t.ok(viewer, ToolUsageDocument, { projectId: p, userId: u })).toolUsage;
const call = (over: Partial<ToolCallInput>): ToolCallInput => ({ toolName: 'lookup', isError: false, ...over });

describe('recordToolCalls', () => {
  it('refuses a call more than 5 minutes ahead, naming it, and writes nothing of the batch', async () => {
    const ahead = new Date(Date.now() + 6 * 60 * 1000).toISOString();
    const result = await t.gql(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'future' }), call({ userId: 'future', at: ahead })],
    });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('calls[1].at');
    expect(await usage(null, 'future')).toEqual([]);
  });

  it('refuses a batch with an overlong tool name or user, naming each call, and writes none of it', async () => {
    const result = await t.gql(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'named' }), call({ userId: 'named', toolName: 'x'.repeat(257) }), call({ userId: 'x'.repeat(257) })],
    });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('calls[1].toolName');
    expect(result.errors?.[0].message).toContain('calls[2].userId: must be 1 to 256 characters');
    expect(await usage(null, 'named')).toEqual([]);
  });

  it('accepts a call a little ahead (clock skew)', async () => {
    const skewed = new Date(Date.now() + 60 * 1000).toISOString();
    expect((await t.ok(runtime, RecordToolCallsDocument, { calls: [call({ userId: 'skew', at: skewed })] })).recordToolCalls).toEqual({
      accepted: 1,
      duplicates: 0,
    });
  });

  it('counts calls and errors per scope, a batch naming one tool twice included, and keeps the latest call', async () => {
    const early = '2025-01-01T00:00:00.000Z';
    const late = '2025-01-02T00:00:00.000Z';
    const result = await t.ok(runtime, RecordToolCallsDocument, {
      calls: [
        call({ userId: 'u1', at: late }),
        call({ userId: 'u1', isError: true, at: early }),
        call({ userId: 'u1', projectId, toolName: 'other' }),
      ],
    });
    expect(result.recordToolCalls).toEqual({ accepted: 3, duplicates: 0 });
    expect(await usage(null, 'u1')).toEqual([
      {
        toolName: 'lookup',
        userId: 'u1',
        project: null,
        calls: 2,
        errors: 1,
        firstSurfacedAt: null,
        lastSurfacedAt: null,
        lastCalledAt: late,
      },
    ]);
    expect((await usage(projectId, 'u1')).map((r) => [r.toolName, r.calls, r.project!.id])).toEqual([['other', 1, projectId]]);
  });

  it('counts a retried key once, within a batch and across batches, per scope', async () => {
    const first = await t.ok(runtime, RecordToolCallsDocument, {
      calls: [
        call({ userId: 'u2', idempotencyKey: 'k1' }),
        call({ userId: 'u2', idempotencyKey: 'k1' }),
        call({ userId: 'u2', idempotencyKey: 'k2' }),
      ],
    });
    expect(first.recordToolCalls).toEqual({ accepted: 2, duplicates: 1 });
    const retry = await t.ok(runtime, RecordToolCallsDocument, {
      calls: [
        call({ userId: 'u2', idempotencyKey: 'k1' }),
        call({ userId: 'u2', idempotencyKey: 'k3' }),
        call({ userId: 'u2', projectId, idempotencyKey: 'k1' }),
      ],
    });
    expect(retry.recordToolCalls).toEqual({ accepted: 2, duplicates: 1 });
    expect((await usage(null, 'u2'))[0].calls).toBe(3);
    expect((await usage(projectId, 'u2'))[0].calls).toBe(1);
  });

  it('lets a failed batch be retried with the same keys', async () => {
    const ahead = new Date(Date.now() + 10 * 60 * 1000).toISOString();
    const failed = await t.gql(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'u3', idempotencyKey: 'r1' }), call({ userId: 'u3', idempotencyKey: 'r2', at: ahead })],
    });
    expect(codeOf(failed)).toBe('BAD_USER_INPUT');
    const unknownProject = await t.gql(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'u3', idempotencyKey: 'r1' }), call({ projectId: '00000000-0000-4000-8000-000000000000' })],
    });
    expect(codeOf(unknownProject)).toBe('NOT_FOUND');
    expect(unknownProject.errors?.[0].extensions?.field).toBe('calls[1].projectId');
    const retry = await t.ok(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'u3', idempotencyKey: 'r1' }), call({ userId: 'u3', idempotencyKey: 'r2' })],
    });
    expect(retry.recordToolCalls).toEqual({ accepted: 2, duplicates: 0 });
  });

  it("refuses a batch without keys or conversations naming a project that is not the organisation's, naming the first such call, and writes none of it", async () => {
    const other = await t.createOrganization('Another org');
    const [{ id: theirs }] = await world.projects(other.adminKey, [{ name: 'Theirs' }]);
    // Another organisation's project names none of this one's; a value that is not an id names no row at all.
    for (const [bad, code] of [
      [theirs, 'NOT_FOUND'],
      ['not-a-uuid', 'BAD_USER_INPUT'],
    ] as const) {
      const result = await t.gql(runtime, RecordToolCallsDocument, {
        calls: [
          call({ userId: 'plain', projectId }),
          call({ userId: 'plain', projectId: bad }),
          call({ userId: 'plain', projectId: theirs }),
        ],
      });
      expect([codeOf(result), result.errors?.[0].extensions?.field]).toEqual([code, 'calls[1].projectId']);
    }
    expect(await usage(projectId, 'plain')).toEqual([]);
    const counted = await t.ok(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'plain', projectId }), call({ userId: 'plain' })],
    });
    expect(counted.recordToolCalls).toEqual({ accepted: 2, duplicates: 0 });
    expect((await usage(projectId, 'plain')).map((r) => r.calls)).toEqual([1]);
  });

  it('defaults the user to the caller, as startConversation does', async () => {
    const me = (await t.ok(runtime, CallerIdentityDocument)).me.id;
    await t.ok(runtime, RecordToolCallsDocument, { calls: [call({ toolName: 'mine' })] });
    const rows = (await t.ok(runtime, ToolUsageDocument, {})).toolUsage;
    expect(rows.map(({ toolName, userId }) => ({ toolName, userId }))).toEqual([{ toolName: 'mine', userId: me }]);
  });

  it('is for RUNTIME and above', async () => {
    expect(codeOf(await t.gql(viewer, RecordToolCallsDocument, { calls: [call({})] }))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(null, RecordToolCallsDocument, { calls: [call({})] }))).toBe('UNAUTHENTICATED');
  });

  it('refuses an empty tool name as input', async () => {
    expect(codeOf(await t.gql(runtime, RecordToolCallsDocument, { calls: [call({ toolName: '' })] }))).toBe('BAD_USER_INPUT');
  });
});

describe('roster from turns', () => {
  it('records every tool of a turn once per scope, and credits delegated work to the owning project', async () => {
    await world.tools(admin, [
      { name: 'alpha', description: 'd', inputSchema: { type: 'object' } },
      { name: 'beta', description: 'd', inputSchema: { type: 'object' } },
    ]);
    const [root, worker] = await world.agents(admin, [{ name: 'root', projectId }, { name: 'worker' }]);
    const parent = (await t.ok(runtime, WorldConversationDocument, { input: { agentId: root.id, channel: 'web', userId: 'end-user' } }))
      .startConversation;
    const child = (
      await t.ok(runtime, WorldConversationDocument, {
        input: { agentId: worker.id, channel: 'web', userId: 'end-user', parentConversationId: parent.id },
      })
    ).startConversation;
    expect(child.owningProject).toEqual({ id: projectId });
    await t.ok(runtime, BeginTurnDocument, { conversationId: parent.id });
    const firstRows = await usage(projectId, 'end-user');
    await t.ok(runtime, BeginTurnDocument, { conversationId: child.id });
    await t.ok(runtime, RecordToolCallsDocument, {
      calls: [
        { conversationId: child.id, toolName: 'alpha', isError: false },
        { conversationId: child.id, toolName: 'alpha', isError: true },
      ],
    });

    const rows = await usage(projectId, 'end-user');
    expect(rows.map((r) => [r.toolName, r.calls, r.errors])).toEqual([
      ['alpha', 2, 1],
      ['beta', 0, 0],
    ]);
    expect(rows[0].firstSurfacedAt).toBe(firstRows[0].firstSurfacedAt);
    expect(rows[0].lastSurfacedAt! >= firstRows[0].lastSurfacedAt!).toBe(true);
    expect(await usage(null, 'end-user')).toEqual([]);
  });

  it('answers an unknown conversation with NOT_FOUND and counts nothing', async () => {
    const result = await t.gql(runtime, RecordToolCallsDocument, {
      calls: [call({ userId: 'nf' }), { conversationId: '00000000-0000-4000-8000-000000000000', toolName: 'x', isError: false }],
    });
    expect(codeOf(result)).toBe('NOT_FOUND');
    expect(result.errors?.[0].extensions?.field).toBe('calls[1].conversationId');
    expect(await usage(null, 'nf')).toEqual([]);
  });
});

describe('concurrent batches', () => {
  it('count every call of batches that touch the same rows in different orders, without a deadlock', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `shared_${i}`);
    const users = ['u1', 'u2', 'u3'];
    // Each batch walks the same (user, tool) rows in its own order.
    const batch = (seed: number) =>
      names.flatMap((_, i) => users.map((u) => call({ toolName: names[(i * 37 + seed * 53) % names.length], userId: u })));
    const seeds = [0, 1, 2, 3, 4, 5, 6, 7];
    const results = await Promise.all(
      seeds.map((seed) => t.gql(runtime, RecordToolCallsDocument, { calls: seed % 2 ? batch(seed).reverse() : batch(seed) })),
    );
    expect(results.map((r) => r.errors ?? null)).toEqual(seeds.map(() => null));
    const rows = await usage(null, 'u2');
    expect(rows.filter((r) => r.toolName.startsWith('shared_')).map((r) => r.calls)).toEqual(names.map(() => seeds.length));
  });
});

describe('the call log', () => {
  const logged = async (column: 'organization_id' | 'project_id', id: string): Promise<number> =>
    (await t.server.services.db.dataSource.query(`SELECT count(*)::int AS n FROM tool_calls WHERE ${column} = $1`, [id]))[0].n;

  it('goes with a deleted project or organisation, as the usage counters do', async () => {
    const org = await world.organization('Deleted later', { channels: [] });
    const key = await world.key(org.adminKey, 'RUNTIME');
    const [{ id: project }] = await world.projects(org.adminKey, [{ name: 'Gone' }]);
    await t.ok(key, RecordToolCallsDocument, { calls: [call({ userId: 'd1', projectId: project }), call({ userId: 'd1' })] });
    expect([await logged('project_id', project), await logged('organization_id', org.id)]).toEqual([1, 2]);

    const sql = t.server.services.db.dataSource;
    await sql.query(`DELETE FROM projects WHERE id = $1`, [project]);
    expect([await logged('project_id', project), await logged('organization_id', org.id)]).toEqual([0, 1]);
    await sql.query(`DELETE FROM organizations WHERE id = $1`, [org.id]);
    expect(await logged('organization_id', org.id)).toBe(0);
  });
});

it('refuses an empty or overlong userId when reading usage or the budget, rather than answering for a user that cannot exist', async () => {
  for (const [read, field] of [
    [(userId: string) => t.gql(viewer, ToolUsageDocument, { userId }), 'toolUsage'],
    [(userId: string) => t.gql(viewer, ToolBudgetReportDocument, { userId }), 'toolBudget'],
  ] as const) {
    for (const userId of ['', 'u'.repeat(257)]) {
      const refused = await read(userId);
      expect({ field, code: codeOf(refused), at: refused.errors?.[0]?.extensions?.field }).toEqual({
        field,
        code: 'BAD_USER_INPUT',
        at: 'userId',
      });
    }
    expect((await read('dana@acme.example')).errors).toBeUndefined();
  }
});
