import {
  AgentLoadoutDocument,
  ApplyChangeSetDocument,
  BeginTurnDocument,
  DeleteAgentDocument,
  ToolboxInvalidationsDocument,
  ToolDefinitionDocument,
  ToolDefinitionsDocument,
  UpdateToolDefinitionDocument,
  type ToolDefinitionInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let testWorld: TestWorld;

beforeAll(async () => {
  t = await startTestServer();
  testWorld = new TestWorld(t);
});
afterAll(() => t.stop());

/** A fresh organisation with channels web and api, context object account, and one agent. */
async function world(maxTools = 25) {
  const {
    adminKey: key,
    agents: [agent],
  } = await testWorld.organization('Test org', {
    channels: [
      { key: 'web', name: 'Web' },
      { key: 'api', name: 'API' },
    ],
    contextObjects: [{ key: 'account', name: 'Account' }],
    agents: [{ name: 'a', maxTools }],
  });
  const tool = async (name: string, extra: Partial<ToolDefinitionInput> = {}) =>
    (
      await testWorld.tools(key, [
        { name, description: `does ${name}`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, ...extra },
      ])
    )[0].id;
  const version = async () => (await t.ok(key, AgentLoadoutDocument, { id: agent.id })).agent!.loadoutVersion;
  const events = async (first?: number, after?: string | null) =>
    (await t.ok(key, ToolboxInvalidationsDocument, { agentId: agent.id, first, after })).toolboxInvalidations;
  const edit = (id: string, description: string) => t.ok(key, UpdateToolDefinitionDocument, { id, input: { description } });
  return { key, agent, tool, version, events, edit };
}

describe('applyChangeSet', () => {
  it('stores exactly one event for three changes, listing exactly the changed situations', async () => {
    const w = await world();
    const webOnly = await w.tool('web_tool', { channels: ['web'] });
    await w.tool('everywhere');
    const before = await w.version();
    const before0 = (await w.events()).totalCount;

    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [
        { createTool: { name: 'new_web', description: 'd', inputSchema: { type: 'object' }, channels: ['web'] } },
        { updateTool: { id: webOnly, patch: { description: 'now different' } } },
        { setToolRule: { agentId: w.agent.id, toolName: 'web_tool', effect: 'DENY' } },
      ],
    });

    const events = result.applyChangeSet.invalidations;
    expect(events).toHaveLength(1);
    expect(events[0].cause).toBe('CHANGE_SET');
    expect(events[0].agent.id).toBe(w.agent.id);
    expect(events[0].loadoutVersion).toBe(before + 1);
    expect(await w.version()).toBe(before + 1);
    // Every web situation changed (web_tool out, new_web in); nothing on api did.
    expect(events[0].affected.map((a) => `${a.channel.key}|${a.page.type}|${a.page.contextObject ?? ''}`)).toEqual([
      'web|HOME|',
      'web|LIST|',
      'web|RECORD|',
      'web|RECORD|account',
    ]);
    for (const a of events[0].affected) {
      expect(a.diff).toEqual({ added: ['new_web'], removed: ['web_tool'], changed: [], reordered: false });
      expect(a.newFingerprint).not.toBe(a.previousFingerprint);
    }
    expect(result.applyChangeSet.rewrittenToolTokens).toBeGreaterThan(0);
    const stored = await w.events();
    expect(stored.totalCount).toBe(before0 + 1);
    expect(stored.edges[0].node).toEqual(events[0]);
  });

  it('applies nothing when the third change fails: no tool, no event, no version change', async () => {
    const w = await world();
    const id = await w.tool('t1');
    const before = await w.version();
    const count = (await w.events()).totalCount;
    const result = await t.gql(w.key, ApplyChangeSetDocument, {
      changes: [
        { createTool: { name: 'added', description: 'd', inputSchema: { type: 'object' } } },
        { updateTool: { id, patch: { description: 'changed' } } },
        { deleteToolId: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(codeOf(result)).toBe('NOT_FOUND');
    expect(result.errors?.[0].extensions?.field).toBe('changes[2].deleteToolId');
    expect(await w.version()).toBe(before);
    expect((await w.events()).totalCount).toBe(count);
    const tools = (await t.ok(w.key, ToolDefinitionsDocument)).toolDefinitions;
    expect(tools.map(({ name, description }) => ({ name, description }))).toEqual([{ name: 't1', description: 'does t1' }]);
  });

  it('refuses a change with no member or two, naming it, and stores nothing', async () => {
    const w = await world();
    const id = await w.tool('t1');
    for (const bad of [{}, { deleteToolId: id, removeToolRuleId: id }]) {
      const result = await t.gql(w.key, ApplyChangeSetDocument, { changes: [{ deleteToolId: id }, bad] });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions?.field).toBe('changes[1]');
    }
    expect((await t.ok(w.key, ToolDefinitionsDocument)).toolDefinitions).toHaveLength(1);
  });

  it('names the change and member when a check inside it fails', async () => {
    const w = await world();
    const result = await t.gql(w.key, ApplyChangeSetDocument, {
      changes: [{ updateAgent: { id: w.agent.id, patch: { budgetWarnThreshold: 50, budgetHotThreshold: 10 } } }],
    });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe('changes[0].updateAgent.patch.budgetHotThreshold');
  });

  it('previews with dryRun: the invalidations it would cause, with nothing stored or changed', async () => {
    const w = await world();
    await w.tool('first', { sortOrder: 0 });
    const second = await w.tool('second', { sortOrder: 1 });
    const before = await w.version();
    const count = (await w.events()).totalCount;
    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      dryRun: true,
      changes: [{ updateTool: { id: second, patch: { description: 'longer text here' } } }],
    });
    const preview = result.applyChangeSet;
    expect(preview.invalidations).toHaveLength(1);
    expect(preview.invalidations[0].loadoutVersion).toBe(before + 1);
    // 2 channels × (HOME, LIST, RECORD, RECORD+account); only `second` (position 2) is re-written in each.
    expect(preview.invalidations[0].affected).toHaveLength(8);
    expect(preview.rewrittenToolTokens % 8).toBe(0);
    expect(preview.rewrittenToolTokens).toBeGreaterThan(0);
    expect(preview.liveConversations).toBe(0);
    expect(await w.version()).toBe(before);
    expect((await w.events()).totalCount).toBe(count);
    const desc = (await t.ok(w.key, ToolDefinitionDocument, { id: second })).toolDefinition!.description;
    expect(desc).toBe('does second');
  });
});

