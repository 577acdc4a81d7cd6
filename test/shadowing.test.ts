import {
  AgentLoadoutDocument,
  BeginTurnDocument,
  CreateToolDefinitionDocument,
  DeleteToolDefinitionDocument,
  ProjectPermissionRulesDocument,
  RemoveToolRuleDocument,
  SetToolRuleMatchingDocument,
  ToolboxDetailDocument,
  ToolboxInvalidationsDocument,
  ToolDefinitionDocument,
  TurnRecordDocument,
  UpdateToolDefinitionDocument,
  type CreateAgentInput,
  type ToolDefinitionInput,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
});
afterAll(() => t.stop());

async function org() {
  const { adminKey: key } = await world.organization('Test org');
  const [{ id: project }] = await world.projects(key, [{ name: 'p' }]);
  return {
    key,
    project,
    agent: async (input: Partial<CreateAgentInput> = {}) => (await world.agents(key, [{ name: 'agent', ...input }]))[0].id,
    tool: async (name: string, input: Partial<ToolDefinitionInput> = {}) =>
      (
        await t.ok(key, CreateToolDefinitionDocument, {
          input: { name, description: `about ${name}`, inputSchema: { type: 'object' }, ...input },
        })
      ).createToolDefinition,
    /** The agent's toolbox: each entry's name and definition, its Anthropic rendering and its drops. */
    box: async (agentId: string) => {
      const box = (await t.ok(key, ToolboxDetailDocument, { agentId, provider: 'ANTHROPIC' })).toolbox;
      return { ...box, tools: box.tools.map(({ name, tool }) => ({ name, tool })) };
    },
    events: async (agentId: string) => (await t.ok(key, ToolboxInvalidationsDocument, { agentId })).toolboxInvalidations.edges,
  };
}

