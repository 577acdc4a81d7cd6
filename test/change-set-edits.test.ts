import {
  AgentLoadoutDocument,
  AgentToolboxesDocument,
  ApplyChangeSetDocument,
  BeginTurnDocument,
  DirectToolboxDocument,
  McpServerToolListsDocument,
  ReportMcpInventoryDocument,
  ToolboxDetailDocument,
  ToolDefinitionDocument,
  ToolDefinitionsDocument,
  UpdateToolDefinitionDocument,
  type PageInput,
  type UpdateMcpServerChange,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * What an editing page needs of a change set: to apply only over the
 * version of the agent's loadout it showed (expectLoadoutVersion), and to
 * change an MCP server's tool lists in the same set as everything else.
 */

let t: TestServer;
let testWorld: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  testWorld = new TestWorld(t);
});
afterAll(() => t.stop());

/** The web toolbox of an agent: what it carries and what it drops. */
const webToolbox = async (key: string, agentId: string) => (await t.ok(key, DirectToolboxDocument, { agentId })).toolbox;
/** The organisation's MCP servers' tool lists. */
const serverLists = async (key: string) =>
  (await t.ok(key, McpServerToolListsDocument)).mcpServers.map(({ enabled, enabledTools, disabledTools }) => ({
    enabled,
    enabledTools,
    disabledTools,
  }));

/** An organisation with channel web, two agents, a tool each agent carries and a reported MCP server with two tools. */
async function world() {
  const {
    adminKey: key,
    agents: [{ id: a }, { id: b }],
    tools: [{ id: tool }],
  } = await testWorld.organization('Test org', {
    tools: [{ name: 'lookup', description: 'looks up', inputSchema: { type: 'object' } }],
    agents: [{ name: 'a' }, { name: 'b' }],
  });
  const [{ id: server }] = await testWorld.mcpServers(key, [{ name: 'gh' }]);
  await t.ok(key, ReportMcpInventoryDocument, {
    serverId: server,
    tools: [
      { name: 'search', description: 'searches', inputSchema: { type: 'object' } },
      { name: 'delete_repo', description: 'deletes', inputSchema: { type: 'object' } },
    ],
  });
  const version = async (id = a) => (await t.ok(key, AgentLoadoutDocument, { id })).agent!.loadoutVersion;
  const description = async () => (await t.ok(key, ToolDefinitionDocument, { id: tool })).toolDefinition!.description;
  const edit = (text: string) => ({ updateTool: { id: tool, patch: { description: text } } });
  return { key, a, b, tool, server, version, description, edit };
}

describe('applyChangeSet(expectLoadoutVersion:)', () => {
  it('applies the set when the agent is still at the version the page showed', async () => {
    const w = await world();
    const shown = await w.version();
    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [w.edit('edited here')],
      expectLoadoutVersion: { agentId: w.a, loadoutVersion: shown },
    });
    expect(result.applyChangeSet.invalidations.find((e) => e.agent.id === w.a)?.loadoutVersion).toBe(shown + 1);
    expect(await w.description()).toBe('edited here');
  });

  it('refuses with CONFLICT, naming the version it moved to, when an edit landed elsewhere since; nothing is written', async () => {
    const w = await world();
    const shown = await w.version();
    await t.ok(w.key, UpdateToolDefinitionDocument, { id: w.tool, input: { description: 'edited elsewhere' } });
    const moved = await w.version();
    expect(moved).toBe(shown + 1);
    const changes = [{ createTool: { name: 'added', description: 'd', inputSchema: { type: 'object' } } }, w.edit('edited here')];
    for (const dryRun of [true, false]) {
      const result = await t.gql(w.key, ApplyChangeSetDocument, {
        changes,
        dryRun,
        expectLoadoutVersion: { agentId: w.a, loadoutVersion: shown },
      });
      expect(codeOf(result)).toBe('CONFLICT');
      expect(result.errors?.[0].extensions?.field).toBe('expectLoadoutVersion.loadoutVersion');
      expect(result.errors?.[0].message).toContain(`moved to version ${moved} since`);
    }
    expect(await w.version()).toBe(moved);
    expect(await w.description()).toBe('edited elsewhere');
    const names = (await t.ok(w.key, ToolDefinitionsDocument)).toolDefinitions;
    expect(names.map((n) => n.name)).not.toContain('added');
  });

  it('previews a set that would apply with dryRun, storing nothing', async () => {
    const w = await world();
    const shown = await w.version();
    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [w.edit('previewed')],
      dryRun: true,
      expectLoadoutVersion: { agentId: w.a, loadoutVersion: shown },
    });
    expect(result.applyChangeSet.invalidations.map((e) => e.cause)).toContain('CHANGE_SET');
    expect(await w.version()).toBe(shown);
    expect(await w.description()).toBe('looks up');
  });

  it("is NOT_FOUND naming expectLoadoutVersion.agentId for another organisation's agent or none, and writes nothing", async () => {
    const w = await world();
    const other = await world();
    for (const agentId of [other.a, '00000000-0000-4000-8000-000000000000']) {
      const result = await t.gql(w.key, ApplyChangeSetDocument, {
        changes: [w.edit('edited here')],
        expectLoadoutVersion: { agentId, loadoutVersion: 1 },
      });
      expect(codeOf(result)).toBe('NOT_FOUND');
      expect(result.errors?.[0].extensions?.field).toBe('expectLoadoutVersion.agentId');
    }
    expect(await w.description()).toBe('looks up');
  });

  it('moves no version by checking: an agent the set does not reach keeps its version', async () => {
    const w = await world();
    const [{ id: own }] = await testWorld.tools(w.key, [
      { name: 'own', description: 'of a', agentId: w.a, inputSchema: { type: 'object' } },
    ]);
    const [a, b] = [await w.version(w.a), await w.version(w.b)];
    await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [{ updateTool: { id: own, patch: { description: 'still of a' } } }],
      expectLoadoutVersion: { agentId: w.b, loadoutVersion: b },
    });
    expect([await w.version(w.a), await w.version(w.b)]).toEqual([a + 1, b]);
  });
});

