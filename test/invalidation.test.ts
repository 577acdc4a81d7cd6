import { codeOf, startTestServer, typed, type Created, type TestServer } from './support/harness';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const EVENT = `id cause loadoutVersion at actor { id name } agent { id }
  affected { channel { key } page { type contextObject } previousFingerprint newFingerprint diff { added removed changed reordered } }`;
interface Diff {
  added: string[];
  removed: string[];
  changed: string[];
  reordered: boolean;
}
/** What EVENT selects of an event. */
interface Event {
  id: string;
  cause: string;
  loadoutVersion: number;
  at: string;
  actor: { id: string; name: string } | null;
  agent: { id: string };
  affected: Array<{
    channel: { key: string };
    page: { type: string; contextObject: string | null };
    previousFingerprint: string;
    newFingerprint: string;
    diff: Diff;
  }>;
}
const AGENT = typed<{ agent: { loadoutVersion: number } | null }>(`query($id: ID!) { agent(id: $id) { loadoutVersion } }`);
const INVALIDATIONS = typed<{
  toolboxInvalidations: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: Array<{ cursor: string; node: Event }>;
  };
}>(`query($agentId: ID, $first: Int, $after: String) {
  toolboxInvalidations(agentId: $agentId, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${EVENT} } } }
}`);
const CHANGE_SET = typed<{
  applyChangeSet: { liveConversations: number; rewrittenToolTokens: number; invalidations: Event[] };
}>(`mutation($changes: [LoadoutChangeInput!]!, $dryRun: Boolean) {
  applyChangeSet(changes: $changes, dryRun: $dryRun) { liveConversations rewrittenToolTokens invalidations { ${EVENT} } }
}`);

/** A fresh organisation with channels web and api, context object account, and one agent. */
async function world(maxTools = 25) {
  const { adminKey: key } = await t.createOrganization();
  await t.ok(
    key,
    `mutation {
    a: createChannel(input: { key: "web", name: "Web" }) { id }
    b: createChannel(input: { key: "api", name: "API" }) { id }
    c: createContextObject(input: { key: "account", name: "Account" }) { id }
  }`,
  );
  const agent = (
    await t.ok<Created<'createAgent'>>(key, `mutation($m: Int) { createAgent(input: { name: "a", maxTools: $m }) { id } }`, { m: maxTools })
  ).createAgent;
  const tool = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await t.ok<Created<'createToolDefinition'>>(
        key,
        `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`,
        {
          input: { name, description: `does ${name}`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, ...extra },
        },
      )
    ).createToolDefinition.id;
  const version = async () => (await t.ok(key, AGENT, { id: agent.id })).agent!.loadoutVersion;
  const events = async (first?: number, after?: string | null) =>
    (await t.ok(key, INVALIDATIONS, { agentId: agent.id, first, after })).toolboxInvalidations;
  return { key, agent, tool, version, events };
}

