import fs from 'node:fs';
import path from 'node:path';
import { TOOL_HINTS } from '../src/loadout/vocabulary';
import { AgentLoadoutDocument, StoredCatalogueDocument, ToolboxDocument } from './support/generated/graphql';
import { codeOf, startTestServer, typed, type Created, type GraphQLResult, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
let toolId: string;
let serverId: string;

/** Everything a bad input could have half-written, to compare before and after. */
const STATE = StoredCatalogueDocument;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const org = await world.organization('Test org', {
    contextObjects: [{ key: 'Account', name: 'Account' }],
    tools: [{ name: 'existing', description: 'd', inputSchema: { type: 'object' } }],
    agents: [{ name: 'agent' }],
  });
  key = org.adminKey;
  [{ id: toolId }] = org.tools;
  [{ id: agentId }] = org.agents;
  [{ id: serverId }] = await world.mcpServers(key, [{ name: 'srv' }]);
});
afterAll(() => t.stop());

const long = (n: number) => 'a'.repeat(n);
const bigSchema = () => ({ type: 'object', description: 'x'.repeat(64 * 1024) });

const createTool = typed<Created<'createToolDefinition'>>(
  `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`,
);
const updateTool = `mutation($id: ID!, $input: UpdateToolDefinitionInput!) { updateToolDefinition(id: $id, input: $input) { id } }`;
const createAgent = `mutation($input: CreateAgentInput!) { createAgent(input: $input) { id } }`;
const updateAgent = `mutation($id: ID!, $input: UpdateAgentInput!) { updateAgent(id: $id, input: $input) { id } }`;
const tool = (over: Record<string, unknown>) => ({ name: 'fresh', description: 'd', inputSchema: { type: 'object' }, ...over });

const setRule = typed<{ setToolRule: { subject: string; effect: string } }>(
  `mutation($input: ToolRuleInput!) { setToolRule(input: $input) { subject effect } }`,
);
const applyChanges = `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { invalidations { id } } }`;
const rule = (toolName: string, effect = 'DENY') => ({ agentId, toolName, effect });

type Case = [label: string, query: string, vars: () => Record<string, unknown>, field: string];

