import { randomUUID } from 'node:crypto';
import {
  AgentsAndChannelsDocument,
  AgentsPageDocument,
  DeleteToolDefinitionDocument,
  ToolDefinitionsDocument,
  ToolDefinitionsPageDocument,
} from './support/generated/graphql';
import { codeOf, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * toolDefinitions and agents, a page at a time: the same rows in the same
 * order as the whole lists, in pages of at most 100.
 */

interface Connection {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: Array<{ cursor: string; node: { id: string; name: string } }>;
}

const COUNT = 250;
const inputSchema = { type: 'object', properties: {} };

let t: TestServer;
let world: TestWorld;
let key: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  [{ adminKey: key }] = await world.organizations(['pages']);
  [{ id: projectId }] = await world.projects(key, [{ name: 'p' }]);
  const inProject = (i: number) => (i % 10 === 0 ? { projectId } : {});
  // Few distinct sortOrders, so most of the order comes from names, then ids.
  await world.tools(
    key,
    Array.from({ length: COUNT }, (_, i) => ({
      name: `tool_${(i * 37) % COUNT}`,
      description: 'd',
      inputSchema,
      sortOrder: i % 3,
      ...inProject(i),
    })),
  );
  await world.agents(
    key,
    Array.from({ length: COUNT }, (_, i) => ({ name: `agent_${i}`, ...inProject(i) })),
  );
}, 120_000);
afterAll(() => t.stop());

