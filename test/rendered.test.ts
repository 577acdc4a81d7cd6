import {
  BeginTurnDocument,
  DeleteToolDefinitionDocument,
  ReportMcpInventoryDocument,
  ToolboxDetailDocument,
  TurnRecordDocument,
  UpdateToolDefinitionDocument,
  type McpToolInput,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
/** The ids of the first organisation's tools, by name. */
const toolIds = new Map<string, string>();

const schema = { type: 'object', properties: { q: { type: 'string' } } };
/** One tool as a rendering carries it. */
type Rendered = Record<string, unknown>;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  const org = await world.organization('Test org', {
    agents: [{ name: 'a', model: 'anthropic/claude-sonnet-4-5' }],
    tools: [
      { name: 'second', description: 'does second', inputSchema: schema, sortOrder: 2 },
      { name: 'first', description: 'does first', inputSchema: schema, sortOrder: 1 },
    ],
  });
  key = org.adminKey;
  [{ id: agentId }] = org.agents;
  for (const { id, name } of org.tools) toolIds.set(name, id);
});
afterAll(() => t.stop());

it("renders the live toolbox for the agent model's provider by default, in toolbox order", async () => {
  const box = (await t.ok(key, ToolboxDetailDocument, { agentId })).toolbox;
  expect(box.tools.map((x) => x.name)).toEqual(['first', 'second']);
  expect(box.rendered).toEqual([
    { name: 'first', description: 'does first', input_schema: schema },
    { name: 'second', description: 'does second', input_schema: schema },
  ]);
});

it('renders for any provider on request', async () => {
  const openai = (await t.ok(key, ToolboxDetailDocument, { agentId, provider: 'OPENAI' })).toolbox.rendered as Rendered[];
  expect(openai[0]).toEqual({ type: 'function', function: { name: 'first', description: 'does first', parameters: schema } });
  const gemini = (await t.ok(key, ToolboxDetailDocument, { agentId, provider: 'GOOGLE' })).toolbox.rendered;
  expect(gemini).toEqual([
    {
      functionDeclarations: [
        { name: 'first', description: 'does first', parametersJsonSchema: schema },
        { name: 'second', description: 'does second', parametersJsonSchema: schema },
      ],
    },
  ]);
});

it("renders a turn's snapshot as it was sent, after the definitions changed", async () => {
  const conversationId = await world.startConversation(key, { agentId });
  const turn = (await t.ok(key, BeginTurnDocument, { conversationId })).beginTurn;
  await t.ok(key, UpdateToolDefinitionDocument, { id: toolIds.get('first')!, input: { description: 'changed' } });
  const snap = (await t.ok(key, TurnRecordDocument, { id: turn.id })).turn!.toolbox;
  expect((snap.rendered as Rendered[])[0]).toEqual({ name: 'first', description: 'does first', input_schema: schema });
});

