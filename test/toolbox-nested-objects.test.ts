import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isLeafType, isObjectType, type GraphQLObjectType } from 'graphql';
import { projectRoot } from '../src/common/project-root';
import { DirectToolboxDocument, ReportMcpInventoryDocument, type ToolDefinitionInput } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/**
 * The toolbox's nested definitions and agent are the stored ones: every
 * field their types declare answers through every path that reaches them,
 * exactly as `toolDefinition(id:)` and `agent(id:)` answer it.
 */

const schema = buildSchema(fs.readFileSync(path.join(projectRoot(), 'schema/schema.graphql'), 'utf8'));

/** Arguments a field needs, and object fields selected by one leaf: enough to run every field's resolver. */
const REQUIRED_ARGS: Record<string, string> = { 'Agent.toolbox': '(channel: "web")', 'Agent.invalidations': '(first: 1)' };
const NESTED: Record<string, string> = { 'Agent.toolbox': 'fingerprint', 'Agent.invalidations': 'totalCount' };

/**
 * Every field of `type`: leaves by name, objects by `__typename` (or the one
 * leaf above), `agent` of a definition in full but for its own toolbox
 * (which its own path covers, and which would take the document past the cost limit).
 */
function everyField(type: GraphQLObjectType, depth = 0): string[] {
  return Object.values(type.getFields())
    .filter((field) => depth === 0 || field.name !== 'toolbox')
    .map((field) => {
      const key = `${type.name}.${field.name}`;
      const args = REQUIRED_ARGS[key] ?? '';
      if (isLeafType(getNamedType(field.type))) return field.name + args;
      const named = getNamedType(field.type);
      if (key === 'ToolDefinition.agent' && depth === 0 && isObjectType(named))
        return `agent { ${everyField(named, depth + 1).join(' ')} }`;
      return `${field.name}${args} { ${NESTED[key] ?? '__typename'} }`;
    });
}
/** A definition's fields in thirds, each with its id: all of them at once, in a list of toolboxes, would cost more than a document may. */
const toolFields = everyField(schema.getType('ToolDefinition') as GraphQLObjectType);
const third = Math.ceil(toolFields.length / 3);
const TOOL_PARTS = [0, 1, 2].map((i) => ['id', ...toolFields.slice(i * third, (i + 1) * third).filter((f) => f !== 'id')].join(' '));
const AGENT = everyField(schema.getType('Agent') as GraphQLObjectType).join(' ');

/** Each part of a toolbox that holds a definition or an agent: the fields selected of it, and the selection that reaches it. */
const PARTS: Record<string, { fields: string; select: string }> = {
  agent: { fields: AGENT, select: `agent { ${AGENT} }` },
  ...Object.fromEntries(
    TOOL_PARTS.flatMap((fields, i) => [
      [`tools.tool (third ${i + 1})`, { fields, select: `tools { name tool { ${fields} } }` }],
      [`dropped.tool (third ${i + 1})`, { fields, select: `dropped { name reason tool { ${fields} } }` }],
      [`dropped.shadowedBy (third ${i + 1})`, { fields, select: `dropped { name reason shadowedBy { ${fields} } }` }],
    ]),
  ),
};
/** A toolbox as these documents select it: the part asked for, each object with at least its id. */
type Stored = { id: string };
interface Box {
  agent: Stored;
  tools: Array<Record<string, Stored | null>>;
  dropped: Array<Record<string, Stored | null>>;
}
interface Data {
  toolbox: Box;
  agent: { toolbox: Box };
  agents: Array<{ id: string; toolbox: Box }>;
}

/** Each path to a toolbox, with where its toolbox sits in the data: documents made from the schema, so written here. */
const PATHS: Array<[string, (part: string) => string, (data: Data) => Box]> = [
  ['toolbox(agentId:, channel:)', (p) => `query($a: ID!) { toolbox(agentId: $a, channel: "web") { ${p} } }`, (d) => d.toolbox],
  ['agent(id:) { toolbox }', (p) => `query($a: ID!) { agent(id: $a) { toolbox(channel: "web") { ${p} } } }`, (d) => d.agent.toolbox],
  [
    'agents { toolbox }',
    (p) => `{ agents { id toolbox(channel: "web") { ${p} } } }`,
    (d) => d.agents.find((a) => a.id === agentId)!.toolbox,
  ],
];

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
/** The organisation-wide y_tool: it shadows the built-in and the project's shadows it. */
let orgWide: string;