/** Every page of a list, `first` at a time, from the start. */
async function allPages(read: (after: string | null) => Promise<Connection>): Promise<Connection[]> {
  const pages: Connection[] = [];
  let after: string | null = null;
  do {
    const page: Connection = await read(after);
    pages.push(page);
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return pages;
}

it('reads 250 tool definitions in pages of 100, in the order of toolDefinitions', async () => {
  const pages = await allPages(async (after) => (await t.ok(key, ToolDefinitionsPageDocument, { first: 100, after })).toolDefinitionsPage);
  expect(pages.map((p) => p.edges.length)).toEqual([100, 100, 50]);
  expect(pages.map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
  expect(pages.every((p) => p.totalCount === COUNT)).toBe(true);
  expect(pages.map((p) => p.pageInfo.endCursor)).toEqual(pages.map((p) => p.edges.at(-1)!.cursor));
  const whole = (await t.ok(key, ToolDefinitionsDocument)).toolDefinitions;
  expect(pages.flatMap((p) => p.edges.map((e) => e.node.id))).toEqual(whole.map((d) => d.id));
});

it('pages the filtered lists like the whole ones, and 20 at a time when first is absent', async () => {
  const inProject = await allPages(
    async (after) => (await t.ok(key, ToolDefinitionsPageDocument, { first: 10, after, projectId })).toolDefinitionsPage,
  );
  expect(inProject.flatMap((p) => p.edges).length).toBe(COUNT / 10);
  expect((await t.ok(key, ToolDefinitionsPageDocument, { source: 'MCP' })).toolDefinitionsPage).toMatchObject({ totalCount: 0, edges: [] });
  expect((await t.ok(key, ToolDefinitionsPageDocument, {})).toolDefinitionsPage.edges).toHaveLength(20);
  expect((await t.ok(key, ToolDefinitionsPageDocument, { projectId: randomUUID() })).toolDefinitionsPage.totalCount).toBe(0);
});

it('goes on after the tool a page ended on was deleted', async () => {
  const first = (await t.ok(key, ToolDefinitionsPageDocument, { first: 5 })).toolDefinitionsPage;
  const next = (await t.ok(key, ToolDefinitionsPageDocument, { first: 5, after: first.pageInfo.endCursor })).toolDefinitionsPage;
  await t.ok(key, DeleteToolDefinitionDocument, { id: first.edges.at(-1)!.node.id });
  const again = (await t.ok(key, ToolDefinitionsPageDocument, { first: 5, after: first.pageInfo.endCursor })).toolDefinitionsPage;
  expect(again.edges.map((e) => e.node.id)).toEqual(next.edges.map((e) => e.node.id));
});

it('reads 250 agents in pages of 100, in the order of agents', async () => {
  const pages = await allPages(async (after) => (await t.ok(key, AgentsPageDocument, { first: 100, after })).agentsPage);
  expect(pages.map((p) => p.edges.length)).toEqual([100, 100, 50]);
  expect(pages.map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
  const whole = (await t.ok(key, AgentsAndChannelsDocument)).agents;
  expect(pages.flatMap((p) => p.edges.map((e) => e.node.id))).toEqual(whole.map((a) => a.id));
  expect(pages.flatMap((p) => p.edges.map((e) => e.node.name)).slice(0, 3)).toEqual(['agent_0', 'agent_1', 'agent_2']);
  const inProject = (await t.ok(key, AgentsPageDocument, { first: 100, projectId })).agentsPage;
  expect(inProject.totalCount).toBe(COUNT / 10);
});

it("shows another organisation's lists as empty, and refuses its cursors", async () => {
  const [{ adminKey: other }] = await world.organizations(['other']);
  expect((await t.ok(other, ToolDefinitionsPageDocument, { first: 100 })).toolDefinitionsPage).toMatchObject({ totalCount: 0, edges: [] });
  expect((await t.ok(other, AgentsPageDocument, { first: 100 })).agentsPage).toMatchObject({ totalCount: 0, edges: [] });
  const cursor = (await t.ok(key, AgentsPageDocument, { first: 1 })).agentsPage.pageInfo.endCursor;
  const result = await t.gql(other, AgentsPageDocument, { first: 1, after: cursor });
  expect(codeOf(result)).toBe('BAD_USER_INPUT');
  expect(result.errors![0].extensions!.field).toBe('after');
  // A tool list's cursor, whose key would be a position in any organisation's list: refused there, and cut short here.
  await world.tools(other, [{ name: 'z', description: 'd', inputSchema: { type: 'object' } }]);
  const toolCursor = (await t.ok(key, ToolDefinitionsPageDocument, { first: 3 })).toolDefinitionsPage.pageInfo.endCursor!;
  for (const [who, after] of [
    [other, toolCursor],
    [key, toolCursor.slice(0, -4)],
  ] as const) {
    const refused = await t.gql(who, ToolDefinitionsPageDocument, { first: 1, after });
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors![0].extensions!.field).toBe('after');
  }
});

const cursor = (text: string) => Buffer.from(text).toString('base64url');
const UUID = '00000000-0000-4000-8000-000000000000';

/** A page's position: where it starts and how long it is. */
type Position = { first?: number; after?: string };

describe.each([
  ['toolDefinitionsPage', (position: Position) => t.gql(key, ToolDefinitionsPageDocument, position)],
  ['agentsPage', (position: Position) => t.gql(key, AgentsPageDocument, position)],
])('%s refuses', (_list, read) => {
  // Each list's cursors are refused by the other, and one of an agent that does not exist by the agents'.
  it.each([
    ['first', { first: 101 }],
    ['first', { first: -1 }],
    ['after', { after: 'nonsense' }],
    ['after', { after: cursor(`conversation:${UUID}`) }],
    ['after', { after: cursor(`tool:1:${UUID}:x`) + '=' }],
    ['after', { after: cursor('tool:99999999999:x:y') }],
    ['after', { after: cursor(`tool:1:${UUID}:a\u0000b`) }],
    ['after', { after: cursor(`agent:${UUID}`) }],
  ])('naming %s: %j', async (field, variables) => {
    const result = await read(variables);
    expect(codeOf(result)).toBe('BAD_USER_INPUT');
    expect(result.errors![0].extensions!.field).toBe(field);
    expect(result.data).toBeNull();
  });
});
