import {
  BeginTurnDocument,
  CallerIdentityDocument,
  CompleteTurnDocument,
  ConversationTurnsPageDocument,
  DeleteToolDefinitionDocument,
  ModelPricesDocument,
  SetModelPriceDocument,
  TurnRecordDocument,
  UpdateToolDefinitionDocument,
  WorldConversationDocument,
  type CreateAgentInput,
  type PageInput,
  type StartConversationInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let admin: string;
let runtime: string;
let viewer: string;

/** The model of the agents whose turns are priced. */
const MODEL = 'openai/gpt-4o';

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  admin = (await world.organization('Conversations org', { contextObjects: [{ key: 'account', name: 'Account' }] })).adminKey;
  [{ apiKey: runtime }, { apiKey: viewer }] = await world.keys(admin, [
    { name: 'runtime', role: 'RUNTIME' },
    { name: 'viewer', role: 'VIEWER' },
  ]);
});
afterAll(() => t.stop());

const createAgent = async (key: string, name: string, settings: Omit<CreateAgentInput, 'name'> = {}) =>
  (await world.agents(key, [{ name, ...settings }]))[0];

const createTool = async (key: string, name: string, agentId: string, description = 'd') =>
  (await world.tools(key, [{ name, description, inputSchema: { type: 'object' }, agentId }]))[0].id;

const start = async (key: string, input: StartConversationInput) =>
  (await t.ok(key, WorldConversationDocument, { input })).startConversation;

const begin = async (key: string, conversationId: string) => (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn;

const turn = async (key: string, id: string) => (await t.ok(key, TurnRecordDocument, { id })).turn!;

const countRows = async (table: string, where = 'true', params: unknown[] = []): Promise<number> => {
  const rows = await t.server.services.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params);
  return rows[0].n;
};

