import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { projectRoot } from '../src/common/project-root';
import { startTestServer, type TestServer } from './support/harness';

/**
 * Every ID argument and input field names a stored row by the id the API
 * returned: anything else (an empty string, "0", a name) is BAD_USER_INPUT
 * naming it, before any SQL sees it, on every operation that takes one. A
 * lookup by id (a query whose answer is nullable) answers null for it, as
 * for an id that names nothing.
 */

const schema = buildSchema(fs.readFileSync(path.join(projectRoot(), 'schema/schema.graphql'), 'utf8'));

/** ID arguments that name no stored row: `toolBudget`'s session is echoed, never looked up. */
const NOT_ROW_IDS = new Set(['toolBudget(sessionId)']);

/** A value of `type` that passes GraphQL's coercion; `bad` is put at `target` (the path below this value), if any. */
function valueOf(type: GraphQLInputType, target: readonly string[] | null, bad: string): unknown {
  if (isNonNullType(type)) return valueOf(type.ofType, target, bad);
  if (isListType(type)) return target ? [valueOf(type.ofType, target.slice(1), bad)] : [];
  if (target && target.length === 0) return bad;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const here = target && target[0] === field.name ? target.slice(1) : null;
      if (here || (isNonNullType(field.type) && field.defaultValue === undefined)) value[field.name] = valueOf(field.type, here, bad);
    }
    return value;
  }
  if (isEnumType(type)) return type.getValues()[0].name;
  const scalars: Record<string, unknown> = {
    ID: randomUUID(),
    String: 'x',
    Boolean: false,
    Int: 1,
    Float: 1,
    DateTime: new Date().toISOString(),
    JSON: {},
    McpTool: { name: 'x', inputSchema: { type: 'object' } },
  };
  if (!(type.name in scalars)) throw new Error(`no value for scalar ${type.name}`);
  return scalars[type.name];
}

/** The paths to every ID below `type`, as property names and list steps (`[]`). */
function idPaths(type: GraphQLInputType, seen: ReadonlySet<string> = new Set()): string[][] {
  if (isNonNullType(type)) return idPaths(type.ofType, seen);
  if (isListType(type)) return idPaths(type.ofType, seen).map((p) => ['[]', ...p]);
  if (type.name === 'ID') return [[]];
  if (!isInputObjectType(type) || seen.has(type.name)) return [];
  return Object.values(type.getFields()).flatMap((f) => idPaths(f.type, new Set([...seen, type.name])).map((p) => [f.name, ...p]));
}

/** `calls[0].projectId` from ['calls', '[]', 'projectId']. */
const fieldName = (steps: readonly string[]): string =>
  steps.reduce((name, step) => (step === '[]' ? `${name}[0]` : name ? `${name}.${step}` : step), '');

interface Case {
  label: string;
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
  steps: string[];
}

const isLookup = ({ operation, field }: Case): boolean => operation === 'query' && !isNonNullType(field.type);

const CASES: Case[] = (['query', 'mutation'] as const).flatMap((operation) => {
  const root = operation === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  return Object.values(root.getFields()).flatMap((field) =>
    field.args.flatMap((arg) =>
      idPaths(arg.type)
        .map((p) => [arg.name, ...p])
        .filter((steps) => !NOT_ROW_IDS.has(`${field.name}(${fieldName(steps)})`))
        .map((steps) => ({ label: `${field.name}(${fieldName(steps)})`, operation, field, steps })),
    ),
  );
});

/** The document and variables that send `bad` at the case's path, every other argument a value that coerces. */
function request({ operation, field, steps }: Case, bad: string) {
  const args = field.args.filter((a) => a.name === steps[0] || isNonNullType(a.type));
  const variables = Object.fromEntries(args.map((a) => [a.name, valueOf(a.type, a.name === steps[0] ? steps.slice(1) : null, bad)]));
  const declared = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : '{ __typename }';
  return {
    query: `${operation}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`,
    variables,
  };
}

let t: TestServer;
let admin: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = (await t.createOrganization()).adminKey;
});
afterAll(() => t.stop());

it('the schema has ID arguments and input fields at every depth', () => {
  const labels = CASES.map((c) => c.label);
  expect(labels).toEqual(
    expect.arrayContaining([
      'toolBudget(projectId)',
      'toolBudget(agentId)',
      'createAgent(input.projectId)',
      'createMiniApp(input.projectId)',
      'registerMcpServer(input.projectId)',
      'createToolDefinition(input.agentId)',
      'recordToolCalls(calls[0].projectId)',
      'applyChangeSet(changes[0].createTool.projectId)',
      'applyChangeSet(changes[0].updateTool.patch.agentId)',
      'updateToolDefinition(input.agentId)',
      'agent(id)',
      'toolbox(agentId)',
    ]),
  );
});

describe.each(['', '0', 'not-an-id', `${randomUUID()}x`])('%j as an id', (bad) => {
  it.each(CASES.filter((c) => !isLookup(c)).map((c) => [c.label, c] as const))('%s: BAD_USER_INPUT naming the field', async (_label, c) => {
    const { query, variables } = request(c, bad);
    const result = await t.gql(admin, query, variables);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: fieldName(c.steps) });
    expect(result.errors![0].message).toContain('must be an id');
  });

  it.each(CASES.filter(isLookup).map((c) => [c.label, c] as const))('%s: null, as for an id that names nothing', async (_label, c) => {
    const { query, variables } = request(c, bad);
    expect(await t.gql(admin, query, variables)).toEqual({ data: { [c.field.name]: null } });
  });
});

it.each(['projectId', 'agentId'])('/rpc/tools/gc refuses a %s that is not an id as the query does', async (name) => {
  const res = await fetch(`${t.server.url}/rpc/tools/gc?${name}=nope`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(400);
  expect((await res.json()).error).toMatchObject({ code: 'BAD_USER_INPUT', field: name, message: `${name}: must be an id` });
});

describe('a well-formed id that names nothing is as before', () => {
  it('null on a query by id, NOT_FOUND on a mutation, an empty list on a filter', async () => {
    const unknown = randomUUID();
    const data = await t.ok(
      admin,
      `query($id: ID!) { agent(id: $id) { id } toolDefinition(id: $id) { id } agents(projectId: $id) { id } }`,
      {
        id: unknown,
      },
    );
    expect(data).toEqual({ agent: null, toolDefinition: null, agents: [] });
    const result = await t.gql(admin, `mutation($id: ID!) { updateAgent(id: $id, input: {}) { id } }`, { id: unknown });
    expect(result.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it("toolBudget's sessionId is any text, echoed", async () => {
    const data = await t.ok<{ toolBudget: { sessionId: string } }>(admin, `query($s: ID) { toolBudget(sessionId: $s) { sessionId } }`, {
      s: 'session 7',
    });
    expect(data.toolBudget.sessionId).toBe('session 7');
  });
});