describe('no event when nothing the model sees changed', () => {
  it('ignores a tier edit entirely', async () => {
    const w = await world();
    const id = await w.tool('t1');
    const before = await w.version();
    const count = (await w.events()).totalCount;
    await t.ok(w.key, UpdateToolDefinitionDocument, { id, input: { tier: 3 } });
    await t.ok(w.key, ApplyChangeSetDocument, { changes: [{ updateTool: { id, patch: { tier: 4, hostDependent: true } } }] });
    expect(await w.version()).toBe(before);
    expect((await w.events()).totalCount).toBe(count);
  });

  it('stores no event for a change to a tool that maxTools cuts anyway', async () => {
    const w = await world(1);
    await w.tool('kept', { sortOrder: 0 });
    const cut = await w.tool('cut', { sortOrder: 5 });
    const count = (await w.events()).totalCount;
    await w.edit(cut, 'other');
    await w.tool('also_cut', { sortOrder: 9 });
    expect((await w.events()).totalCount).toBe(count);
  });

  it('stores one event per single mutation that changes a toolbox, with its own cause', async () => {
    const w = await world();
    await w.tool('t1');
    const [latest] = (await w.events()).edges;
    expect(latest.node.cause).toBe('TOOL_CREATED');
    expect(latest.node.actor).not.toBeNull();
    expect(latest.node.affected).toHaveLength(8);
  });
});