describe('one tool per name (SHADOWED)', () => {
  it('a project tool overrides an organisation tool and a built-in of its name: one entry, the others SHADOWED naming it', async () => {
    const o = await org();
    const builtIn = await o.tool('y_tool', { source: 'BUILT_IN', sortOrder: -1 });
    const orgWide = await o.tool('y_tool');
    expect(orgWide.shadowedBy).toEqual([{ id: builtIn.id }]);
    const agent = await o.agent({ projectId: o.project });
    const outside = await o.agent();
    const own = await o.tool('y_tool', { projectId: o.project });
    // The result says what the new definition shadows; the name stays allowed.
    expect(own.shadows).toEqual([{ id: builtIn.id }, { id: orgWide.id }]);
    expect(own.shadowedBy).toEqual([]);

    const box = await o.box(agent);
    expect(box.tools).toEqual([{ name: 'y_tool', tool: { id: own.id } }]);
    expect((box.rendered as Array<{ name: string }>).map((r) => r.name)).toEqual(['y_tool']);
    expect(box.dropped.map((d) => [d.tool.id, d.reason, d.shadowedBy?.id])).toEqual([
      [builtIn.id, 'SHADOWED', own.id],
      [orgWide.id, 'SHADOWED', own.id],
    ]);
    // An agent outside the project carries the first organisation-wide one in Sort Order.
    expect((await o.box(outside)).tools).toEqual([{ name: 'y_tool', tool: { id: builtIn.id } }]);
    const listed = (await t.ok(o.key, ToolDefinitionDocument, { id: orgWide.id })).toolDefinition!;
    expect(listed.shadowedBy).toEqual([{ id: own.id }, { id: builtIn.id }]);
  });

  it('deactivating the winner brings the next most specific back, with one invalidation event', async () => {
    const o = await org();
    const agent = await o.agent({ projectId: o.project });
    // Each its own description: a toolbox whose content stays the same breaks no cache and causes no event.
    const orgWide = await o.tool('y_tool', { description: 'organisation' });
    const projectTool = await o.tool('y_tool', { projectId: o.project, source: 'BUILT_IN', description: 'project' });
    const own = await o.tool('y_tool', { projectId: o.project, agentId: agent, description: 'agent' });
    expect((await o.box(agent)).tools).toEqual([{ name: 'y_tool', tool: { id: own.id } }]);
    const before = (await o.events(agent)).length;
    await t.ok(o.key, UpdateToolDefinitionDocument, { id: own.id, input: { active: false } });
    expect((await o.events(agent)).length).toBe(before + 1);
    const box = await o.box(agent);
    expect(box.tools).toEqual([{ name: 'y_tool', tool: { id: projectTool.id } }]);
    expect(box.dropped.map((d) => [d.tool.id, d.reason, d.shadowedBy?.id ?? null])).toEqual([
      [orgWide.id, 'SHADOWED', projectTool.id],
      [own.id, 'INACTIVE', null],
    ]);
    await t.ok(o.key, DeleteToolDefinitionDocument, { id: projectTool.id });
    expect((await o.events(agent)).length).toBe(before + 2);
    expect((await o.box(agent)).tools).toEqual([{ name: 'y_tool', tool: { id: orgWide.id } }]);
  });

  it("an agent's own definition of its project's name in the same source shadows it for that agent alone", async () => {
    const o = await org();
    const [a, b] = [await o.agent({ projectId: o.project }), await o.agent({ projectId: o.project })];
    const projectQ = await o.tool('q', { projectId: o.project, description: 'project' });
    const ownA = await o.tool('q', { projectId: o.project, agentId: a, description: 'agent a' });
    expect(ownA.shadows).toEqual([{ id: projectQ.id }]);
    const boxA = await o.box(a);
    expect(boxA.tools).toEqual([{ name: 'q', tool: { id: ownA.id } }]);
    expect(boxA.dropped.map((d) => [d.tool.id, d.reason, d.shadowedBy?.id])).toEqual([[projectQ.id, 'SHADOWED', ownA.id]]);
    expect((await o.box(b)).tools).toEqual([{ name: 'q', tool: { id: projectQ.id } }]);

    // The same name twice in one scope stays a conflict.
    const input = { name: 'q', description: 'again', inputSchema: { type: 'object' }, projectId: o.project, agentId: a };
    const twice = await t.gql(o.key, CreateToolDefinitionDocument, { input });
    expect(codeOf(twice)).toBe('CONFLICT');
    expect(twice.errors?.[0].extensions?.field).toBe('input.name');

    // Another agent of the project may hold its own, but may not give it back to the project, which holds the name.
    const ownB = await o.tool('q', { projectId: o.project, agentId: b, description: 'agent b' });
    expect((await o.box(b)).tools).toEqual([{ name: 'q', tool: { id: ownB.id } }]);
    const moved = await t.gql(o.key, UpdateToolDefinitionDocument, { id: ownB.id, input: { clearAgent: true } });
    expect(codeOf(moved)).toBe('CONFLICT');
    expect(moved.errors?.[0].extensions?.field).toBe('input.clearAgent');
    // Organisation-wide too, where neither project nor agent is set.
    await o.tool('r');
    expect(
      codeOf(await t.gql(o.key, CreateToolDefinitionDocument, { input: { ...input, name: 'r', projectId: null, agentId: null } })),
    ).toBe('CONFLICT');
  });

  it('a tool:<name> DENY removes every tool of that name, and each drop names the rule', async () => {
    const o = await org();
    const agent = await o.agent({ projectId: o.project });
    const orgWide = await o.tool('y_tool', { source: 'BUILT_IN' });
    const projectTool = await o.tool('y_tool', { projectId: o.project });
    await o.tool('kept');
    const rule = (await t.ok(o.key, SetToolRuleMatchingDocument, { input: { projectId: o.project, toolName: 'y_tool', effect: 'DENY' } }))
      .setToolRule;
    expect(rule.matchingToolCount).toBe(2);
    const box = await o.box(agent);
    expect(box.tools.map((e) => e.name)).toEqual(['kept']);
    const expectedRule = { id: rule.id, subject: 'tool:y_tool', effect: 'DENY', project: { id: o.project }, agent: null };
    expect(box.dropped.map((d) => [d.tool.id, d.reason, d.rule])).toEqual([
      [orgWide.id, 'EXCLUDED', expectedRule],
      [projectTool.id, 'EXCLUDED', expectedRule],
    ]);
    // Listed on the project, where it acts.
    const listed = (await t.ok(o.key, ProjectPermissionRulesDocument, { id: o.project })).project!.permissionRules;
    expect(listed).toEqual([{ id: rule.id, subject: 'tool:y_tool', effect: 'DENY', matchingToolCount: 2 }]);
  });

  it('a recorded turn keeps the rule that excluded a tool and the definition that shadowed one, after the rule is removed', async () => {
    const o = await org();
    const agent = await o.agent({ projectId: o.project });
    const orgWide = await o.tool('y_tool');
    const projectTool = await o.tool('y_tool', { projectId: o.project });
    await o.tool('z_tool');
    const [rule] = await world.rules(o.key, [{ agentId: agent, toolName: 'z_tool', effect: 'DENY' }]);
    const conversationId = await world.startConversation(o.key, { agentId: agent, channel: 'web' });
    const turn = (await t.ok(o.key, BeginTurnDocument, { conversationId })).beginTurn;
    await t.ok(o.key, RemoveToolRuleDocument, { id: rule.id });

    const recorded = (await t.ok(o.key, TurnRecordDocument, { id: turn.id })).turn!.toolbox.dropped;
    expect(recorded).toEqual([
      { name: 'y_tool', reason: 'SHADOWED', toolDefinition: { id: orgWide.id }, shadowedBy: { id: projectTool.id }, rule: null },
      {
        name: 'z_tool',
        reason: 'EXCLUDED',
        toolDefinition: { id: expect.any(String) },
        shadowedBy: null,
        rule: { id: rule.id, subject: 'tool:z_tool', effect: 'DENY', level: 'AGENT' },
      },
    ]);
  });

  it('a rule naming no tool is allowed and matches 0 until its tool exists', async () => {
    const o = await org();
    const agent = await o.agent();
    const rule = (await t.ok(o.key, SetToolRuleMatchingDocument, { input: { agentId: agent, toolName: 'not_yet', effect: 'DENY' } }))
      .setToolRule;
    expect(rule.matchingToolCount).toBe(0);
    await o.tool('not_yet');
    // Another agent's own tool of that name is not one this rule can act on.
    await o.tool('not_yet', { projectId: o.project, agentId: await o.agent({ projectId: o.project }) });
    const rules = (await t.ok(o.key, AgentLoadoutDocument, { id: agent })).agent!;
    expect(rules.permissionRules.map(({ matchingToolCount }) => ({ matchingToolCount }))).toEqual([{ matchingToolCount: 1 }]);
  });
});

describe('default sortOrder', () => {
  it("lands a tool created without one past its scope's last, so the toolbox keeps its prefix and fingerprint order", async () => {
    const o = await org();
    const [{ id: other }] = await world.projects(o.key, [{ name: 'q' }]);
    expect((await o.tool('b_first')).sortOrder).toBe(0);
    expect((await o.tool('a_second', { sortOrder: 7 })).sortOrder).toBe(7);
    // A project tool follows its project's and the organisation's tools; another project's do not count.
    await o.tool('q_tool', { projectId: other, sortOrder: 50 });
    expect((await o.tool('p_tool', { projectId: o.project })).sortOrder).toBe(8);
    // An organisation-wide tool meets every project's: it follows them all.
    expect((await o.tool('z_org')).sortOrder).toBe(51);
    const agent = await o.agent({ projectId: o.project });
    expect((await o.box(agent)).tools.map((e) => e.name)).toEqual(['b_first', 'a_second', 'p_tool', 'z_org']);
  });
});