describe('applyChangeSet', () => {
  it('stores exactly one event for three changes, listing exactly the changed situations', async () => {
    const w = await world();
    const webOnly = await w.tool('web_tool', { channels: ['web'] });
    await w.tool('everywhere');
    const before = await w.version();
    const before0 = (await w.events()).totalCount;

    const result = await t.ok(w.key, CHANGE_SET, {
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
    const result = await t.gql(w.key, CHANGE_SET, {
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
    const tools = (await t.ok<{ toolDefinitions: unknown[] }>(w.key, `{ toolDefinitions { name description } }`)).toolDefinitions;
    expect(tools).toEqual([{ name: 't1', description: 'does t1' }]);
  });

  it('refuses a change with no member or two, naming it, and stores nothing', async () => {
    const w = await world();
    const id = await w.tool('t1');
    for (const bad of [{}, { deleteToolId: id, removeToolRuleId: id }]) {
      const result = await t.gql(w.key, CHANGE_SET, { changes: [{ deleteToolId: id }, bad] });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions?.field).toBe('changes[1]');
    }
    expect((await t.ok<{ toolDefinitions: unknown[] }>(w.key, `{ toolDefinitions { name } }`)).toolDefinitions).toHaveLength(1);
  });

  it('names the change and member when a check inside it fails', async () => {
    const w = await world();
    const result = await t.gql(w.key, CHANGE_SET, {
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
    const result = await t.ok(w.key, CHANGE_SET, {
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
    const desc = (
      await t.ok<{ toolDefinition: { description: string } | null }>(w.key, `query($id: ID!) { toolDefinition(id: $id) { description } }`, {
        id: second,
      })
    ).toolDefinition!.description;
    expect(desc).toBe('does second');
  });
});

describe('no event when nothing the model sees changed', () => {
  it('ignores a tier edit entirely', async () => {
    const w = await world();
    const id = await w.tool('t1');
    const before = await w.version();
    const count = (await w.events()).totalCount;
    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { tier: 3 }) { id } }`, { id });
    await t.ok(w.key, CHANGE_SET, { changes: [{ updateTool: { id, patch: { tier: 4, hostDependent: true } } }] });
    expect(await w.version()).toBe(before);
    expect((await w.events()).totalCount).toBe(count);
  });

  it('stores no event for a change to a tool that maxTools cuts anyway', async () => {
    const w = await world(1);
    await w.tool('kept', { sortOrder: 0 });
    const cut = await w.tool('cut', { sortOrder: 5 });
    const count = (await w.events()).totalCount;
    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "other" }) { id } }`, { id: cut });
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
    const projects = await t.ok<{ a: { id: string }; b: { id: string } }>(
      w.key,
      `mutation { a: createProject(input: { name: "A" }) { id } b: createProject(input: { name: "B" }) { id } }`,
    );
    const agents = [w.agent.id];
    for (const projectId of [projects.a.id, projects.b.id, projects.a.id, null])
      agents.push(
        (
          await t.ok<Created<'createAgent'>>(w.key, `mutation($p: ID) { createAgent(input: { name: "a", projectId: $p }) { id } }`, {
            p: projectId,
          })
        ).createAgent.id,
      );
    await w.tool('first');
    const LIST = `query($p: ID, $after: String) { toolboxInvalidations(projectId: $p, first: 100, after: $after) {
      edges { cursor node { id loadoutVersion agent { id } } } } }`;
    type Listed = {
      toolboxInvalidations: { edges: Array<{ cursor: string; node: { id: string; loadoutVersion: number; agent: { id: string } } }> };
    };
    const newest = (await t.ok<Listed>(w.key, LIST)).toolboxInvalidations.edges[0].cursor;

    const result = await t.ok(w.key, CHANGE_SET, {
      changes: [{ createTool: { name: 'second', description: 'd', inputSchema: { type: 'object' } } }],
    });
    const returned = result.applyChangeSet.invalidations;
    expect(returned.map((e) => e.agent.id).sort()).toEqual([...agents].sort());
    expect(new Set(returned.map((e) => e.id)).size).toBe(agents.length);

    // Newest first; listed past the newest event before the change: none of the change's, all of the earlier ones.
    const stored = (await t.ok<Listed>(w.key, LIST)).toolboxInvalidations.edges.map((e) => e.node);
    expect(
      stored
        .slice(0, agents.length)
        .map((e) => e.id)
        .sort(),
    ).toEqual(returned.map((e) => e.id).sort());
    const older = (await t.ok<Listed>(w.key, LIST, { after: newest })).toolboxInvalidations.edges.map((e) => e.node.id);
    expect(older.some((id) => returned.some((e) => e.id === id))).toBe(false);
    const byAgent = new Map(stored.slice(0, agents.length).map((e) => [e.agent.id, e]));
    for (const e of returned) {
      expect(byAgent.get(e.agent.id)!.id).toBe(e.id);
      expect(byAgent.get(e.agent.id)!.loadoutVersion).toBe(e.loadoutVersion);
    }
    const inProject = async (p: string) => (await t.ok<Listed>(w.key, LIST, { p })).toolboxInvalidations.edges.map((e) => e.node.id);
    const ofChange = (ids: string[]) => ids.filter((id) => returned.some((e) => e.id === id)).length;
    // Two agents of A, one of B; the other two have no project.
    expect([ofChange(await inProject(projects.a.id)), ofChange(await inProject(projects.b.id))]).toEqual([2, 1]);
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
    interface AgentEvents {
      agent: {
        invalidations: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: unknown[] };
      } | null;
    }
    const AGENT_EVENTS = `query($id: ID!, $after: String) { agent(id: $id) { invalidations(first: 1, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { loadoutVersion } } } } }`;
    const viaAgent = (await t.ok<AgentEvents>(viewer, AGENT_EVENTS, { id: w.agent.id })).agent!.invalidations;
    expect(viaAgent).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true }, edges: [{ node: { loadoutVersion: 4 } }] });
    const next = (await t.ok<AgentEvents>(viewer, AGENT_EVENTS, { id: w.agent.id, after: viaAgent.pageInfo.endCursor })).agent!
      .invalidations;
    expect(next).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true }, edges: [{ node: { loadoutVersion: 3 } }] });
    const bad = await t.gql(viewer, AGENT_EVENTS, { id: w.agent.id, after: 'nope' });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it("answers an empty list for another organisation's agent, and refuses a bad cursor", async () => {
    const w = await world();
    await w.tool('a');
    const other = await t.createOrganization('Other');
    const foreign = await t.ok(other.adminKey, INVALIDATIONS, { agentId: w.agent.id });
    expect(foreign.toolboxInvalidations).toEqual({ totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
    const everything = await t.ok(other.adminKey, INVALIDATIONS, {});
    expect(everything.toolboxInvalidations.totalCount).toBe(0);
    const bad = await t.gql(w.key, INVALIDATIONS, { agentId: w.agent.id, after: 'nope' });
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].extensions?.field).toBe('after');
  });
});

