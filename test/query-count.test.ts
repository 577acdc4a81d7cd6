import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { projectRoot } from '../src/common/project-root';
import type {
  DebuggerAgentsQuery,
  DebuggerConversationQuery,
  DebuggerConversationsQuery,
  DebuggerShadowWinnerQuery,
} from '../src/pages/debugger/web/generated/graphql';
import {
  ApplyChangeSetDocument,
  BeginTurnDocument,
  CompleteTurnDocument,
  RecordToolCallsDocument,
  SetModelPriceDocument,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/** A document's variables for a world of `rows` rows, and what a person would check of its result. */
interface Run<W> {
  variables: (w: W, rows: number) => Record<string, unknown>;
  check: (data: unknown, rows: number) => void;
}
/** A check that reads the result as `T`: what the document selects. */
const checked =
  <T>(check: (data: T, rows: number) => void): ((data: unknown, rows: number) => void) =>
  (data, rows) =>
    check(data as T, rows);
const run = <T, W>(variables: Run<W>['variables'], check: (data: T, rows: number) => void): Run<W> => ({
  variables,
  check: checked(check),
});

/** The price every turn of these worlds is costed at. */
const GPT_4O_PRICE = { model: 'openai/gpt-4o', inputUsdPerMTok: 2.5, cachedInputUsdPerMTok: 1.25, outputUsdPerMTok: 10 };

let t: TestServer;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
});
afterAll(() => t.stop());

const LIST = `query { toolDefinitions {
  name channels { key } contextObjects { key } project { name } agent { name } miniApp { name } mcpServer { name } schemaTokens
} }`;

async function orgWithTools(count: number): Promise<string> {
  const { adminKey } = await world.organization(`org with ${count} tools`, { contextObjects: [{ key: 'Case', name: 'Case' }] });
  const [{ id: projectId }] = await world.projects(adminKey, [{ name: 'p' }]);
  const [{ id: miniAppId }] = await world.miniApps(adminKey, [{ name: 'app' }]);
  const [agent] = await world.agents(adminKey, [{ name: 'a', projectId }]);
  await world.tools(
    adminKey,
    Array.from({ length: count }, (_, i) => ({
      name: `tool_${i}`,
      description: 'd',
      inputSchema: { type: 'object' },
      channels: ['web'],
      contextObjects: ['Case'],
      projectId,
      agentId: i % 2 ? agent.id : null,
      miniAppId: i % 3 ? null : miniAppId,
    })),
  );
  return adminKey;
}

