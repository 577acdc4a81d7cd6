import { ChannelKeysDocument, ToolboxDocument } from './support/generated/graphql';
import { codeOf, startTestServer, typed, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let admin: string;
let runtime: string;
let serverId: string;
let projectId: string;

const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  [{ adminKey: admin }] = await world.organizations(['Test org']);
  runtime = await world.key(admin, 'RUNTIME');
  [{ id: serverId }] = await world.mcpServers(admin, [{ name: 'srv' }]);
  [{ id: projectId }] = await world.projects(admin, [{ name: 'p' }]);
});
afterAll(() => t.stop());

const CREATE_TOOL = `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`;
const RECORD = typed<{ recordToolCalls: { accepted: number; duplicates: number } }>(
  `mutation($calls: [ToolCallInput!]!) { recordToolCalls(calls: $calls) { accepted duplicates } }`,
);
const tool = (over: Record<string, unknown>) => ({ name: 'fresh', description: 'd', inputSchema: { type: 'object' }, ...over });
const call = (over: Record<string, unknown> = {}) => ({ toolName: 'Read', projectId, userId: 'u', isError: false, ...over });

/** A request whose input schema nests `levels` levels: written by hand, since JSON.stringify itself gives up on it. */
const nestedSchemaBody = (levels: number): string =>
  `{"query": ${JSON.stringify(CREATE_TOOL)}, "variables": {"input": {"name": "deep", "description": "d", "inputSchema": ` +
  '{"type": "object", "properties": {"x": '.repeat(levels) +
  '{"type": "string"}' +
  '}}'.repeat(levels) +
  '}}}';

type Case = [label: string, key: () => string, query: string, variables: () => Record<string, unknown>, field: string];

const CASES: Case[] = [
  ['NUL in a name', () => admin, CREATE_TOOL, () => ({ input: tool({ name: NUL }) }), 'input.name'],
  ['NUL in a description', () => admin, CREATE_TOOL, () => ({ input: tool({ description: NUL }) }), 'input.description'],
  [
    'NUL in a schema key',
    () => admin,
    CREATE_TOOL,
    () => ({ input: tool({ inputSchema: { type: 'object', [NUL]: 1 } }) }),
    'input.inputSchema',
  ],
  [
    'NUL in a schema value',
    () => admin,
    CREATE_TOOL,
    () => ({ input: tool({ inputSchema: { type: 'object', title: NUL } }) }),
    'input.inputSchema.title',
  ],
  [
    'a lone surrogate in a schema key',
    () => admin,
    CREATE_TOOL,
    () => ({ input: tool({ inputSchema: { type: 'object', properties: { [LONE]: {} } } }) }),
    'input.inputSchema.properties',
  ],
  ['a lone surrogate in a description', () => admin, CREATE_TOOL, () => ({ input: tool({ description: LONE }) }), 'input.description'],
  ['NUL in a userId', () => runtime, RECORD, () => ({ calls: [call(), call({ userId: NUL })] }), 'calls[1].userId'],
  ['NUL in an idempotency key', () => runtime, RECORD, () => ({ calls: [call({ idempotencyKey: NUL })] }), 'calls[0].idempotencyKey'],
  ['NUL in toolUsage(userId:)', () => runtime, `query($u: String) { toolUsage(userId: $u) { calls } }`, () => ({ u: NUL }), 'userId'],
  [
    'NUL in a change set',
    () => admin,
    `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { liveConversations } }`,
    () => ({ c: [{ createTool: tool({ name: 'ok1' }) }, { createTool: tool({ description: NUL }) }] }),
    'changes[1].createTool.description',
  ],
  ['a batch of 1,001 calls', () => runtime, RECORD, () => ({ calls: Array.from({ length: 1001 }, () => call()) }), 'calls'],
  [
    'a change set of 201 changes',
    () => admin,
    `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { liveConversations } }`,
    () => ({ c: Array.from({ length: 201 }, (_, i) => ({ createTool: tool({ name: `n${i}` }) })) }),
    'changes',
  ],
  [
    'an inventory of 501 tools',
    () => admin,
    `mutation($s: ID!, $t: [McpToolInput!]!) { reportMcpInventory(serverId: $s, tools: $t, advertisesResources: false) { id } }`,
    () => ({
      s: serverId,
      t: Array.from({ length: 501 }, (_, i) => ({ name: `x${i}`, description: 'd', inputSchema: { type: 'object' } })),
    }),
    'tools',
  ],
];