async function create(input: Partial<ToolDefinitionInput> & { name: string }): Promise<string> {
  const [created] = await world.tools(key, [{ description: `about ${input.name}`, inputSchema: { type: 'object' }, ...input }]);
  return created.id;
}

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  key = (await world.organization('Test org')).adminKey;
  const [{ id: project }] = await world.projects(key, [{ name: 'p' }]);
  const [{ id: miniApp }] = await world.miniApps(key, [{ name: 'app' }]);
  const [{ id: server }] = await world.mcpServers(key, [{ name: 'files' }]);
  [{ id: agentId }] = await world.agents(key, [{ name: 'a', projectId: project }, { name: 'other' }]);
  // Carried: a project definition that shadows an organisation-wide one and a built-in, an agent's own, a mini app's.
  await create({ name: 'y_tool', source: 'BUILT_IN', sortOrder: -1 });
  orgWide = await create({ name: 'y_tool' });
  await create({ name: 'y_tool', projectId: project, channels: ['web'] });
  await create({ name: 'own', agentId, miniAppId: miniApp });
  // Left out: by a DENY rule, and inactive.
  await create({ name: 'denied' });
  await create({ name: 'sleeping', active: false });
  await world.rules(key, [{ agentId, toolName: 'denied', effect: 'DENY' }]);
  // An MCP tool, with what its server reported beyond what a model is sent.
  await t.ok(key, ReportMcpInventoryDocument, {
    serverId: server,
    tools: [
      {
        name: 'read_file',
        title: 'Read',
        description: 'Reads a file',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      },
    ],
  });
});
afterAll(() => t.stop());

/** A definition, or an agent, as its own query answers `fields` of it. */
async function stored(kind: 'tool' | 'agent', id: string, fields: string): Promise<unknown> {
  const data = await t.ok<Record<string, unknown>>(
    key,
    kind === 'tool'
      ? `query($id: ID!) { x: toolDefinition(id: $id) { ${fields} } }`
      : `query($id: ID!) { x: agent(id: $id) { ${fields} } }`,
    { id },
  );
  return data.x;
}

describe.each(PATHS)('through %s', (_label, documentOf, toolboxOf) => {
  it.each(Object.keys(PARTS))('%s answers every field as the stored row does', async (part) => {
    const result = await t.gql<Data>(key, documentOf(PARTS[part].select), { a: agentId });
    expect(result.errors).toBeUndefined();
    const box = toolboxOf(result.data!);
    const [list, member] = part.split(' ')[0].split('.') as ['tools' | 'dropped', string];
    const found: Array<{ kind: 'tool' | 'agent'; value: Stored }> =
      part === 'agent'
        ? [{ kind: 'agent', value: box.agent }]
        : box[list].flatMap((entry) => (entry[member] ? [{ kind: 'tool' as const, value: entry[member] }] : []));
    expect(found.length).toBeGreaterThan(0);
    for (const { kind, value } of found) expect(value).toEqual(await stored(kind, value.id, PARTS[part].fields));
  });
});

it('the world has every kind of part: carried, shadowed, excluded, inactive and MCP definitions', async () => {
  const data = await t.ok(key, DirectToolboxDocument, { agentId });
  expect(data.toolbox.tools.map((e) => e.name).sort()).toEqual(['mcp__files__read_file', 'own', 'y_tool']);
  expect(new Set(data.toolbox.dropped.map((d) => d.reason))).toEqual(new Set(['SHADOWED', 'EXCLUDED', 'INACTIVE']));
});

describe("a definition's shadows and shadowedBy", () => {
  it.each(TOOL_PARTS.map((fields, i) => [i + 1, fields]))('answer every field as the stored rows do (third %d)', async (_third, fields) => {
    const data = await t.ok<{ toolDefinition: Record<'shadows' | 'shadowedBy', Array<{ id: string }>> }>(
      key,
      `query($id: ID!) { toolDefinition(id: $id) { shadows { ${fields} } shadowedBy { ${fields} } } }`,
      { id: orgWide },
    );
    const related = [...data.toolDefinition.shadows, ...data.toolDefinition.shadowedBy];
    expect(related).toHaveLength(2);
    for (const value of related) expect(value).toEqual(await stored('tool', value.id, fields));
  });
});