async function queriesFor(key: string): Promise<number> {
  const before = t.server.services.db.queryCount();
  const data = await t.ok<{ toolDefinitions: Array<{ channels: Array<{ key: string }> }> }>(key, LIST);
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

async function conversationWithTurns(count: number): Promise<{ key: string; id: string }> {
  const {
    adminKey,
    agents: [agent],
  } = await world.organization(`org with ${count} turns`, { agents: [{ name: 'a', model: 'openai/gpt-4o' }] });
  await t.ok(adminKey, SetModelPriceDocument, { input: GPT_4O_PRICE });
  const conversation = { id: await world.startConversation(adminKey, { agentId: agent.id }) };
  for (let i = 0; i < count; i++) {
    // A new tool every other turn: changed turns with a cause, unchanged ones without.
    if (i % 2 === 1) await world.tools(adminKey, [{ name: `t${i}`, description: 'd', inputSchema: { type: 'object' } }]);
    const turn = (await t.ok(adminKey, BeginTurnDocument, { conversationId: conversation.id })).beginTurn;
    await t.ok(adminKey, CompleteTurnDocument, { turnId: turn.id, usage: { inputTokens: 100, outputTokens: 5 } });
  }
  return { key: adminKey, id: conversation.id };
}

interface TurnsData {
  conversation: { turns: { edges: Array<{ node: { diff: unknown; invalidation: unknown } }> } };
}
const TURNS = `query($id: ID!) { conversation(id: $id) { turns(first: 50) { edges { node {
  index diff { added } cost { amountUsd } toolboxChanged invalidation { cause } toolbox { toolCount }
} } } } }`;

it('lists turns with their diffs, costs and causes in a number of queries that does not grow with the turns', async () => {
  const count = async (c: { key: string; id: string }) => {
    // Snapshots never change and are memoised after their first read; measure the steady state.
    await t.ok(c.key, TURNS, { id: c.id });
    const before = t.server.services.db.queryCount();
    const data = await t.ok<TurnsData>(c.key, TURNS, { id: c.id });
    const turns = data.conversation.turns.edges.map((e) => e.node);
    expect(turns[1].diff).toEqual({ added: ['t1'] });
    expect(turns[1].invalidation).toEqual({ cause: 'TOOL_CREATED' });
    expect(turns[2].invalidation).toBeNull();
    return t.server.services.db.queryCount() - before;
  };
  const few = await count(await conversationWithTurns(4));
  const many = await count(await conversationWithTurns(16));
  expect(many).toBeLessThanOrEqual(few + 2);
  expect(many).toBeLessThanOrEqual(12);
});

/** An organisation with one agent, one conversation and `tools` tools the agent carries on "web". */
async function agentWithTools(tools: number) {
  const {
    adminKey,
    agents: [agent],
  } = await world.organization(`hot path with ${tools} tools`, { agents: [{ name: 'a', maxTools: 100 }] });
  await t.ok(adminKey, ApplyChangeSetDocument, {
    changes: Array.from({ length: tools }, (_, i) => ({
      createTool: { name: `tool_${i}`, description: `tool ${i}`, inputSchema: { type: 'object' }, sortOrder: i },
    })),
  });
  const conversationId = await world.startConversation(adminKey, { agentId: agent.id });
  return { key: adminKey, agentId: agent.id, conversationId };
}

/**
 * `measure` over fresh agents, taken again (three times at most) when the
 * instance stopped hearing notifications meanwhile: while its heartbeat is
 * late it serves nothing cached, so a read loads afresh, a statement these
 * counts are not about. A machine running other work stalls it now and then.
 */
async function whileHeard<T>(measure: () => Promise<T>): Promise<T> {
  const { invalidationBus, stats } = t.server.services;
  const missed = () => stats.listenerLate + stats.listenerReconnects;
  for (let attempt = 1; ; attempt++) {
    const before = missed();
    const heardBefore = invalidationBus.live;
    const value = await measure();
    if ((heardBefore && invalidationBus.live && missed() === before) || attempt === 3) return value;
  }
}

async function statements(run: () => Promise<unknown>): Promise<number> {
  const before = t.server.services.db.queryCount();
  await run();
  return t.server.services.db.queryCount() - before;
}

describe('hot paths cost a fixed number of statements, whatever the number of tools', () => {
  const BEGIN = `mutation($c: ID!) { beginTurn(conversationId: $c) { index } }`;

  it('a warm toolbox request reads nothing from the database', async () => {
    for (const tools of [3, 60]) {
      const warm = await whileHeard(async () => {
        const w = await agentWithTools(tools);
        expect((await world.toolbox(w.key, { agentId: w.agentId })).toolCount).toBe(tools);
        return statements(() => world.toolbox(w.key, { agentId: w.agentId }));
      });
      expect(warm).toBe(0);
    }
  });

  it('beginTurn is one statement once the conversation and its toolbox are known; the first, storing the snapshot, as many whatever the tools', async () => {
    const counts: number[] = [];
    for (const tools of [3, 60]) {
      const pair = await whileHeard(async () => {
        const w = await agentWithTools(tools);
        // The first turn finds no stored snapshot and takes the long way, storing it; the steady state reuses it.
        const first = await statements(() => t.ok(w.key, BEGIN, { c: w.conversationId }));
        return [first, await statements(() => t.ok(w.key, BEGIN, { c: w.conversationId }))];
      });
      counts.push(...pair);
    }
    const [first3, then3, first60, then60] = counts;
    expect([then3, then60]).toEqual([1, 1]);
    expect(first60).toBe(first3);
  });

  it('a debugger page of 50 turns costs the same with 3 tools as with 60', async () => {
    const PAGE = `query($id: ID!) { conversation(id: $id) { turns(first: 50) { edges { node {
      index diff { added removed changed } cost { amountUsd } invalidation { cause } toolbox { fingerprint toolCount tools { name } dropped { reason } }
    } } } } }`;
    const counts: number[] = [];
    for (const tools of [3, 60]) {
      const w = await agentWithTools(tools);
      for (let i = 0; i < 50; i++) await t.ok(w.key, BEGIN, { c: w.conversationId });
      await t.ok(w.key, PAGE, { id: w.conversationId });
      counts.push(await whileHeard(() => statements(() => t.ok(w.key, PAGE, { id: w.conversationId }))));
    }
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThanOrEqual(12);
  });
});

/**
 * The debugger page's own operations, read from the file it sends them from,
 * each alone with the fragments it spreads.
 */
function debuggerOperations(): Array<{ name: string; document: string }> {
  const parsed = parse(fs.readFileSync(path.join(projectRoot(), 'src/pages/debugger/web/operations.graphql'), 'utf8'));
  const fragments = parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  return parsed.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const used = new Set<string>();
      const spreadsOf = (node: DefinitionNode) =>
        visit(node, {
          FragmentSpread(spread) {
            if (used.has(spread.name.value)) return;
            used.add(spread.name.value);
            spreadsOf(fragments.find((f) => f.name.value === spread.name.value)!);
          },
        });
      spreadsOf(operation);
      const definitions = [operation, ...fragments.filter((f) => used.has(f.name.value))];
      return { name: operation.name!.value, document: print({ kind: Kind.DOCUMENT, definitions }) };
    });
}