describe('LoadoutChangeInput.updateMcpServer', () => {
  it("changes the server's tool lists with the other changes: one CHANGE_SET event per agent", async () => {
    const w = await world();
    const before = await w.version();
    const result = await t.ok(w.key, ApplyChangeSetDocument, {
      changes: [{ updateMcpServer: { id: w.server, patch: { disabledTools: ['delete_repo'] } } }, w.edit('edited with the server')],
    });
    const events = result.applyChangeSet.invalidations;
    expect(events.map((e) => e.agent.id).sort()).toEqual([w.a, w.b].sort());
    expect(events.every((e) => e.cause === 'CHANGE_SET' && e.loadoutVersion === before + 1)).toBe(true);
    expect(await serverLists(w.key)).toEqual([{ enabled: true, enabledTools: [], disabledTools: ['delete_repo'] }]);
    const box = await webToolbox(w.key, w.a);
    expect(box.tools.map((x) => x.name)).toEqual(expect.arrayContaining(['lookup', 'mcp__gh__search']));
    expect(box.dropped).toContainEqual({ name: 'mcp__gh__delete_repo', reason: 'MCP_FILTERED' });
  });

  it('disables a server: its tools drop as OWNER_DISABLED', async () => {
    const w = await world();
    await t.ok(w.key, ApplyChangeSetDocument, { changes: [{ updateMcpServer: { id: w.server, patch: { enabled: false } } }] });
    const box = await webToolbox(w.key, w.a);
    expect(box.dropped.filter((d) => d.reason === 'OWNER_DISABLED').map((d) => d.name)).toEqual(
      expect.arrayContaining(['mcp__gh__search', 'mcp__gh__delete_repo']),
    );
  });

  it('refuses a bad tool name or an unknown server naming the change, and writes nothing of the set', async () => {
    const w = await world();
    const before = await w.version();
    const cases: Array<[UpdateMcpServerChange, string, string]> = [
      [
        { id: w.server, patch: { enabledTools: ['fine', 'x'.repeat(129)] } },
        'BAD_USER_INPUT',
        'changes[1].updateMcpServer.patch.enabledTools',
      ],
      [{ id: w.server, patch: { disabledTools: ['a\tb'] } }, 'BAD_USER_INPUT', 'changes[1].updateMcpServer.patch.disabledTools'],
      [{ id: '00000000-0000-4000-8000-000000000000', patch: { enabled: false } }, 'NOT_FOUND', 'changes[1].updateMcpServer.id'],
    ];
    for (const [member, code, field] of cases) {
      const result = await t.gql(w.key, ApplyChangeSetDocument, { changes: [w.edit('edited here'), { updateMcpServer: member }] });
      expect([codeOf(result), result.errors?.[0].extensions?.field]).toEqual([code, field]);
    }
    expect(await w.version()).toBe(before);
    expect(await w.description()).toBe('looks up');
    expect(await serverLists(w.key)).toEqual([{ enabled: true, enabledTools: [], disabledTools: [] }]);
  });

  it("takes no address: a server's url stays with updateMcpServer", async () => {
    const w = await world();
    // A field the patch's input type lacks: sent as text, as a client that does not check it would.
    const result = await t.gql(w.key, ApplyChangeSetDocument.toString(), {
      changes: [{ updateMcpServer: { id: w.server, patch: { url: 'https://mcp.example.com/' } } }],
    });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
  });

  it('an empty patch changes nothing and moves no version', async () => {
    const w = await world();
    const before = await w.version();
    const result = await t.ok(w.key, ApplyChangeSetDocument, { changes: [{ updateMcpServer: { id: w.server, patch: {} } }] });
    expect(result.applyChangeSet.invalidations).toEqual([]);
    expect(await w.version()).toBe(before);
  });
});