describe('a change seen by many agents', () => {
  it('returns the events it stored: one per agent, with its project and version, newer than every event before', async () => {
    const w = await world();
    const [a, b] = await testWorld.projects(w.key, [{ name: 'A' }, { name: 'B' }]);
    const agents = [
      w.agent.id,
      ...(
        await testWorld.agents(
          w.key,
          [a.id, b.id, a.id, null].map((projectId) => ({ name: 'a', projectId })),
        )
      ).map((agent) => agent.id),
    ];
    await w.tool('first');
    const list = async (projectId?: string, after?: string) =>
      (await t.ok(w.key, ToolboxInvalidationsDocument, { projectId, first: 100, after })).toolboxInvalidations.edges;
    const newest = (await list())[0].cursor;

    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [{ createTool: { name: 'second', description: 'd', inputSchema: { type: 'object' } } }],
    });
    const returned = result.applyChangeSet.invalidations;
    expect(returned.map((e) => e.agent.id).sort()).toEqual([...agents].sort());
    expect(new Set(returned.map((e) => e.id)).size).toBe(agents.length);

    // Newest first; listed past the newest event before the change: none of the change's, all of the earlier ones.
    const stored = (await list()).map((e) => e.node);
    expect(
      stored
        .slice(0, agents.length)
        .map((e) => e.id)
        .sort(),
    ).toEqual(returned.map((e) => e.id).sort());
    const older = (await list(undefined, newest)).map((e) => e.node.id);
    expect(older.some((id) => returned.some((e) => e.id === id))).toBe(false);
    const byAgent = new Map(stored.slice(0, agents.length).map((e) => [e.agent.id, e]));
    for (const e of returned) {
      expect(byAgent.get(e.agent.id)!.id).toBe(e.id);
      expect(byAgent.get(e.agent.id)!.loadoutVersion).toBe(e.loadoutVersion);
    }
    const inProject = async (p: string) => (await list(p)).map((e) => e.node.id);
    const ofChange = (ids: string[]) => ids.filter((id) => returned.some((e) => e.id === id)).length;
    // Two agents of A, one of B; the other two have no project.
    expect([ofChange(await inProject(a.id)), ofChange(await inProject(b.id))]).toEqual([2, 1]);
  });
});

describe('queries', () => {
  it('lists newest first with opaque cursors and a total count, also on Agent.invalidations', async () => {
    const w = await world();
    for (const name of ['a', 'b', 'c']) await w.tool(name);
    const page1 = await w.events(2);
    expect(page1.totalCount).toBe(3);
    expect(page1.edges.map((e) => e.node.loadoutVersion)).toEqual([4, 3]);
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = await w.events(2, page1.pageInfo.endCursor);
    expect(page2.edges.map((e) => e.node.loadoutVersion)).toEqual([2]);
    expect(page2.pageInfo).toEqual({ hasNextPage: false, endCursor: page2.edges[0].cursor });
    expect(page2.totalCount).toBe(3);

    const viewer = await t.createKey(w.key, 'VIEWER');
    const viaAgent = (await t.ok(viewer, AgentLoadoutDocument, { id: w.agent.id, first: 1 })).agent!.invalidations;
    expect(viaAgent).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true }, edges: [{ node: { loadoutVersion: 4 } }] });
    const next = (await t.ok(viewer, AgentLoadoutDocument, { id: w.agent.id, first: 1, after: viaAgent.pageInfo.endCursor })).agent!
      .invalidations;
    expect(next).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true }, edges: [{ node: { loadoutVersion: 3 } }] });
    const bad = await t.gql(viewer, AgentLoadoutDocument, { id: w.agent.id, first: 1, after: 'nope' });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it("answers an empty list for another organisation's agent, and refuses a bad cursor", async () => {
    const w = await world();
    await w.tool('a');
    const other = await t.createOrganization('Other');
    const foreign = await t.ok(other.adminKey, ToolboxInvalidationsDocument, { agentId: w.agent.id });
    expect(foreign.toolboxInvalidations).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
    const everything = await t.ok(other.adminKey, ToolboxInvalidationsDocument, {});
    expect(everything.toolboxInvalidations.totalCount).toBe(0);
    const bad = await t.gql(w.key, ToolboxInvalidationsDocument, { agentId: w.agent.id, after: 'nope' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions?.field).toBe('after');
  });
});