/**
 * `rows` of everything the debugger lists: agents, rules on the agent and on
 * its project, conversations of the agent (one turn each), and its first
 * conversation of `rows` completed turns, each after a new tool (so each but
 * the first has an invalidation with an actor, a diff and a cost).
 */
async function debuggerWorld(rows: number) {
  const { adminKey: key } = await world.organization(`debugger world of ${rows}`);
  const [{ id: projectId }] = await world.projects(key, [{ name: 'p' }]);
  await t.ok(key, SetModelPriceDocument, { input: GPT_4O_PRICE });
  const [{ id: agentId }] = await world.agents(
    key,
    Array.from({ length: rows }, () => ({ name: 'agent', model: 'openai/gpt-4o', maxTools: 100, projectId })),
  );
  await t.ok(key, ApplyChangeSetDocument, {
    changes: Array.from({ length: rows }, (_, i) => [
      { setToolRule: { agentId, toolName: `denied_${i}`, effect: 'DENY' as const } },
      { setToolRule: { projectId, toolName: `held_${i}`, effect: 'DENY' as const } },
    ]).flat(),
  });
  // Its first conversation alone, so it is the oldest the list shows.
  const conversationId = await world.startConversation(key, { agentId });
  const others = await world.conversations(
    key,
    Array.from({ length: rows - 1 }, () => ({ agentId, channel: 'web' })),
  );
  for (const other of others) await t.ok(key, BeginTurnDocument, { conversationId: other.id });
  const toolIds: string[] = [];
  for (let i = 0; i < rows; i++) {
    // The first is the agent's own: it has an agent and a project to read.
    const [created] = await world.tools(key, [
      { name: `tool_${i}`, description: 'd', inputSchema: { type: 'object' }, agentId: i === 0 ? agentId : null },
    ]);
    toolIds.push(created.id);
    const turn = (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn;
    await t.ok(key, CompleteTurnDocument, { turnId: turn.id, usage: { inputTokens: 100, outputTokens: 5 } });
  }
  return { key, agentId, conversationId, toolId: toolIds[0] };
}

describe("the debugger page's operations cost the same number of statements over 5 rows as over 50", () => {
  type World = Awaited<ReturnType<typeof debuggerWorld>>;
  /** Per operation: its variables, and what its answer must show (so a count never passes over an empty answer). */
  const runs: Record<string, Run<World>> = {
    DebuggerAgents: run<DebuggerAgentsQuery, World>(
      () => ({}),
      (data, rows) => expect(data.agents).toHaveLength(rows),
    ),
    DebuggerConversations: run<DebuggerConversationsQuery, World>(
      (w, rows) => ({ agentId: w.agentId, first: rows }),
      (data, rows) => {
        expect(data.conversations.edges).toHaveLength(rows);
        expect(data.conversations.edges.at(-1)!.node).toMatchObject({ turnCount: rows, channel: { key: 'web' } });
      },
    ),
    DebuggerShadowWinner: run<DebuggerShadowWinnerQuery, World>(
      (w) => ({ id: w.toolId }),
      (data) => expect(data.toolDefinition!.agent).toEqual({ id: expect.any(String) }),
    ),
    DebuggerConversation: run<DebuggerConversationQuery, World>(
      (w) => ({ id: w.conversationId }),
      (data, rows) => {
        const { agent, turns } = data.conversation!;
        expect(agent.permissionRules).toHaveLength(rows);
        expect(agent.project!.permissionRules).toHaveLength(rows);
        expect(turns.edges).toHaveLength(rows);
        const last = turns.edges.at(-1)!.node;
        expect(last.diff!.added).toEqual([`tool_${rows - 1}`]);
        expect(last.invalidation!.actor!.role).toBe('ADMIN');
        expect(last.invalidations).toHaveLength(1);
        expect(last.cost!.amountUsd).toBeGreaterThan(0);
      },
    ),
  };

  const operations = debuggerOperations();
  let worlds: Map<number, World>;
  beforeAll(async () => {
    worlds = new Map([
      [5, await debuggerWorld(5)],
      [50, await debuggerWorld(50)],
    ]);
  }, 180_000);

  it('has a world for every operation', () => {
    expect(operations.map((o) => o.name).sort()).toEqual(Object.keys(runs).sort());
  });

  it.each(operations.map((o) => [o.name, o.document]))('%s', async (name, document) => {
    const counts: number[] = [];
    for (const [rows, world] of worlds) {
      const run = runs[name];
      let data: unknown;
      counts.push(
        await statements(async () => {
          data = await t.ok(world.key, document, run.variables(world, rows));
        }),
      );
      run.check(data, rows);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});

/** Runs `make(i)` for i below `count` as aliased root mutations, as many to a request as the server accepts. */
async function mutateMany(key: string, count: number, make: (i: number) => string): Promise<Array<{ id: string }>> {
  const created: Array<{ id: string }> = [];
  for (let from = 0; from < count; from += 5) {
    const indexes = Array.from({ length: Math.min(5, count - from) }, (_, k) => from + k);
    const data = await t.ok<Record<string, { id: string }>>(
      key,
      `mutation { ${indexes.map((i) => `m${i}: ${make(i)} { id }`).join(' ')} }`,
    );
    created.push(...indexes.map((i) => data[`m${i}`]));
  }
  return created;
}

/**
 * `rows` projects, each with an agent, a rule on each, a mini app with a tool
 * and an MCP server with a tool; `rows` tools called in the first project; a
 * chain of `rows` conversations of the first agent, each the parent of the
 * next, with a turn each.
 */
async function relationsWorld(rows: number) {
  const { adminKey: key } = await world.organization(`relations world of ${rows}`);
  const indexes = Array.from({ length: rows }, (_, i) => i);
  const projects = await world.projects(
    key,
    indexes.map((i) => ({ name: `p${i}` })),
  );
  const agents = await world.agents(
    key,
    indexes.map((i) => ({ name: `a${i}`, projectId: projects[i].id })),
  );
  const apps = await world.miniApps(
    key,
    indexes.map((i) => ({ name: `app${i}`, projectId: projects[i].id })),
  );
  const servers = await world.mcpServers(
    key,
    indexes.map((i) => ({ name: `mcp_${i}`, projectId: projects[i].id })),
  );
  await mutateMany(
    key,
    rows,
    (i) => `reportMcpInventory(serverId: "${servers[i].id}", advertisesResources: false,
      tools: [{ name: "mcp_tool_${i}", description: "d", inputSchema: { type: "object" } }])`,
  );
  await t.ok(key, ApplyChangeSetDocument, {
    changes: Array.from({ length: rows }, (_, i) => [
      {
        createTool: {
          name: `app_tool_${i}`,
          description: 'd',
          inputSchema: { type: 'object' },
          projectId: projects[i].id,
          miniAppId: apps[i].id,
        },
      },
      { setToolRule: { agentId: agents[i].id, toolName: `app_tool_${i}`, effect: 'ALLOW' as const } },
      { setToolRule: { projectId: projects[i].id, toolName: `denied_${i}`, effect: 'DENY' as const } },
    ]).flat(),
  });
  await t.ok(key, RecordToolCallsDocument, {
    calls: Array.from({ length: rows }, (_, i) => ({ projectId: projects[0].id, toolName: `called_${i}`, isError: false })),
  });
  let parent: string | null = null;
  for (let i = 0; i < rows; i++) {
    const started: string = await world.startConversation(key, { agentId: agents[0].id, parentConversationId: parent });
    await t.ok(key, BeginTurnDocument, { conversationId: started });
    parent = started;
  }
  return { key, agentId: agents[0].id, projectId: projects[0].id };
}

describe('every other list field costs the same number of statements over 5 rows as over 50', () => {
  type World = Awaited<ReturnType<typeof relationsWorld>>;
  const documents: Array<{ name: string; document: string } & Partial<Pick<Run<World>, 'variables'>> & Pick<Run<World>, 'check'>> = [
    {
      name: 'agents with their rules, toolbox and invalidations',
      document: `{ agents { project { id } exclusions toolbox(channel: "web") { toolCount }
        permissionRules { matchingToolCount agent { id } project { id } }
        invalidations(first: 2) { totalCount edges { node { agent { id } actor { organization { name } } affected { channel { key } } } } } } }`,
      check: checked<{
        agents: Array<{
          permissionRules: Array<{ matchingToolCount: number }>;
          invalidations: { edges: Array<{ node: { actor: { organization: { name: string } } } }> };
          toolbox: { toolCount: number };
        }>;
      }>((data, rows) => {
        expect(data.agents).toHaveLength(rows);
        expect(data.agents.at(-1)!.permissionRules).toEqual([expect.objectContaining({ matchingToolCount: 1 })]);
        expect(data.agents.at(-1)!.invalidations.edges[0].node.actor.organization.name).toBe(`relations world of ${rows}`);
        expect(data.agents.at(-1)!.toolbox.toolCount).toBe(2);
      }),
    },
    {
      name: 'projects, mini apps and MCP servers with their agents, rules and tools',
      document: `{ projects { agents { id } permissionRules { id } }
        miniApps { project { id } tools { shadows { id } shadowedBy { id } } }
        mcpServers { project { id } tools { id } } }`,
      check: checked<{
        projects: Array<{ agents: unknown[]; permissionRules: unknown[] }>;
        miniApps: Array<{ tools: unknown[] }>;
        mcpServers: Array<{ tools: unknown[] }>;
      }>((data, rows) => {
        expect(data.projects.map((p) => [p.agents.length, p.permissionRules.length])).toEqual(Array(rows).fill([1, 1]));
        expect(data.miniApps.map((a) => a.tools.length)).toEqual(Array(rows).fill(1));
        expect(data.mcpServers.map((s) => s.tools.length)).toEqual(Array(rows).fill(1));
      }),
    },
    {
      name: 'conversations with their parents, projects and turns',
      document: `query($a: ID!, $n: Int) { conversations(agentId: $a, first: $n) { edges { node {
        parent { id } owningProject { id } agent { id } turns(first: 2) { totalCount edges { node { conversation { id } } } } } } } }`,
      variables: (w, rows) => ({ a: w.agentId, n: rows }),
      check: checked<{
        conversations: {
          edges: Array<{
            node: { parent: unknown; turns: { totalCount: number; edges: Array<{ node: { conversation: { id: string } } }> } };
          }>;
        };
      }>((data, rows) => {
        const nodes = data.conversations.edges.map((e) => e.node);
        expect(nodes).toHaveLength(rows);
        expect(nodes[0].parent).toEqual({ id: nodes[1].turns.edges[0].node.conversation.id });
        expect(nodes.map((n) => n.turns.totalCount)).toEqual(Array(rows).fill(1));
      }),
    },
    {
      name: 'invalidations with their agents and actors',
      document: `query($n: Int) { toolboxInvalidations(first: $n) { edges { node { agent { id } actor { name } } } } }`,
      variables: (_w, rows) => ({ n: rows }),
      check: checked<{ toolboxInvalidations: { edges: unknown[] } }>((data, rows) =>
        expect(data.toolboxInvalidations.edges).toHaveLength(rows),
      ),
    },
    {
      name: 'agents and tool definitions a page at a time, with their relations',
      document: `query($n: Int) { agentsPage(first: $n) { totalCount edges { node { project { id } exclusions permissionRules { id } } } }
        toolDefinitionsPage(first: $n) { totalCount edges { node { project { id } miniApp { id } mcpServer { id } channels { key } } } } }`,
      variables: (_w, rows) => ({ n: rows }),
      check: checked<{ agentsPage: { edges: unknown[] }; toolDefinitionsPage: { edges: unknown[] } }>((data, rows) => {
        expect(data.agentsPage.edges).toHaveLength(rows);
        expect(data.toolDefinitionsPage.edges).toHaveLength(rows);
      }),
    },
    {
      name: 'tool usage with its projects',
      document: `query($p: ID) { toolUsage(projectId: $p) { toolName project { id } } }`,
      variables: (w) => ({ p: w.projectId }),
      check: checked<{ toolUsage: Array<{ project: { id: string } | null }> }>((data, rows) =>
        expect(data.toolUsage.filter((u) => u.project?.id).length).toBeGreaterThanOrEqual(rows),
      ),
    },
  ];

  let worlds: Map<number, World>;
  beforeAll(async () => {
    worlds = new Map([
      [5, await relationsWorld(5)],
      [50, await relationsWorld(50)],
    ]);
  }, 180_000);

  it.each(documents.map((d) => [d.name, d]))('%s', async (_name, { document, variables, check }) => {
    const counts: number[] = [];
    for (const [rows, world] of worlds) {
      let data: unknown;
      counts.push(
        await statements(async () => {
          data = await t.ok(world.key, document, variables?.(world, rows));
        }),
      );
      check(data, rows);
    }
    expect(counts[1]).toBe(counts[0]);
  });
});
