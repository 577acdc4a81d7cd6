import { BeginTurnDocument, CompleteTurnDocument, SetModelPriceDocument, TurnRecordDocument } from './support/generated/graphql';
import { codeOf, OPERATOR_TOKEN, startTestServer, typed, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
});
afterAll(() => t.stop());

/** What UPDATE and ORGANIZATION select of the organisation. */
interface Settings {
  name: string;
  fundingModel: string;
  defaultModel: string;
  toolBudgetWarn: number;
  toolBudgetHot: number;
}
const UPDATE = typed<{ updateOrganization: Settings }>(
  `mutation($i: UpdateOrganizationInput!) { updateOrganization(input: $i) { name fundingModel defaultModel toolBudgetWarn toolBudgetHot } }`,
);
const ORGANIZATION = typed<{ organization: Settings }>(`{ organization { name fundingModel defaultModel toolBudgetWarn toolBudgetHot } }`);

async function org() {
  const { adminKey: admin } = await world.organization('Settings org');
  const [editor, viewer] = await world.keys(admin, [
    { name: 'editor', role: 'EDITOR' },
    { name: 'viewer', role: 'VIEWER' },
  ]);
  return { admin, editor: editor.apiKey, viewer: viewer.apiKey };
}

describe('updateOrganization', () => {
  it('is for ADMIN keys only, and changes only what it is given', async () => {
    const { admin, editor, viewer } = await org();
    for (const key of [editor, viewer]) expect(codeOf(await t.gql(key, UPDATE, { i: { toolBudgetWarn: 10 } }))).toBe('FORBIDDEN');
    expect(codeOf(await t.gql(OPERATOR_TOKEN, UPDATE, { i: { toolBudgetWarn: 10 } }))).toBe('FORBIDDEN');
    expect((await t.ok(viewer, ORGANIZATION)).organization).toEqual({
      name: 'Settings org',
      fundingModel: 'BRING_YOUR_OWN',
      defaultModel: 'openai/gpt-4o',
      toolBudgetWarn: 48,
      toolBudgetHot: 96,
    });
    const updated = (await t.ok(admin, UPDATE, { i: { fundingModel: 'INCLUDED_CREDITS', defaultModel: 'anthropic/claude-sonnet-4-5' } }))
      .updateOrganization;
    expect(updated).toEqual({
      name: 'Settings org',
      fundingModel: 'INCLUDED_CREDITS',
      defaultModel: 'anthropic/claude-sonnet-4-5',
      toolBudgetWarn: 48,
      toolBudgetHot: 96,
    });
    expect((await t.ok(viewer, ORGANIZATION)).organization).toEqual(updated);
  });

  it.each([
    [{ toolBudgetWarn: 0 }, 'input.toolBudgetWarn'],
    [{ toolBudgetHot: 1001 }, 'input.toolBudgetHot'],
    [{ toolBudgetWarn: 97 }, 'input.toolBudgetWarn'],
    [{ toolBudgetHot: 47 }, 'input.toolBudgetHot'],
    [{ toolBudgetWarn: 60, toolBudgetHot: 50 }, 'input.toolBudgetHot'],
    [{ defaultModel: 'gpt-4o' }, 'input.defaultModel'],
    [{ name: '' }, 'input.name'],
  ])('refuses %j naming %s, and stores nothing', async (input, field) => {
    const { admin } = await org();
    const result = await t.gql(admin, UPDATE, { i: { fundingModel: 'INCLUDED_CREDITS', ...input } });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0].extensions!.field).toBe(field);
    expect((await t.ok(admin, ORGANIZATION)).organization).toMatchObject({ fundingModel: 'BRING_YOUR_OWN', toolBudgetWarn: 48 });
  });

  it("sets the thresholds of project-level reports and GET /rpc/tools/gc; an agent's own still rule its report", async () => {
    const { admin, viewer } = await org();
    const [{ id: project }] = await world.projects(admin, [{ name: 'p' }]);
    await world.tools(
      admin,
      ['a', 'b', 'c'].map((name) => ({ name, description: 'd', inputSchema: { type: 'object' }, projectId: project })),
    );
    const [{ id: agent }] = await world.agents(admin, [
      { name: 'own', projectId: project, budgetWarnThreshold: 40, budgetHotThreshold: 50 },
    ]);
    await t.ok(admin, UPDATE, { i: { toolBudgetWarn: 2, toolBudgetHot: 3 } });

    const REPORT = typed<{ toolBudget: unknown }>(
      `query($p: ID, $a: ID) { toolBudget(projectId: $p, agentId: $a) { estimatedToolCount warnThreshold hotThreshold level } }`,
    );
    expect((await t.ok(viewer, REPORT, { p: project })).toolBudget).toEqual({
      estimatedToolCount: 3,
      warnThreshold: 2,
      hotThreshold: 3,
      level: 'HOT',
    });
    const res = await fetch(`${t.server.url}/rpc/tools/gc?projectId=${project}`, { headers: { authorization: `Bearer ${viewer}` } });
    expect(await res.json()).toMatchObject({ warnThreshold: 2, hotThreshold: 3, level: 'HOT' });
    expect((await t.ok(viewer, REPORT, { a: agent })).toolBudget).toEqual({
      estimatedToolCount: 3,
      warnThreshold: 40,
      hotThreshold: 50,
      level: 'OK',
    });
    // An agent created without thresholds starts from the organisation's.
    const plain = (
      await t.ok<{ createAgent: unknown }>(
        admin,
        `mutation { createAgent(input: { name: "plain" }) { budgetWarnThreshold budgetHotThreshold } }`,
      )
    ).createAgent;
    expect(plain).toEqual({ budgetWarnThreshold: 2, budgetHotThreshold: 3 });
  });

  it('changes the funding model for turns completed later only: a recorded turn keeps its cost', async () => {
    const { admin } = await org();
    const [{ id: agentId }] = await world.agents(admin, [{ name: 'a', model: 'openai/gpt-4o' }]);
    await t.ok(admin, SetModelPriceDocument, {
      input: { model: 'openai/gpt-4o', inputUsdPerMTok: 2, cachedInputUsdPerMTok: 1, outputUsdPerMTok: 8, creditsPerMTok: 100 },
    });
    const conversationId = await world.startConversation(admin, { agentId });
    const turn = async () => {
      const { id } = (await t.ok(admin, BeginTurnDocument, { conversationId })).beginTurn;
      await t.ok(admin, CompleteTurnDocument, { turnId: id, usage: { inputTokens: 6000, outputTokens: 4000 } });
      return id;
    };
    const cost = async (id: string) => {
      const { amountUsd, credits } = (await t.ok(admin, TurnRecordDocument, { id })).turn!.cost!;
      return { amountUsd, credits };
    };
    const first = await turn();
    expect((await cost(first)).credits).toBeNull();
    await t.ok(admin, UPDATE, { i: { fundingModel: 'INCLUDED_CREDITS' } });
    const second = await turn();
    expect(await cost(second)).toEqual({ amountUsd: (6000 * 2 + 4000 * 8) / 1e6, credits: 1 });
    expect((await cost(first)).credits).toBeNull();
    await t.ok(admin, UPDATE, { i: { fundingModel: 'BRING_YOUR_OWN' } });
    expect((await cost(second)).credits).toBe(1);
  });

  it('makes the default model the one new agents and reports without an agent use', async () => {
    const { admin } = await org();
    await t.ok(admin, UPDATE, { i: { defaultModel: 'anthropic/claude-sonnet-4-5' } });
    expect(
      (await t.ok<{ createAgent: { model: string } }>(admin, `mutation { createAgent(input: { name: "d" }) { model } }`)).createAgent.model,
    ).toBe('anthropic/claude-sonnet-4-5');
    const [{ id: tool }] = await world.tools(admin, [{ name: 't', description: 'd', inputSchema: { type: 'object' } }]);
    const tokens = (
      await t.ok<{ toolDefinition: { now: number; anthropic: number; openai: number } | null }>(
        admin,
        `query($id: ID!) { toolDefinition(id: $id) { now: schemaTokens anthropic: schemaTokens(model: "anthropic/claude-sonnet-4-5") openai: schemaTokens(model: "openai/gpt-4o") } }`,
        { id: tool },
      )
    ).toolDefinition!;
    expect(tokens.now).toBe(tokens.anthropic);
    expect(tokens.now).not.toBe(tokens.openai);
    const report = (await t.ok<{ toolBudget: { estimatedSchemaTokens: number } }>(admin, `{ toolBudget { estimatedSchemaTokens } }`))
      .toolBudget;
    expect(report.estimatedSchemaTokens).toBe(tokens.anthropic);
  });
});