describe('turns', () => {
  /** A conversation of the world's agent on the web channel's HOME page: its id. */
  const webConversation = (w: Awaited<ReturnType<typeof world>>) => testWorld.startConversation(w.key, { agentId: w.agent.id });
  const turn = async (w: Awaited<ReturnType<typeof world>>, conversationId: string) =>
    (await t.ok(w.key, BeginTurnDocument, { conversationId })).beginTurn;

  it('links a turn to the invalidation that changed its toolbox, and counts the conversation as live in a dry run and when applied', async () => {
    const w = await world();
    const id = await w.tool('t1', { channels: ['web'] });
    const conversation = await webConversation(w);
    const first = await turn(w, conversation);
    expect(first.invalidation).toBeNull();

    const preview = await t.ok(w.key, ApplyChangeSetDocument, {
      dryRun: true,
      changes: [{ updateTool: { id, patch: { description: 'x' } } }],
    });
    expect(preview.applyChangeSet.liveConversations).toBe(1);
    const applied = await t.ok(w.key, ApplyChangeSetDocument, {
      dryRun: false,
      changes: [{ updateTool: { id, patch: { description: 'y' } } }],
    });
    expect(applied.applyChangeSet.liveConversations).toBe(1);

    await w.edit(id, 'new words');
    const [latest] = (await w.events(1)).edges;
    const second = await turn(w, conversation);
    expect(second.toolboxChanged).toBe(true);
    expect(second.invalidation).toEqual({ id: latest.node.id, cause: 'TOOL_UPDATED' });
    const third = await turn(w, conversation);
    expect(third.invalidation).toBeNull();
  });

  it('lists every event between two turns that changed the situation, oldest first, each with the part of the diff it caused', async () => {
    const w = await world();
    const edited = await w.tool('edited', { sortOrder: 1 });
    await w.tool('denied', { sortOrder: 2 });
    await w.tool('kept', { sortOrder: 3 });
    const conversation = await webConversation(w);
    const first = await turn(w, conversation);
    expect(first.invalidations).toEqual([]);

    await w.edit(edited, 'new words');
    // Only the api channel: not this conversation's situation, so not listed.
    await w.tool('api_only', { channels: ['api'] });
    await testWorld.rules(w.key, [{ agentId: w.agent.id, toolName: 'denied', effect: 'DENY' }]);
    const [ruleEvent, , editEvent] = (await w.events(3)).edges.map((e) => e.node.id);

    const second = await turn(w, conversation);
    const none = { added: [], removed: [], changed: [], reordered: false };
    expect(second.diff).toEqual({ ...none, changed: ['edited'], removed: ['denied'] });
    expect(second.invalidation).toEqual({ id: ruleEvent, cause: 'RULE_CHANGED' });
    const home = { type: 'HOME', contextObject: null };
    expect(second.invalidations).toEqual([
      {
        invalidation: { id: editEvent, cause: 'TOOL_UPDATED' },
        affected: { channel: { key: 'web' }, page: home, diff: { changed: ['edited'], removed: [] } },
        diff: { ...none, changed: ['edited'] },
      },
      {
        invalidation: { id: ruleEvent, cause: 'RULE_CHANGED' },
        affected: { channel: { key: 'web' }, page: home, diff: { changed: [], removed: ['denied'] } },
        diff: { ...none, removed: ['denied'] },
      },
    ]);
    const third = await turn(w, conversation);
    expect(third.invalidations).toEqual([]);
  });

  it("reads a turn's events through the events' keys, never by scanning every organisation's events", async () => {
    const w = await world();
    const id = await w.tool('t1');
    const conversation = await webConversation(w);
    await turn(w, conversation);
    await w.edit(id, 'new words');

    const db = t.server.services.db.dataSource;
    const logger = db.logger as { logQuery(query: string, parameters?: unknown[]): void };
    const statements: Array<{ query: string; parameters?: unknown[] }> = [];
    const logQuery = logger.logQuery;
    logger.logQuery = function (query, parameters) {
      statements.push({ query, parameters });
      logQuery.call(this, query, parameters);
    };
    const second = await turn(w, conversation).finally(() => (logger.logQuery = logQuery));
    expect(second.invalidation).not.toBeNull();
    expect(second.invalidations).toHaveLength(1);
    const reads = statements.filter((s) => /^\s*SELECT/i.test(s.query) && /toolbox_invalidations/.test(s.query));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const { query, parameters } of reads) {
      // With sequential scans priced out, one still planned means no index serves the statement.
      const plan: Array<{ 'QUERY PLAN': string }> = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        return tx.query(`EXPLAIN ${query}`, parameters);
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).not.toMatch(/Seq Scan on toolbox_invalidations/);
    }
  });
});