const BAD_INPUTS: Case[] = [
  ['createAgent maxTools 0', createAgent, () => ({ input: { name: 'x', maxTools: 0 } }), 'input.maxTools'],
  ['createAgent maxTools 101', createAgent, () => ({ input: { name: 'x', maxTools: 101 } }), 'input.maxTools'],
  ['updateAgent maxTools 0', updateAgent, () => ({ id: agentId, input: { maxTools: 0 } }), 'input.maxTools'],
  ['updateAgent maxTools 101', updateAgent, () => ({ id: agentId, input: { maxTools: 101 } }), 'input.maxTools'],
  ['createAgent warn threshold 0', createAgent, () => ({ input: { name: 'x', budgetWarnThreshold: 0 } }), 'input.budgetWarnThreshold'],
  [
    'createAgent warn threshold 1001',
    createAgent,
    () => ({ input: { name: 'x', budgetWarnThreshold: 1001, budgetHotThreshold: 1001 } }),
    'input.budgetWarnThreshold',
  ],
  ['createAgent hot threshold 0', createAgent, () => ({ input: { name: 'x', budgetHotThreshold: 0 } }), 'input.budgetHotThreshold'],
  ['createAgent hot threshold 1001', createAgent, () => ({ input: { name: 'x', budgetHotThreshold: 1001 } }), 'input.budgetHotThreshold'],
  [
    'createAgent hot below warn',
    createAgent,
    () => ({ input: { name: 'x', budgetWarnThreshold: 50, budgetHotThreshold: 49 } }),
    'input.budgetHotThreshold',
  ],
  [
    'createAgent hot below the default warn',
    createAgent,
    () => ({ input: { name: 'x', budgetHotThreshold: 47 } }),
    'input.budgetHotThreshold',
  ],
  [
    'updateAgent hot below the stored warn',
    updateAgent,
    () => ({ id: agentId, input: { budgetHotThreshold: 10 } }),
    'input.budgetHotThreshold',
  ],
  [
    'updateAgent warn above the stored hot',
    updateAgent,
    () => ({ id: agentId, input: { budgetWarnThreshold: 500 } }),
    'input.budgetWarnThreshold',
  ],
  ['updateAgent thresholds 0', updateAgent, () => ({ id: agentId, input: { budgetWarnThreshold: 0 } }), 'input.budgetWarnThreshold'],
  ['createAgent model not provider/model', createAgent, () => ({ input: { name: 'x', model: 'gpt-4o' } }), 'input.model'],

  ['tool name of 65 characters', createTool, () => ({ input: tool({ name: long(65) }) }), 'input.name'],
  ['tool name with a dot', createTool, () => ({ input: tool({ name: 'dotted.name' }) }), 'input.name'],
  ['tool name starting with a digit', createTool, () => ({ input: tool({ name: '9starts' }) }), 'input.name'],
  ['tool name empty', createTool, () => ({ input: tool({ name: '' }) }), 'input.name'],
  ['tool name with a space', createTool, () => ({ input: tool({ name: 'two words' }) }), 'input.name'],
  ['tool name with a slash', createTool, () => ({ input: tool({ name: 'a/b' }) }), 'input.name'],
  ['tool name with a non-ASCII letter', createTool, () => ({ input: tool({ name: 'café' }) }), 'input.name'],
  ['description of 10001 characters', createTool, () => ({ input: tool({ description: long(10_001) }) }), 'input.description'],
  ['inputSchema a number', createTool, () => ({ input: tool({ inputSchema: 12 }) }), 'input.inputSchema'],
  ['inputSchema a string', createTool, () => ({ input: tool({ inputSchema: 'object' }) }), 'input.inputSchema'],
  ['inputSchema an array', createTool, () => ({ input: tool({ inputSchema: [] }) }), 'input.inputSchema'],
  ['inputSchema of an array', createTool, () => ({ input: tool({ inputSchema: { type: 'array' } }) }), 'input.inputSchema'],
  ['inputSchema with no type', createTool, () => ({ input: tool({ inputSchema: { properties: {} } }) }), 'input.inputSchema'],
  ['inputSchema empty', createTool, () => ({ input: tool({ inputSchema: {} }) }), 'input.inputSchema'],
  ['inputSchema not a valid JSON Schema', createTool, () => ({ input: tool({ inputSchema: { type: 12 } }) }), 'input.inputSchema'],
  [
    'inputSchema with an invalid nested schema',
    createTool,
    () => ({ input: tool({ inputSchema: { type: 'object', properties: { a: { minLength: -1 } } } }) }),
    'input.inputSchema',
  ],
  ['inputSchema over 64 KiB', createTool, () => ({ input: tool({ inputSchema: bigSchema() }) }), 'input.inputSchema'],
  ['channel key of 65 characters', createTool, () => ({ input: tool({ channels: [long(65)] }) }), 'input.channels'],
  ['channel key with bad characters', createTool, () => ({ input: tool({ channels: ['web', 'a b'] }) }), 'input.channels'],
  ['context key of 65 characters', createTool, () => ({ input: tool({ contextObjects: [long(65)] }) }), 'input.contextObjects'],
  ['context key with bad characters', createTool, () => ({ input: tool({ contextObjects: ['Acc:ount'] }) }), 'input.contextObjects'],
  ['unknown channel key', createTool, () => ({ input: tool({ channels: ['nowhere'] }) }), 'input.channels'],
  ['unknown context key', createTool, () => ({ input: tool({ contextObjects: ['Nothing'] }) }), 'input.contextObjects'],
  ['source MCP by hand', createTool, () => ({ input: tool({ source: 'MCP' }) }), 'input.source'],
  ['MINI_APP without its mini app', createTool, () => ({ input: tool({ source: 'MINI_APP' }) }), 'input.miniAppId'],

  ['update tool name of 65 characters', updateTool, () => ({ id: toolId, input: { name: long(65) } }), 'input.name'],
  ['update tool name with a dot', updateTool, () => ({ id: toolId, input: { name: 'dotted.name' } }), 'input.name'],
  ['update tool name starting with a digit', updateTool, () => ({ id: toolId, input: { name: '9starts' } }), 'input.name'],
  ['update tool name with bad characters', updateTool, () => ({ id: toolId, input: { name: 'a b' } }), 'input.name'],
  ['update description of 10001 characters', updateTool, () => ({ id: toolId, input: { description: long(10_001) } }), 'input.description'],
  [
    'update inputSchema not a valid JSON Schema',
    updateTool,
    () => ({ id: toolId, input: { inputSchema: { type: 12 } } }),
    'input.inputSchema',
  ],
  ['update inputSchema of a string', updateTool, () => ({ id: toolId, input: { inputSchema: { type: 'string' } } }), 'input.inputSchema'],
  ['update inputSchema an array', updateTool, () => ({ id: toolId, input: { inputSchema: [1] } }), 'input.inputSchema'],
  ['update inputSchema over 64 KiB', updateTool, () => ({ id: toolId, input: { inputSchema: bigSchema() } }), 'input.inputSchema'],
  ['update channel key of 65 characters', updateTool, () => ({ id: toolId, input: { channels: [long(65)] } }), 'input.channels'],
  [
    'update context key with bad characters',
    updateTool,
    () => ({ id: toolId, input: { contextObjects: ['a b'] } }),
    'input.contextObjects',
  ],

  [
    'channel key of 65 characters',
    `mutation($k: String!) { createChannel(input: { key: $k, name: "x" }) { id } }`,
    () => ({ k: long(65) }),
    'input.key',
  ],
  ['channel key empty', `mutation($k: String!) { createChannel(input: { key: $k, name: "x" }) { id } }`, () => ({ k: '' }), 'input.key'],
  [
    'channel key with bad characters',
    `mutation($k: String!) { createChannel(input: { key: $k, name: "x" }) { id } }`,
    () => ({ k: 'we b' }),
    'input.key',
  ],
  [
    'context object key of 65 characters',
    `mutation($k: String!) { createContextObject(input: { key: $k, name: "x" }) { id } }`,
    () => ({ k: long(65) }),
    'input.key',
  ],
  [
    'context object key with bad characters',
    `mutation($k: String!) { createContextObject(input: { key: $k, name: "x" }) { id } }`,
    () => ({ k: 'Acc/ount' }),
    'input.key',
  ],

  ['rule tool name of 257 characters', setRule, () => ({ input: rule(long(257)) }), 'input.toolName'],
  ['rule tool name empty', setRule, () => ({ input: rule('') }), 'input.toolName'],
  ['rule on a hint that is not one', setRule, () => ({ input: rule('hint:dangerous') }), 'input.toolName'],
  ['rule on a hint in the wrong case', setRule, () => ({ input: rule('hint:ReadOnly') }), 'input.toolName'],
  ['rule on hint: alone', setRule, () => ({ input: rule('hint:') }), 'input.toolName'],
  ['rule on a doubly negated hint', setRule, () => ({ input: rule('hint:!!readOnly') }), 'input.toolName'],
  ['rule on tool: without a name', setRule, () => ({ input: rule('tool:') }), 'input.toolName'],
  [
    'change set rule on a hint that is not one',
    applyChanges,
    () => ({ c: [{ createTool: tool({ name: 'in_set' }) }, { setToolRule: rule('hint:dangerous') }] }),
    'changes[1].setToolRule.toolName',
  ],
  ['change set rule of 257 characters', applyChanges, () => ({ c: [{ setToolRule: rule(long(257)) }] }), 'changes[0].setToolRule.toolName'],
  ['rule without a target', `mutation { setToolRule(input: { toolName: "x", effect: DENY }) { id } }`, () => ({}), 'input.agentId'],
  ['MCP server name with bad characters', `mutation { registerMcpServer(input: { name: "my server" }) { id } }`, () => ({}), 'input.name'],
  [
    'MCP filter naming a tool name with a control character',
    `mutation($id: ID!) { updateMcpServer(id: $id, input: { disabledTools: ["a\\tb"] }) { id } }`,
    () => ({ id: serverId }),
    'input.disabledTools',
  ],
  [
    'MCP filter naming a tool name of 129 characters',
    `mutation($id: ID!, $names: [String!]) { updateMcpServer(id: $id, input: { enabledTools: $names }) { id } }`,
    () => ({ id: serverId, names: ['fine', long(129)] }),
    'input.enabledTools',
  ],
  [
    'change set member with maxTools 0',
    `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { invalidations { id } } }`,
    () => ({ c: [{ createTool: tool({ name: 'in_set' }) }, { updateAgent: { id: agentId, patch: { maxTools: 0 } } }] }),
    'changes[1].updateAgent.patch.maxTools',
  ],
  [
    'change set member with a bad tool name',
    `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { invalidations { id } } }`,
    () => ({ c: [{ createTool: tool({ name: 'a b' }) }] }),
    'changes[0].createTool.name',
  ],
  [
    'toolbox page context object off a RECORD page',
    `${ToolboxDocument}`,
    () => ({ agentId, page: { type: 'HOME', contextObject: 'Account' } }),
    'page.contextObject',
  ],
  [
    'toolbox page with an unknown context object',
    `${ToolboxDocument}`,
    () => ({ agentId, page: { type: 'RECORD', contextObject: 'Nope' } }),
    'page.contextObject',
  ],
];