describe('turns and the debugger', () => {
  it('diffs a tool change between turns 1 and 2 and shows turn 3 unchanged', async () => {
    const agent = await createAgent(admin, 'diff-agent');
    await createTool(admin, 'alpha', agent.id);
    const betaId = await createTool(admin, 'beta', agent.id, 'first words');
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    expect(conversation.page).toEqual({ type: 'HOME', contextObject: null });

    const t1 = await begin(runtime, conversation.id);
    await t.ok(admin, UpdateToolDefinitionDocument, { id: betaId, input: { description: 'second words' } });
    const t2 = await begin(runtime, conversation.id);
    const t3 = await begin(runtime, conversation.id);
    expect([t1.index, t2.index, t3.index]).toEqual([1, 2, 3]);

    const [one, two, three] = [await turn(viewer, t1.id), await turn(viewer, t2.id), await turn(viewer, t3.id)];
    expect(one.diff).toBeNull();
    expect(one.toolboxChanged).toBe(false);
    expect(two.toolboxChanged).toBe(true);
    expect(two.diff).toEqual({ added: [], removed: [], changed: ['beta'], reordered: false });
    expect(three.toolboxChanged).toBe(false);
    expect(three.diff).toEqual({ added: [], removed: [], changed: [], reordered: false });
    expect(three.toolbox.fingerprint).toBe(two.toolbox.fingerprint);
    expect(one.toolbox.fingerprint).not.toBe(two.toolbox.fingerprint);
    expect(one.conversation.id).toBe(conversation.id);
  });

  it('keeps old snapshots frozen after an edit and after a delete', async () => {
    const agent = await createAgent(admin, 'frozen-agent');
    const toolId = await createTool(admin, 'frozen_tool', agent.id, 'as first seen');
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    const first = await begin(runtime, conversation.id);
    const before = await turn(viewer, first.id);

    await t.ok(admin, UpdateToolDefinitionDocument, { id: toolId, input: { description: 'edited later' } });
    const afterEdit = await turn(viewer, first.id);
    expect(afterEdit.toolbox.tools[0].description).toBe('as first seen');
    expect(afterEdit.toolbox.tools[0].contentHash).toBe(before.toolbox.tools[0].contentHash);
    expect(afterEdit.toolbox.tools[0].toolDefinition).toEqual({ id: toolId, description: 'edited later' });

    await t.ok(admin, DeleteToolDefinitionDocument, { id: toolId });
    const afterDelete = await turn(viewer, first.id);
    expect(afterDelete.toolbox.tools).toEqual([{ ...before.toolbox.tools[0], toolDefinition: null }]);
    expect(afterDelete.toolbox.fingerprint).toBe(before.toolbox.fingerprint);

    const later = await turn(viewer, (await begin(runtime, conversation.id)).id);
    expect(later.toolbox.toolCount).toBe(0);
    expect(later.diff).toEqual({ added: [], removed: ['frozen_tool'], changed: [], reordered: false });
  });

  it('stores one snapshot for many turns of a stable agent', async () => {
    const agent = await createAgent(admin, 'stable-agent');
    await createTool(admin, 'stable_one', agent.id);
    await createTool(admin, 'stable_two', agent.id);
    const a = await start(runtime, { agentId: agent.id, channel: 'web' });
    const b = await start(runtime, { agentId: agent.id, channel: 'web', userId: 'someone-else' });
    const fingerprints = new Set<string>();
    for (let i = 0; i < 6; i++) fingerprints.add((await begin(runtime, i % 2 ? a.id : b.id)).toolbox.fingerprint);
    expect(fingerprints.size).toBe(1);
    const [fingerprint] = [...fingerprints];
    expect(await countRows('toolbox_snapshots', 'fingerprint = $1', [fingerprint])).toBe(1);
    expect(await countRows('turns t JOIN toolbox_snapshots s ON s.id = t.snapshot_id', 's.fingerprint = $1', [fingerprint])).toBe(6);
    expect(
      await countRows('snapshot_tools st JOIN toolbox_snapshots s ON s.id = st.snapshot_id', 's.fingerprint = $1', [fingerprint]),
    ).toBe(2);
  });

  it('gives concurrent turns of one conversation distinct indexes', async () => {
    const agent = await createAgent(admin, 'busy-agent');
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    const turns = await Promise.all(Array.from({ length: 5 }, () => begin(runtime, conversation.id)));
    expect(turns.map((x) => x.index).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('usage and cost', () => {
  let turnId: string;
  let conversationId: string;

  beforeAll(async () => {
    const agent = await createAgent(admin, 'costed-agent', { model: MODEL });
    await createTool(admin, 'priced_tool', agent.id);
    conversationId = (await start(runtime, { agentId: agent.id, channel: 'web' })).id;
    turnId = (await begin(runtime, conversationId)).id;
  });

  it.each([
    [{ inputTokens: -1, outputTokens: 0 }, 'usage.inputTokens'],
    [{ inputTokens: 10, outputTokens: -5 }, 'usage.outputTokens'],
    [{ inputTokens: 10, cachedInputTokens: 11, outputTokens: 0 }, 'usage.cachedInputTokens'],
    [{ inputTokens: 10, cachedInputTokens: 6, cacheWriteTokens: 5, outputTokens: 0 }, 'usage.cacheWriteTokens'],
    [{ inputTokens: 10, outputTokens: 0, providerCacheMissReason: 'x'.repeat(201) }, 'usage.providerCacheMissReason'],
  ])('refuses %j naming %s and stores nothing', async (usage, field) => {
    const result = await t.gql(runtime, CompleteTurnDocument, { turnId, usage });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe(field);
    const after = await turn(viewer, turnId);
    expect(after.usage).toBeNull();
    expect(after.completedAt).toBeNull();
  });

  it('has no cost before completion, then null amounts without a price', async () => {
    expect((await turn(viewer, turnId)).cost).toBeNull();
    const done = (
      await t.ok(runtime, CompleteTurnDocument, {
        turnId,
        usage: {
          inputTokens: 1000,
          cachedInputTokens: 600,
          cacheWriteTokens: 200,
          outputTokens: 500,
          providerCacheMissReason: 'tools changed',
        },
      })
    ).completeTurn;
    expect(done.usage).toEqual({
      inputTokens: 1000,
      cachedInputTokens: 600,
      cacheWriteTokens: 200,
      cacheWrite1hTokens: 0,
      outputTokens: 500,
      serverToolUse: null,
    });
    expect(done.providerCacheMissReason).toBe('tools changed');
    const read = await turn(viewer, turnId);
    expect(read.cost!.amountUsd).toBeNull();
    expect(read.cost!.credits).toBeNull();
    expect(read.cost!.toolDefinitionShare).toBeCloseTo(read.toolbox.schemaTokens / 1000, 10);
    expect(read.toolbox.schemaTokens).toBeGreaterThan(0);
  });

  it('refuses completing a turn twice', async () => {
    const result = await t.gql(runtime, CompleteTurnDocument, { turnId, usage: { inputTokens: 1, outputTokens: 1 } });
    expect(codeOf(result)).toBe('CONFLICT');
    expect((await turn(viewer, turnId)).usage!.inputTokens).toBe(1000);
  });

  it('prices a turn completed without a price by the first one set, with cache-write defaulting to the input rate', async () => {
    expect(
      codeOf(
        await t.gql(runtime, SetModelPriceDocument, {
          input: { model: MODEL, inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15 },
        }),
      ),
    ).toBe('FORBIDDEN');
    const price = (
      await t.ok(admin, SetModelPriceDocument, {
        input: { model: MODEL, inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, outputUsdPerMTok: 15, creditsPerMTok: 10 },
      })
    ).setModelPrice;
    expect(price.cacheWriteUsdPerMTok).toBe(3);
    // (1000 - 600 - 200) x 3 + 600 x 0.3 + 200 x 3 + 500 x 15, per million; credits only for included-credit organisations.
    let cost = (await turn(viewer, turnId)).cost;
    expect(cost!.amountUsd).toBeCloseTo((200 * 3 + 600 * 0.3 + 200 * 3 + 500 * 15) / 1e6, 12);
    expect(cost!.credits).toBeNull();

    // A recorded turn keeps the price it was completed under; a turn completed after the change takes the new one.
    await t.ok(admin, SetModelPriceDocument, {
      input: { model: MODEL, inputUsdPerMTok: 3, cachedInputUsdPerMTok: 0.3, cacheWriteUsdPerMTok: 3.75, outputUsdPerMTok: 15 },
    });
    expect((await turn(viewer, turnId)).cost).toEqual(cost);
    const later = (await begin(runtime, conversationId)).id;
    await t.ok(runtime, CompleteTurnDocument, {
      turnId: later,
      usage: { inputTokens: 1000, cachedInputTokens: 600, cacheWriteTokens: 200, outputTokens: 500 },
    });
    cost = (await turn(viewer, later)).cost;
    expect(cost!.amountUsd).toBeCloseTo((200 * 3 + 600 * 0.3 + 200 * 3.75 + 500 * 15) / 1e6, 12);
    const prices = (await t.ok(viewer, ModelPricesDocument)).modelPrices;
    expect(prices).toEqual([
      {
        model: MODEL,
        inputUsdPerMTok: 3,
        cachedInputUsdPerMTok: 0.3,
        cacheWriteUsdPerMTok: 3.75,
        cacheWrite1hUsdPerMTok: 6,
        outputUsdPerMTok: 15,
        creditsPerMTok: null,
      },
    ]);
  });

  it('counts credits over all tokens for an included-credits organisation', async () => {
    const key = (await world.organizationOf({ name: 'Credits org', fundingModel: 'INCLUDED_CREDITS' })).adminKey;
    const agent = await createAgent(key, 'credit-agent', { model: MODEL });
    const conversation = await start(key, { agentId: agent.id, channel: 'web' });
    const id = (await begin(key, conversation.id)).id;
    await t.ok(key, CompleteTurnDocument, { turnId: id, usage: { inputTokens: 4000, cachedInputTokens: 1000, outputTokens: 1000 } });
    await t.ok(key, SetModelPriceDocument, {
      input: { model: MODEL, inputUsdPerMTok: 2, cachedInputUsdPerMTok: 1, outputUsdPerMTok: 8, creditsPerMTok: 50 },
    });
    const cost = (await turn(key, id)).cost!;
    expect(cost.credits).toBeCloseTo((50 * 5000) / 1e6, 12);
    expect(cost.amountUsd).toBeCloseTo((3000 * 2 + 1000 * 1 + 1000 * 8) / 1e6, 12);
    expect(cost.toolDefinitionShare).toBe(0);
  });
});

describe('conversations', () => {
  it('pages turns with opaque cursors', async () => {
    const agent = await createAgent(admin, 'paged-agent');
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    for (let i = 0; i < 5; i++) await begin(runtime, conversation.id);
    const page1 = (await t.ok(viewer, ConversationTurnsPageDocument, { id: conversation.id, first: 2 })).conversation!.turns;
    expect(page1.totalCount).toBe(5);
    expect(page1.edges.map((e) => e.node.index)).toEqual([1, 2]);
    expect(page1.pageInfo).toEqual({ hasNextPage: true, endCursor: page1.edges[1].cursor });
    const page3 = (
      await t.ok(viewer, ConversationTurnsPageDocument, {
        id: conversation.id,
        first: 2,
        after: (await t.ok(viewer, ConversationTurnsPageDocument, { id: conversation.id, first: 2, after: page1.pageInfo.endCursor }))
          .conversation!.turns.pageInfo.endCursor,
      })
    ).conversation!.turns;
    expect(page3.edges.map((e) => e.node.index)).toEqual([5]);
    expect(page3.pageInfo.hasNextPage).toBe(false);
    const all = (await t.ok(viewer, ConversationTurnsPageDocument, { id: conversation.id })).conversation!.turns;
    expect(all.edges).toHaveLength(5);
    expect(all.pageInfo.hasNextPage).toBe(false);

    for (const [vars, field] of [
      [{ first: 101 }, 'first'],
      [{ first: -1 }, 'first'],
      [{ after: 'garbage' }, 'after'],
    ] as const) {
      const result = await t.gql(viewer, ConversationTurnsPageDocument, { id: conversation.id, ...vars });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions?.field).toBe(field);
    }
  });

  it("credits a child conversation to its root's project", async () => {
    const [{ id: projectA }, { id: projectB }] = await world.projects(admin, [{ name: 'A' }, { name: 'B' }]);
    const rootAgent = await createAgent(admin, 'root-agent', { projectId: projectA });
    const workerAgent = await createAgent(admin, 'worker-agent', { projectId: projectB });
    const root = await start(runtime, { agentId: rootAgent.id, channel: 'web', userId: 'end-user-1' });
    const child = await start(runtime, { agentId: workerAgent.id, channel: 'web', parentConversationId: root.id });
    const grandchild = await start(runtime, { agentId: workerAgent.id, channel: 'web', parentConversationId: child.id });
    expect(root.owningProject).toEqual({ id: projectA });
    expect(child.owningProject).toEqual({ id: projectA });
    expect(child.parent).toEqual({ id: root.id });
    expect(grandchild.owningProject).toEqual({ id: projectA });
    const me = (await t.ok(runtime, CallerIdentityDocument)).me.id;
    expect(child.userId).toBe(me);
    expect(root.userId).toBe('end-user-1');
  });

  it('validates channel and page like the toolbox, and needs RUNTIME', async () => {
    const agent = await createAgent(admin, 'picky-agent');
    const bad = [
      [{ agentId: agent.id, channel: 'nope' }, 'input.channel'],
      [{ agentId: agent.id, channel: 'web', page: { type: 'RECORD', contextObject: 'unknown' } }, 'input.page.contextObject'],
      [{ agentId: agent.id, channel: 'web', page: { type: 'HOME', contextObject: 'account' } }, 'input.page.contextObject'],
    ] as const;
    for (const [input, field] of bad) {
      const result = await t.gql(runtime, WorldConversationDocument, { input });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0].extensions?.field).toBe(field);
    }
    const record = (
      await t.ok(runtime, WorldConversationDocument, {
        input: { agentId: agent.id, channel: 'web', page: { type: 'RECORD', contextObject: 'account' } },
      })
    ).startConversation;
    expect(record.page).toEqual({ type: 'RECORD', contextObject: 'account' });
    expect(codeOf(await t.gql(viewer, WorldConversationDocument, { input: { agentId: agent.id, channel: 'web' } }))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(viewer, BeginTurnDocument, { conversationId: record.id }))).toBe('FORBIDDEN');
  });

  it("treats another organisation's ids as missing", async () => {
    const agent = await createAgent(admin, 'private-agent');
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    const turnId = (await begin(runtime, conversation.id)).id;
    const other = (await world.organization('Other org')).adminKey;
    const otherAgent = await createAgent(other, 'other-agent');

    expect((await t.ok(other, ConversationTurnsPageDocument, { id: conversation.id })).conversation).toBeNull();
    expect((await t.ok(other, TurnRecordDocument, { id: turnId })).turn).toBeNull();
    const cases = [
      [() => t.gql(other, WorldConversationDocument, { input: { agentId: agent.id, channel: 'web' } }), 'input.agentId'],
      [
        () =>
          t.gql(other, WorldConversationDocument, {
            input: { agentId: otherAgent.id, channel: 'web', parentConversationId: conversation.id },
          }),
        'input.parentConversationId',
      ],
      [() => t.gql(other, BeginTurnDocument, { conversationId: conversation.id }), 'conversationId'],
      [() => t.gql(other, CompleteTurnDocument, { turnId, usage: { inputTokens: 1, outputTokens: 1 } }), 'turnId'],
    ] as const;
    for (const [send, field] of cases) {
      const result = await send();
      expect(codeOf(result)).toBe('NOT_FOUND');
      expect(result.errors?.[0].extensions?.field).toBe(field);
      expect(JSON.stringify(result)).not.toContain('private-agent');
    }
    expect(await countRows('turns', 'conversation_id = $1', [conversation.id])).toBe(1);
    expect((await turn(viewer, turnId)).usage).toBeNull();
  });
});

describe('what a turn left out', () => {
  it('records the dropped tools and their reasons with the turn, frozen like the toolbox', async () => {
    const agent = await createAgent(admin, 'dropping-agent', { maxTools: 1 });
    const kept = await createTool(admin, 'a_kept', agent.id);
    await createTool(admin, 'b_cut', agent.id);
    const parked = await createTool(admin, 'c_parked', agent.id);
    await t.ok(admin, UpdateToolDefinitionDocument, { id: parked, input: { active: false } });
    const conversation = await start(runtime, { agentId: agent.id, channel: 'web' });
    const first = await begin(runtime, conversation.id);

    // Later the parked tool comes back and the kept one goes: the first turn still shows what it was.
    await t.ok(admin, UpdateToolDefinitionDocument, { id: parked, input: { active: true, sortOrder: -1 } });
    await t.ok(admin, DeleteToolDefinitionDocument, { id: kept });
    const second = await begin(runtime, conversation.id);

    const then = (await turn(viewer, first.id)).toolbox;
    expect(then.tools.map((x) => x.name)).toEqual(['a_kept']);
    expect(then.dropped.map((d) => [d.name, d.reason])).toEqual(
      expect.arrayContaining([
        ['b_cut', 'OVER_MAX_TOOLS'],
        ['c_parked', 'INACTIVE'],
      ]),
    );
    expect(then.dropped.find((d) => d.name === 'c_parked')!.toolDefinition).toEqual({ id: parked });
    const now = (await turn(viewer, second.id)).toolbox;
    expect(now.tools.map((x) => x.name)).toEqual(['c_parked']);
    expect(now.dropped.map((d) => [d.name, d.reason])).toContainEqual(['b_cut', 'OVER_MAX_TOOLS']);
  });

  it("records each situation's own drops where toolboxes are shared: a tool of a context object past the cut", async () => {
    const agent = await createAgent(admin, 'context-drops', { maxTools: 1 });
    const [, { id: ofAccount }] = await world.tools(admin, [
      { name: 'a_first', description: 'd', inputSchema: { type: 'object' }, agentId: agent.id },
      { name: 'z_account', description: 'd', inputSchema: { type: 'object' }, agentId: agent.id, contextObjects: ['account'] },
    ]);
    const dropsOn = async (page: PageInput) => {
      const conversation = await start(runtime, { agentId: agent.id, channel: 'web', page });
      const box = (await turn(viewer, (await begin(runtime, conversation.id)).id)).toolbox;
      return { fingerprint: box.fingerprint, reason: box.dropped.find((d) => d.toolDefinition?.id === ofAccount)?.reason };
    };
    // The same toolbox on both pages; the context object's tool is left out for another reason on each.
    const plain = await dropsOn({ type: 'RECORD' });
    const onAccount = await dropsOn({ type: 'RECORD', contextObject: 'account' });
    expect(onAccount.fingerprint).toBe(plain.fingerprint);
    expect([plain.reason, onAccount.reason]).toEqual(['CONTEXT', 'OVER_MAX_TOOLS']);
  });
});