describe('Toolbox.lastTurn', () => {
  /** Channels web and api, context objects account and order, agents a and b, and a turn-taker. */
  async function situations() {
    const w = await world();
    await testWorld.channels(w.key, [{ key: 'api', name: 'API' }]);
    await testWorld.contextObjects(w.key, [
      { key: 'account', name: 'Account' },
      { key: 'order', name: 'Order' },
    ]);
    const start = (agentId: string, channel: string, page?: PageInput) => testWorld.startConversation(w.key, { agentId, channel, page });
    const turn = async (conversationId: string) => (await t.ok(w.key, BeginTurnDocument, { conversationId })).beginTurn.id;
    const box = async (agentId: string, channel: string, page?: PageInput) =>
      (await t.ok(w.key, ToolboxDetailDocument, { agentId, channel, page })).toolbox;
    return { ...w, start, turn, box };
  }
  const account = (recordId: string): PageInput => ({ type: 'RECORD', contextObject: 'account', recordId });

  it("is the agent's latest turn on the same channel, page type and context object, whatever the record", async () => {
    const s = await situations();
    const first = await s.start(s.a, 'web', account('r1'));
    await s.turn(first);
    const second = await s.start(s.a, 'web', account('r2'));
    await s.turn(second);
    await s.turn(second);
    // The conversation started first holds the latest turn.
    const latest = await s.turn(first);
    await s.turn(await s.start(s.a, 'web', { type: 'RECORD', contextObject: 'order' }));
    await s.turn(await s.start(s.a, 'web', { type: 'RECORD' }));
    await s.turn(await s.start(s.a, 'api', account('r1')));
    const ofB = await s.turn(await s.start(s.b, 'web', account('r1')));

    const box = await s.box(s.a, 'web', account('never-seen'));
    expect(box.lastTurn?.id).toBe(latest);
    expect(box.lastTurn?.toolbox.fingerprint).toBe(box.fingerprint);
    expect((await s.box(s.b, 'web', { type: 'RECORD', contextObject: 'account' })).lastTurn?.id).toBe(ofB);
    // Nothing yet on the home or list page, nor on a record page of the api channel without a context object.
    expect((await s.box(s.a, 'web')).lastTurn).toBeNull();
    expect((await s.box(s.a, 'web', { type: 'LIST' })).lastTurn).toBeNull();
    expect((await s.box(s.a, 'api', { type: 'RECORD' })).lastTurn).toBeNull();
  });

  it('shows a page that the toolbox moved on since the last turn: the fingerprints differ after an edit', async () => {
    const s = await situations();
    await s.turn(await s.start(s.a, 'web'));
    await t.ok(s.key, ApplyChangeSetDocument, { changes: [s.edit('a new description')] });
    const box = await s.box(s.a, 'web');
    expect(box.lastTurn).not.toBeNull();
    expect(box.lastTurn!.toolbox.fingerprint).not.toBe(box.fingerprint);
  });

  it("answers every agent's in one request through Agent.toolbox", async () => {
    const s = await situations();
    const ofA = await s.turn(await s.start(s.a, 'web', account('r1')));
    const ofB = await s.turn(await s.start(s.b, 'web', { type: 'RECORD', contextObject: 'account' }));
    await s.turn(await s.start(s.b, 'web'));
    const { agents } = await t.ok(s.key, AgentToolboxesDocument, { page: { type: 'RECORD', contextObject: 'account' } });
    expect(Object.fromEntries(agents.map((a) => [a.id, a.toolbox.lastTurn?.id]))).toEqual({ [s.a]: ofA, [s.b]: ofB });
  });
});