describe('stored affected situations', () => {
  it('reads a set as stored, one grid row per channel, in listings and in the turns it changed', async () => {
    const w = await world();
    const id = await w.tool('lookup');
    const conversationId = await testWorld.startConversation(w.key, {
      agentId: w.agent.id,
      channel: 'api',
      page: { type: 'RECORD', contextObject: 'account', recordId: 'r1' },
    });
    await t.ok(w.key, BeginTurnDocument, { conversationId });
    await w.edit(id, 'edited');
    const listed = async () => (await w.events(1)).edges[0].node;
    const before = await listed();
    // Both channels, each page and the context object's RECORD page.
    expect(before.affected).toHaveLength(8);

    const sql = t.server.services.db.dataSource;
    const [{ affected }] = await sql.query(
      `SELECT i.affected_set_id, s.affected FROM toolbox_invalidations i JOIN invalidation_affected_sets s ON s.id = i.affected_set_id
        WHERE i.agent_id = $1 ORDER BY i.seq DESC LIMIT 1`,
      [w.agent.id],
    );
    expect(affected.grid).toHaveLength(2);
    const turn = (await t.ok(w.key, BeginTurnDocument, { conversationId })).beginTurn;
    expect(turn.invalidation).toEqual({ id: before.id, cause: 'TOOL_UPDATED' });
    expect(turn.invalidations.map((i) => i.affected)).toEqual([
      { channel: { key: 'api' }, page: { type: 'RECORD', contextObject: 'account' }, diff: { changed: ['lookup'], removed: [] } },
    ]);
  });
});

describe('events of deleted rows', () => {
  const stored = async (column: 'organization_id' | 'agent_id', id: string): Promise<number> =>
    (await t.server.services.db.dataSource.query(`SELECT count(*)::int AS n FROM toolbox_invalidations WHERE ${column} = $1`, [id]))[0].n;

  it('go with their agent or organisation, and an actor that no longer exists reads as none', async () => {
    const w = await world();
    const [{ id: kept }] = await testWorld.agents(w.key, [{ name: 'kept' }]);
    const id = await w.tool('lookup');
    await w.edit(id, 'edited');
    expect([await stored('agent_id', w.agent.id), await stored('agent_id', kept)]).toEqual([2, 2]);

    await t.ok(w.key, DeleteAgentDocument, { id: w.agent.id });
    expect([await stored('agent_id', w.agent.id), await stored('agent_id', kept)]).toEqual([0, 2]);
    const listed = await t.ok(w.key, ToolboxInvalidationsDocument, {});
    expect(listed.toolboxInvalidations.totalCount).toBe(2);
    expect(listed.toolboxInvalidations.edges.map((e) => e.node.agent.id)).toEqual([kept, kept]);
    expect(listed.toolboxInvalidations.edges[0].node.actor).not.toBeNull();

    const sql = t.server.services.db.dataSource;
    const [{ organization_id: org, actor_principal_id: actor }] = await sql.query(
      `SELECT organization_id, actor_principal_id FROM toolbox_invalidations WHERE agent_id = $1 LIMIT 1`,
      [kept],
    );
    // A principal deleted on its own (the API never does): events keep their place with no actor.
    await sql.query(`DELETE FROM principals WHERE id = $1`, [actor]);
    const again = await t.ok(w.key, ToolboxInvalidationsDocument, {});
    expect(again.toolboxInvalidations.totalCount).toBe(2);
    expect(again.toolboxInvalidations.edges.map((e) => e.node.actor)).toEqual([null, null]);

    await sql.query(`DELETE FROM organizations WHERE id = $1`, [org]);
    expect(await stored('organization_id', org)).toBe(0);
  });
});