describe('the Responses API and neutral renderings, and the names each carried tool stands for', () => {
  // `mcp__github__` and this 59-character name make 72 characters: sent in a short form.
  const LONG = 'create_or_update_file_contents_in_a_repository_branch_12345';
  const STRICT_SCHEMA = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false };
  const MCP_SCHEMA = { type: 'object', properties: { n: { type: 'integer' } } };

  interface Carried {
    name: string;
    toolName: string;
    mcpToolName?: string | null;
    mcpServerName?: string | null;
  }
  /** The names of each carried tool and the renderings (JSON to the schema, as the tools they render): the `Renderings` fragment's fields. */
  const rendered = (content: { tools: Carried[]; rendered: unknown; responses: unknown; neutral: unknown }) => ({
    tools: content.tools.map(({ name, toolName, mcpToolName, mcpServerName }): Carried => ({ name, toolName, mcpToolName, mcpServerName })),
    rendered: content.rendered as Rendered[],
    responses: content.responses as Rendered[],
    neutral: content.neutral as Rendered[],
  });

  let org: string;
  let agent: string;
  let serverId: string;
  const ids = new Map<string, string>();
  const report = (tools: Array<{ name: string }>) =>
    t.ok(org, ReportMcpInventoryDocument, {
      serverId,
      tools: tools.map((x): McpToolInput => ({ ...x, description: `does ${x.name}`, inputSchema: MCP_SCHEMA })),
    });
  const preview = async () => rendered((await t.ok(org, ToolboxDetailDocument, { agentId: agent })).toolbox);

  beforeAll(async () => {
    const created = await world.organization('Test org', {
      agents: [{ name: 'b', model: 'openai/gpt-4o' }],
      tools: [
        { name: 'lookup', description: 'finds', inputSchema: schema },
        { name: 'strict_lookup', description: 'finds', inputSchema: STRICT_SCHEMA },
      ],
    });
    org = created.adminKey;
    [{ id: agent }] = created.agents;
    for (const { id, name } of created.tools) ids.set(name, id);
    [{ id: serverId }] = await world.mcpServers(org, [{ name: 'github' }]);
    await report([{ name: 'close' }, { name: LONG }]);
  });

  const byToolName = (tools: Carried[]) => new Map(tools.map((x) => [x.toolName, x]));

  it('names each preview entry by the name sent, the definition it stands for and, for MCP tools, the server and its own name', async () => {
    const { tools } = await preview();
    const entries = byToolName(tools);
    expect([...entries.keys()].sort()).toEqual(['lookup', `mcp__github__${LONG}`, 'mcp__github__close', 'strict_lookup'].sort());
    expect(entries.get('lookup')).toEqual({ name: 'lookup', toolName: 'lookup', mcpToolName: null, mcpServerName: null });
    expect(entries.get('mcp__github__close')).toEqual({
      name: 'mcp__github__close',
      toolName: 'mcp__github__close',
      mcpToolName: 'close',
      mcpServerName: 'github',
    });
    const long = entries.get(`mcp__github__${LONG}`)!;
    expect(long.name).not.toBe(long.toolName);
    expect(long.name.length).toBeLessThanOrEqual(64);
    expect(long).toMatchObject({ mcpToolName: LONG, mcpServerName: 'github' });
  });

  it('renders flat Responses API tools, strict only for the strict-ready schema, under the names sent', async () => {
    const { tools, responses } = await preview();
    expect(responses.map((r) => r.name)).toEqual(tools.map((x) => x.name));
    const named = new Map(responses.map((r) => [r.name, r]));
    expect(named.get('strict_lookup')).toEqual({
      type: 'function',
      name: 'strict_lookup',
      description: 'finds',
      parameters: STRICT_SCHEMA,
      strict: true,
    });
    expect(named.get('lookup')).toEqual({ type: 'function', name: 'lookup', description: 'finds', parameters: schema, strict: false });
    expect(named.get('mcp__github__close')).toMatchObject({ parameters: MCP_SCHEMA, strict: false });
    expect(responses.every((r) => !('function' in r))).toBe(true);
  });

  it('renders neutral tools with the schema as sent, and each MCP tool with the server and name its call goes to', async () => {
    const { tools, neutral } = await preview();
    expect(neutral.map((r) => r.name)).toEqual(tools.map((x) => x.name));
    const long = tools.find((x) => x.toolName === `mcp__github__${LONG}`)!;
    const named = new Map(neutral.map((r) => [r.name, r]));
    expect(named.get('lookup')).toEqual({ name: 'lookup', description: 'finds', inputSchema: schema });
    expect(named.get(long.name)).toEqual({
      name: long.name,
      description: `does ${LONG}`,
      inputSchema: MCP_SCHEMA,
      mcpServer: 'github',
      mcpToolName: LONG,
    });
    expect(named.get('mcp__github__close')).toMatchObject({ mcpServer: 'github', mcpToolName: 'close' });
  });

  it("gives a turn's snapshot the same names and renderings, and once a definition is deleted, the name sent and no MCP names", async () => {
    const conversationId = await world.startConversation(org, { agentId: agent });
    const begun = (await t.ok(org, BeginTurnDocument, { conversationId })).beginTurn;
    const previewed = await preview();
    expect(rendered(begun.toolbox)).toEqual(previewed);

    await t.ok(org, DeleteToolDefinitionDocument, { id: ids.get('lookup')! });
    await report([{ name: 'close' }]);
    const after = rendered((await t.ok(org, TurnRecordDocument, { id: begun.id })).turn!.toolbox);
    const long = previewed.tools.find((x) => x.toolName === `mcp__github__${LONG}`)!;
    const entries = new Map(after.tools.map((x) => [x.name, x]));
    expect(entries.get('lookup')).toEqual({ name: 'lookup', toolName: 'lookup', mcpToolName: null, mcpServerName: null });
    expect(entries.get(long.name)).toEqual({ name: long.name, toolName: long.name, mcpToolName: null, mcpServerName: null });
    expect(entries.get('mcp__github__close')).toEqual(previewed.tools.find((x) => x.name === 'mcp__github__close'));
    expect(after.responses).toEqual(previewed.responses);
    const neutral = new Map(after.neutral.map((r) => [r.name, r]));
    expect(neutral.get(long.name)).toEqual({ name: long.name, description: `does ${LONG}`, inputSchema: MCP_SCHEMA });
    expect(neutral.get('mcp__github__close')).toMatchObject({ mcpServer: 'github', mcpToolName: 'close' });
  });
});