describe('bad input is BAD_USER_INPUT naming the field, and nothing is stored', () => {
  it.each(BAD_INPUTS)('%s', async (_label, query, vars, field) => {
    const before = await t.ok(key, STATE);
    const result = await t.gql(key, query, vars());
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors?.[0].extensions?.field).toBe(field);
    expect(result.data ?? null).toBeNull();
    expect(await t.ok(key, STATE)).toEqual(before);
  });
});

describe('the limits themselves are accepted', () => {
  it.each([
    [
      'maxTools 1 and 100, thresholds 1 and 1000, hot equal to warn',
      createAgent,
      { input: { name: 'edges', maxTools: 1, budgetWarnThreshold: 1, budgetHotThreshold: 1 } },
    ],
    [
      'maxTools 100, thresholds 1000',
      createAgent,
      { input: { name: 'top', maxTools: 100, budgetWarnThreshold: 1000, budgetHotThreshold: 1000 } },
    ],
    [
      'a tool name of 64 characters, a description of 10000 and a schema just under 64 KiB',
      createTool,
      {
        input: tool({
          name: long(64),
          description: long(10_000),
          inputSchema: { type: 'object', description: 'x'.repeat(64 * 1024 - 60) },
        }),
      },
    ],
    ['names with letters, digits, _ and -, starting with a letter or _', createTool, { input: tool({ name: '_Az09_-x' }) }],
    [
      'an object schema with nothing else, an unknown keyword and a $schema dialect',
      createTool,
      {
        input: tool({
          name: 'schema_edges',
          inputSchema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema', 'x-custom': 1 },
        }),
      },
    ],
    ['a channel key of 64 characters', `mutation($k: String!) { createChannel(input: { key: $k, name: "x" }) { id } }`, { k: long(64) }],
  ])('%s', async (_label, query, vars) => {
    const result = await t.gql(key, query, vars);
    expect(result.errors).toBeUndefined();
  });

  it('defaults maxTools to 25 and the thresholds to 48 and 96', async () => {
    const agent = (
      await t.ok<{ createAgent: unknown }>(
        key,
        `mutation { createAgent(input: { name: "defaults" }) { maxTools budgetWarnThreshold budgetHotThreshold toolsMode loadoutVersion } }`,
      )
    ).createAgent;
    expect(agent).toEqual({ maxTools: 25, budgetWarnThreshold: 48, budgetHotThreshold: 96, toolsMode: 'ALL_PAGES', loadoutVersion: 1 });
  });
});