describe('every bad input is a coded error naming the field, and writes nothing', () => {
  it.each(CASES)('%s', async (_label, key, query, variables, field) => {
    const result = await t.gql(key(), query, variables());
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    // Variables of another name than their argument are named by the argument's path where the resolver sees them.
    const named = result.errors![0].extensions!.field ?? result.errors![0].message;
    expect(named.startsWith(field) || result.errors![0].message.includes(`"${field}`)).toBe(true);
    expect(result.errors![0].message.length).toBeLessThan(700);
  });

  it('a schema nested 5,000 levels', async () => {
    const res = await fetch(t.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: nestedSchemaBody(5_000),
    });
    const result = await res.json();
    expect(result.errors[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: expect.stringMatching(/^input\.inputSchema\.properties\.x/),
    });
    expect(result.errors[0].message).toMatch(/at most 64 levels/);
  });

  it('fifty and more bad variables are still bad input, not an internal error', async () => {
    const result = await t.gql(runtime, RECORD, { calls: Array.from({ length: 60 }, () => ({ toolName: 'Read' })) });
    expect(new Set(result.errors?.map((e) => e.extensions?.code))).toEqual(new Set(['BAD_USER_INPUT']));
  });

  it('nothing of the refused inputs was stored', async () => {
    const data = await t.ok(
      admin,
      `{ toolDefinitions { name } toolUsage(projectId: "${projectId}", userId: "u") { calls } mcpServers { tools { name } } }`,
    );
    expect(data).toEqual({ toolDefinitions: [], toolUsage: [], mcpServers: [{ tools: [] }] });
  });

  it('a batch of 500 calls is accepted', async () => {
    const result = await t.ok(runtime, RECORD, { calls: Array.from({ length: 500 }, () => call()) });
    expect(result.recordToolCalls).toEqual({ accepted: 500, duplicates: 0 });
  });

  it('text with emoji and other astral characters is stored faithfully', async () => {
    const description = 'Finds 🚀 records — naïve café ☕ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢';
    await t.ok(admin, CREATE_TOOL, { input: tool({ name: 'astral', description }) });
    const data = await t.ok<{ toolDefinitions: unknown[] }>(admin, `{ toolDefinitions { name description } }`);
    expect(data.toolDefinitions).toEqual([{ name: 'astral', description }]);
  });

  it('a huge channel key is not echoed back', async () => {
    const [{ id: agentId }] = await world.agents(admin, [{ name: 'a' }]);
    const result = await t.gql(admin, ToolboxDocument, { agentId, channel: 'k'.repeat(900_000) });
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(result).length).toBeLessThan(2_000);
  });
});

describe('an organisation’s catalogue is bounded', () => {
  it('200 channels, five per request; the 201st is refused and not stored', async () => {
    await world.channels(
      admin,
      Array.from({ length: 200 }, (_, i) => ({ key: `ch${i}`, name: 'c' })),
    );
    const refused = await t.gql(admin, `mutation { createChannel(input: { key: "one-more", name: "c" }) { id } }`);
    expect(refused.errors?.[0]).toMatchObject({
      message: 'input: an organisation has at most 200 channels',
      extensions: { code: 'BAD_USER_INPUT', field: 'input' },
    });
    expect((await t.ok(admin, ChannelKeysDocument)).channels).toHaveLength(200);
  });
});

describe('dates', () => {
  const BUDGET = `query($at: DateTime) { toolBudget(asOf: $at) { level } }`;

  it.each(['0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '+275760-09-13T00:00:00Z', '10000-01-01T00:00:00Z'])(
    'asOf %s is refused with the range in the message',
    async (at) => {
      const result = await t.gql(admin, BUDGET, { at });
      expect(codeOf(result)).toBe('BAD_USER_INPUT');
      const rest = await fetch(`${t.server.url}/rpc/tools/gc?asOf=${encodeURIComponent(at)}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(rest.status).toBe(400);
      expect((await rest.json()).error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'asOf' });
    },
  );

  it('a literal date out of range is refused too', async () => {
    const result = await t.gql(admin, `{ toolBudget(asOf: "0001-01-01T00:00:00Z") { level } }`);
    expect(result.errors?.[0].message).toMatch(/1970-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z/);
  });

  it('a date out of range in a variable is BAD_USER_INPUT naming the input, by its argument path; in the document it fails validation', async () => {
    const far = '0001-01-01T00:00:00Z';
    const refused = async (query: string, variables: Record<string, unknown>) => (await t.gql(runtime, query, variables)).errors?.[0];
    expect(await refused(RECORD, { calls: [call({ at: far })] })).toMatchObject({
      message: expect.stringMatching(/1970-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z/),
      extensions: { code: 'BAD_USER_INPUT', field: 'calls[0].at' },
    });
    const renamed = `mutation($c: [ToolCallInput!]!) { recordToolCalls(calls: $c) { accepted } }`;
    expect((await refused(renamed, { c: [call(), call({ at: far })] }))?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'calls[1].at',
    });
    const nested = `mutation($at: DateTime) { recordToolCalls(calls: [{ toolName: "Read", isError: false, at: $at }]) { accepted } }`;
    expect((await refused(nested, { at: far }))?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'calls[0].at' });
    expect((await refused(`query($at: DateTime) { toolBudget(asOf: $at) { level } }`, { at: far }))?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'asOf',
    });
    const literal = `mutation { recordToolCalls(calls: [{ toolName: "Read", isError: false, at: "${far}" }]) { accepted } }`;
    expect((await refused(literal, {}))?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a NUL in a REST parameter is a coded 400', async () => {
    const rest = await fetch(`${t.server.url}/rpc/tools/gc?userId=a%00b`, { headers: { authorization: `Bearer ${admin}` } });
    expect(rest.status).toBe(400);
    expect((await rest.json()).error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'userId' });
  });

  it('the first and last instants of the range are stored and returned exactly', async () => {
    const first = '1970-01-01T00:00:00.001Z';
    await t.ok(runtime, RECORD, { calls: [call({ toolName: 'Epoch', userId: 'dates', at: first })] });
    const usage = await t.ok<{ toolUsage: unknown[] }>(
      runtime,
      `query($p: ID) { toolUsage(projectId: $p, userId: "dates") { toolName lastCalledAt } }`,
      {
        p: projectId,
      },
    );
    expect(usage.toolUsage).toEqual([{ toolName: 'Epoch', lastCalledAt: first }]);
    const last = await t.gql(admin, `{ toolBudget(asOf: "9999-12-31T23:59:59.999Z") { level } }`);
    expect(last.errors).toBeUndefined();
  });
});