describe('turns', () => {
  /** A conversation of the world's agent on the web channel's HOME page. */
  const webConversation = async (w: Awaited<ReturnType<typeof world>>) =>
    (
      await t.ok<Created<'startConversation'>>(
        w.key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
        {
          a: w.agent.id,
        },
      )
    ).startConversation;

  it('links a turn to the invalidation that changed its toolbox, and counts the conversation as live in a dry run and when applied', async () => {
    const w = await world();
    const id = await w.tool('t1', { channels: ['web'] });
    const conversation = await webConversation(w);
    const TURN = typed<{ beginTurn: { index: number; toolboxChanged: boolean; invalidation: { id: string; cause: string } | null } }>(
      `mutation($c: ID!) { beginTurn(conversationId: $c) { index toolboxChanged invalidation { id cause } } }`,
    );
    const first = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(first.invalidation).toBeNull();

    const preview = await t.ok(w.key, CHANGE_SET, { dryRun: true, changes: [{ updateTool: { id, patch: { description: 'x' } } }] });
    expect(preview.applyChangeSet.liveConversations).toBe(1);
    const applied = await t.ok(w.key, CHANGE_SET, { dryRun: false, changes: [{ updateTool: { id, patch: { description: 'y' } } }] });
    expect(applied.applyChangeSet.liveConversations).toBe(1);

    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new words" }) { id } }`, { id });
    const [latest] = (await w.events(1)).edges;
    const second = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(second.toolboxChanged).toBe(true);
    expect(second.invalidation).toEqual({ id: latest.node.id, cause: 'TOOL_UPDATED' });
    const third = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(third.invalidation).toBeNull();
  });

  it('lists every event between two turns that changed the situation, oldest first, each with the part of the diff it caused', async () => {
    const w = await world();
    const edited = await w.tool('edited', { sortOrder: 1 });
    await w.tool('denied', { sortOrder: 2 });
    await w.tool('kept', { sortOrder: 3 });
    const conversation = await webConversation(w);
    const TURN = typed<{
      beginTurn: { index: number; diff: Diff | null; invalidation: { id: string } | null; invalidations: unknown[] };
    }>(`mutation($c: ID!) { beginTurn(conversationId: $c) {
      index diff { added removed changed reordered } invalidation { id }
      invalidations { invalidation { id cause } affected { channel { key } page { type } diff { changed removed } } diff { added removed changed reordered } }
    } }`);
    const first = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(first.invalidations).toEqual([]);

    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new words" }) { id } }`, { id: edited });
    // Only the api channel: not this conversation's situation, so not listed.
    await w.tool('api_only', { channels: ['api'] });
    await t.ok(w.key, `mutation($a: ID!) { setToolRule(input: { agentId: $a, toolName: "denied", effect: DENY }) { id } }`, {
      a: w.agent.id,
    });
    const [ruleEvent, , editEvent] = (await w.events(3)).edges.map((e: { node: { id: string } }) => e.node.id);

    const second = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    const none = { added: [], removed: [], changed: [], reordered: false };
    expect(second.diff).toEqual({ ...none, changed: ['edited'], removed: ['denied'] });
    expect(second.invalidation).toEqual({ id: ruleEvent });
    expect(second.invalidations).toEqual([
      {
        invalidation: { id: editEvent, cause: 'TOOL_UPDATED' },
        affected: { channel: { key: 'web' }, page: { type: 'HOME' }, diff: { changed: ['edited'], removed: [] } },
        diff: { ...none, changed: ['edited'] },
      },
      {
        invalidation: { id: ruleEvent, cause: 'RULE_CHANGED' },
        affected: { channel: { key: 'web' }, page: { type: 'HOME' }, diff: { changed: [], removed: ['denied'] } },
        diff: { ...none, removed: ['denied'] },
      },
    ]);
    const third = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(third.invalidations).toEqual([]);
  });

  it("reads a turn's events through the events' keys, never by scanning every organisation's events", async () => {
    const w = await world();
    const id = await w.tool('t1');
    const conversation = await webConversation(w);
    const TURN = typed<{ beginTurn: { invalidation: { id: string } | null; invalidations: unknown[] } }>(
      `mutation($c: ID!) { beginTurn(conversationId: $c) { invalidation { id } invalidations { invalidation { id } } } }`,
    );
    await t.ok(w.key, TURN, { c: conversation.id });
    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new words" }) { id } }`, { id });

    const db = t.server.services.db.dataSource;
    const logger = db.logger as { logQuery(query: string, parameters?: unknown[]): void };
    const statements: Array<{ query: string; parameters?: unknown[] }> = [];
    const logQuery = logger.logQuery;
    logger.logQuery = function (query, parameters) {
      statements.push({ query, parameters });
      logQuery.call(this, query, parameters);
    };
    const second = await t.ok(w.key, TURN, { c: conversation.id }).finally(() => (logger.logQuery = logQuery));
    expect(second.beginTurn.invalidation).not.toBeNull();
    expect(second.beginTurn.invalidations).toHaveLength(1);
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
    const conversation = (
      await t.ok<Created<'startConversation'>>(
        w.key,
        `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "api", page: { type: RECORD, contextObject: "account", recordId: "r1" } }) { id } }`,
        { a: w.agent.id },
      )
    ).startConversation;
    const TURN = typed<{ beginTurn: { invalidation: { id: string } | null; invalidations: unknown[] } }>(
      `mutation($c: ID!) { beginTurn(conversationId: $c) { invalidation { id } invalidations { affected { channel { key } page { type contextObject } } } } }`,
    );
    await t.ok(w.key, TURN, { c: conversation.id });
    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "edited" }) { id } }`, { id });
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
    const turn = (await t.ok(w.key, TURN, { c: conversation.id })).beginTurn;
    expect(turn.invalidation).toEqual({ id: before.id });
    expect(turn.invalidations).toEqual([{ affected: { channel: { key: 'api' }, page: { type: 'RECORD', contextObject: 'account' } } }]);
  });
});

describe('events of deleted rows', () => {
  const stored = async (column: 'organization_id' | 'agent_id', id: string): Promise<number> =>
    (await t.server.services.db.dataSource.query(`SELECT count(*)::int AS n FROM toolbox_invalidations WHERE ${column} = $1`, [id]))[0].n;

  it('go with their agent or organisation, and an actor that no longer exists reads as none', async () => {
    const w = await world();
    const kept = (await t.ok<Created<'createAgent'>>(w.key, `mutation { createAgent(input: { name: "kept" }) { id } }`)).createAgent.id;
    const id = await w.tool('lookup');
    await t.ok(w.key, `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "edited" }) { id } }`, { id });
    expect([await stored('agent_id', w.agent.id), await stored('agent_id', kept)]).toEqual([2, 2]);

    await t.ok(w.key, `mutation($id: ID!) { deleteAgent(id: $id) }`, { id: w.agent.id });
    expect([await stored('agent_id', w.agent.id), await stored('agent_id', kept)]).toEqual([0, 2]);
    const listed = await t.ok<{
      toolboxInvalidations: { totalCount: number; edges: Array<{ node: { agent: { id: string }; actor: { id: string } | null } }> };
    }>(w.key, `{ toolboxInvalidations { totalCount edges { node { agent { id } actor { id } } } } }`);
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
    const again = await t.ok<{ toolboxInvalidations: { totalCount: number; edges: Array<{ node: { actor: { id: string } | null } }> } }>(
      w.key,
      `{ toolboxInvalidations { totalCount edges { node { actor { id } } } } }`,
    );
    expect(again.toolboxInvalidations.totalCount).toBe(2);
    expect(again.toolboxInvalidations.edges.map((e) => e.node.actor)).toEqual([null, null]);

    await sql.query(`DELETE FROM organizations WHERE id = $1`, [org]);
    expect(await stored('organization_id', org)).toBe(0);
  });
});