describe('duplicate names are CONFLICT naming the field, and store nothing', () => {
  it.each<[string, string, Record<string, unknown>, string]>([
    ['tool name in the same scope and source', createTool, { input: tool({ name: 'existing' }) }, 'input.name'],
    ['channel key', `mutation { createChannel(input: { key: "web", name: "again" }) { id } }`, {}, 'input.key'],
    ['context object key', `mutation { createContextObject(input: { key: "Account", name: "again" }) { id } }`, {}, 'input.key'],
    ['MCP server name', `mutation { registerMcpServer(input: { name: "srv" }) { id } }`, {}, 'input.name'],
  ])('%s', async (_label, query, vars, field) => {
    const before = await t.ok(key, STATE);
    const result = await t.gql(key, query, vars);
    expect(codeOf(result)).toBe('CONFLICT');
    expect(result.errors?.[0].extensions?.field).toBe(field);
    expect(await t.ok(key, STATE)).toEqual(before);
  });

  it("renaming a tool onto another tool's name", async () => {
    const [{ id: other }] = await world.tools(key, [tool({ name: 'rename_me' })]);
    const before = await t.ok(key, STATE);
    const result = await t.gql(key, updateTool, { id: other, input: { name: 'existing', description: 'changed too' } });
    expect(codeOf(result)).toBe('CONFLICT');
    expect(await t.ok(key, STATE)).toEqual(before);
  });

  it('allows the same name in another project or from another source', async () => {
    const [{ id: project }] = await world.projects(key, [{ name: 'p' }]);
    await t.ok(key, createTool, { input: tool({ name: 'existing', projectId: project }) });
    await t.ok(key, createTool, { input: tool({ name: 'existing', source: 'BUILT_IN' }) });
    const conflict = await t.gql(key, createTool, { input: tool({ name: 'existing', projectId: project }) });
    expect(codeOf(conflict)).toBe('CONFLICT');
  });
});

describe('rule and call names: any name a toolbox can carry', () => {
  /** The longest full name of an MCP tool: `mcp__`, a 64-character server name, `__`, a 128-character name of the tool's own. */
  const ownName = `get.file/contents-${'x'.repeat(110)}`;
  const fullName = `mcp__${'s'.repeat(64)}__${ownName}`;
  const RECORD = typed<{ recordToolCalls: { accepted: number } }>(
    `mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted } }`,
  );
  /** The subject and effect of each of the agent's rules. */
  const rulesOf = async (id: string) =>
    (await t.ok(key, AgentLoadoutDocument, { id })).agent!.permissionRules.map(({ subject, effect }) => ({ subject, effect }));
  const freshAgent = async (name: string) => (await world.agents(key, [{ name }]))[0].id;
  const refusal = (result: GraphQLResult) => ({
    code: codeOf(result),
    field: result.errors?.[0].extensions?.field,
    message: result.errors?.[0].message,
  });

  it('sets a rule on, and records a call of, a 199-character MCP name, a 256-character name and free text; refuses 257 naming the field', async () => {
    expect([ownName.length, fullName.length]).toEqual([128, 199]);
    const a = await freshAgent('long names');
    const names = [fullName, long(256), 'Read file: any text'];
    for (const name of names) {
      expect((await t.ok(key, setRule, { input: { agentId: a, toolName: name, effect: 'DENY' } })).setToolRule.subject).toBe(
        `tool:${name}`,
      );
    }
    expect((await rulesOf(a)).map((r) => r.subject).sort()).toEqual(names.map((n) => `tool:${n}`).sort());
    const calls = names.map((toolName) => ({ toolName, userId: 'long-names', isError: false }));
    expect((await t.ok(key, RECORD, { calls })).recordToolCalls.accepted).toBe(3);

    const overRule = refusal(await t.gql(key, setRule, { input: { agentId: a, toolName: long(257), effect: 'DENY' } }));
    expect(overRule).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.toolName' });
    expect(overRule.message).toContain('256');
    const overCall = refusal(await t.gql(key, RECORD, { calls: [calls[0], { toolName: long(257), isError: false }] }));
    expect(overCall).toMatchObject({ code: 'BAD_USER_INPUT', field: 'calls[1].toolName' });
    expect(overCall.message).toContain('calls[1].toolName: must be 1 to 256 characters');
    expect(await rulesOf(a)).toHaveLength(3);
  });

  it("lets an MCP server's filter list its tools' own names of 128 characters, with . and /", async () => {
    const [{ id: server }] = await world.mcpServers(key, [{ name: 's'.repeat(64) }]);
    const updated = await t.ok<{ updateMcpServer: { enabledTools: string[] } }>(
      key,
      `mutation($id: ID!, $names: [String!]) { updateMcpServer(id: $id, input: { enabledTools: $names }) { enabledTools } }`,
      { id: server, names: [ownName, 'a.b/c', 'read file: v2'] },
    );
    expect(updated.updateMcpServer.enabledTools).toEqual([ownName, 'a.b/c', 'read file: v2']);
  });

  it('takes a rule on each annotation hint, on its negation and on tool:<name>; refuses any other hint naming the field and the four', async () => {
    const a = await freshAgent('targets');
    for (const hint of TOOL_HINTS) {
      expect((await t.ok(key, setRule, { input: { agentId: a, toolName: `hint:${hint}`, effect: 'DENY' } })).setToolRule).toEqual({
        subject: `hint:${hint}`,
        effect: 'DENY',
      });
    }
    expect((await t.ok(key, setRule, { input: { agentId: a, toolName: 'tool:existing', effect: 'ALLOW' } })).setToolRule).toEqual({
      subject: 'tool:existing',
      effect: 'ALLOW',
    });
    expect((await t.ok(key, setRule, { input: { agentId: a, toolName: 'hint:!readOnly', effect: 'DENY' } })).setToolRule).toEqual({
      subject: 'hint:!readOnly',
      effect: 'DENY',
    });
    expect(await rulesOf(a)).toEqual(
      expect.arrayContaining([
        { subject: 'hint:destructive', effect: 'DENY' },
        { subject: 'hint:readOnly', effect: 'DENY' },
        { subject: 'hint:idempotent', effect: 'DENY' },
        { subject: 'hint:openWorld', effect: 'DENY' },
        { subject: 'tool:existing', effect: 'ALLOW' },
        { subject: 'hint:!readOnly', effect: 'DENY' },
      ]),
    );
    expect(await rulesOf(a)).toHaveLength(6);

    const refused = refusal(await t.gql(key, setRule, { input: { agentId: a, toolName: 'hint:dangerous', effect: 'DENY' } }));
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.toolName' });
    expect(refused.message).toContain('destructive, readOnly, idempotent, openWorld');
    const inSet = refusal(
      await t.gql(key, applyChanges, { c: [{ setToolRule: { agentId: a, toolName: 'hint:dangerous', effect: 'DENY' } }] }),
    );
    expect(inSet).toMatchObject({ code: 'BAD_USER_INPUT', field: 'changes[0].setToolRule.toolName' });
    expect(inSet.message).toContain('destructive, readOnly, idempotent, openWorld');
    expect(await rulesOf(a)).toHaveLength(6);
  });

  it('docs/configuration.md Limits gives the rule name forms, every hint among them, and the 256 characters of rule and call names', () => {
    const page = fs.readFileSync(path.join(__dirname, '..', 'docs', 'configuration.md'), 'utf8');
    const limits = page.slice(page.indexOf('## Limits'));
    const row = limits.split('\n').find((line) => line.startsWith('| permission rule `toolName`'));
    expect(row).toBeDefined();
    for (const form of [
      '`tool:<name>`',
      '`hint:<annotation>`',
      '`hint:!<annotation>`',
      '256 characters',
      ...TOOL_HINTS.map((h) => `\`${h}\``),
    ]) {
      expect(row).toContain(form);
    }
  });
});
