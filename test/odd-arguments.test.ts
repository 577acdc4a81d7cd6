import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { buildLoadoutSchema } from '../src/schema/build-schema';
import { BeginTurnDocument } from './support/generated/graphql';
import { OPERATOR_TOKEN, startTestServer, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * Every argument of every query and mutation, walked from the built schema,
 * sent odd values (empty, not an id, another organisation's id, huge and
 * tiny numbers, long text, dates out of range, odd JSON): each answer is
 * data, or errors every one of which is coded as the client's doing (or a
 * refusal), never an internal error.
 */

const CODED = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'FORBIDDEN',
  'CONFLICT',
  'UNAUTHENTICATED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
]);
/** Runs per operation: about 650 requests in all, well under a minute on either database. */
const RUNS = 12;
const DAY = 24 * 60 * 60 * 1000;

let t: TestServer;
let admin: string;
/** Ids of rows of every kind: this organisation's (no principal: a revoked key would end the run) and another's. */
const ids: string[] = [];

const ODD_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  'null',
  'web',
  'openai/gpt-4o',
  'tool:x',
  'hint:readOnly',
  '💥 naïve',
  'a'.repeat(300),
  'a'.repeat(20_000),
  'a\u0000b',
  'a\uD800b',
  "'; DROP TABLE agents; --",
];
const ODD_INTS = [0, -1, 1, 100, 2_147_483_647, -2_147_483_648, 2_147_483_648, -2_147_483_649, 1e308, -1e308];
const ODD_FLOATS = [0, -1, 1, 5e-324, 1e-300, 1_000_000, 1_000_000.01, 2_147_483_648, 1e308, -1e308, Number.MAX_VALUE];
const ODD_DATES = () => [
  '',
  'NaN',
  'yesterday',
  '2024-02-30T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  new Date(Date.now() - 400 * DAY).toISOString(),
  new Date(Date.now() - 40 * DAY).toISOString(),
  new Date().toISOString(),
  new Date(Date.now() + DAY).toISOString(),
  0,
  1e308,
];
const deep = (levels: number): unknown => (levels === 0 ? { type: 'string' } : { type: 'object', properties: { x: deep(levels - 1) } });
const ODD_JSON = [
  {},
  [],
  'x',
  0,
  1e308,
  { type: 'object' },
  { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
  { type: 'object', anyOf: [{}] },
  { type: 'string' },
  deep(70),
  { '\u0000': 1 },
  { name: 'x', inputSchema: { type: 'object' } },
  { name: '', inputSchema: 'x', annotations: { readOnlyHint: 'yes' } },
];

/** An arbitrary odd value of an input type; `depth` bounds input objects within input objects. */
function oddValue(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return oddValue(type.ofType, depth);
  if (isListType(type)) return fc.array(oddValue(type.ofType, depth), { maxLength: 3 });
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((v) => v.name));
  if (isInputObjectType(type)) return depth > 3 ? fc.constant({}) : inputObject(type, depth);
  return scalar(type.name);
}

/** Its required fields always, the others now and then. */
function inputObject(type: GraphQLInputObjectType, depth: number): fc.Arbitrary<unknown> {
  const fields = Object.entries(type.getFields());
  const model = Object.fromEntries(fields.map(([name, f]) => [name, nullable(f.type, depth + 1)]));
  const requiredKeys = fields.filter(([, f]) => isNonNullType(f.type)).map(([name]) => name);
  return fc.record(model, { requiredKeys });
}

/** A value of an argument or field: null now and then where the type allows it (fc.record leaves optional ones out, too). */
function nullable(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  const value = oddValue(type, depth);
  return isNonNullType(type) ? value : fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) });
}

function scalar(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID':
      return fc.oneof(fc.constantFrom('', '0', 'not-an-id', `${randomUUID()}x`, randomUUID(), 'a'.repeat(300)), fc.constantFrom(...ids));
    case 'String':
      return fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 20 }));
    case 'Int':
      return fc.oneof(fc.constantFrom(...ODD_INTS), fc.integer());
    case 'Float':
      return fc.oneof(fc.constantFrom(...ODD_FLOATS), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return fc.constantFrom(...ODD_DATES());
    case 'JSON':
    case 'McpTool':
      return fc.constantFrom(...ODD_JSON);
    default:
      throw new Error(`no odd values for scalar ${name}`);
  }
}

interface Operation {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/**
 * What a document selects of a type: every field that needs no argument,
 * two levels deep (leaves only on the second), so the fields' own
 * resolvers meet what the odd values stored.
 */
function selectionOf(type: GraphQLOutputType, level = 1): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const fields = Object.values(named.getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .filter((f) => level === 1 || isLeafType(getNamedType(f.type)))
    .map((f) => `${f.name} ${level === 1 ? selectionOf(f.type, 2) : ''}`);
  return `{ __typename ${fields.join(' ')} }`;
}

/** The document sending every argument of the operation as a variable. */
function documentOf({ kind, field }: Operation): string {
  const declared = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${kind}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selectionOf(field.type)} }`;
}

const operations: Operation[] = [];

beforeAll(async () => {
  const schema = await buildLoadoutSchema();
  for (const [kind, root] of [
    ['query', schema.getQueryType()!],
    ['mutation', schema.getMutationType()!],
  ] as const) {
    for (const field of Object.values(root.getFields())) operations.push({ kind, field });
  }

  t = await startTestServer();
  const world = new TestWorld(t);
  const contents = { tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' } }], agents: [{ name: 'a' }] };
  const ours = await world.organization('Odd values org', contents);
  const theirs = await world.organization('Another org', contents);
  admin = ours.adminKey;
  for (const { adminKey: key, agents, tools } of [ours, theirs]) {
    const [{ id: agent }] = agents;
    const [{ id: tool }] = tools;
    const [{ id: project }] = await world.projects(key, [{ name: 'p' }]);
    const [{ id: miniApp }] = await world.miniApps(key, [{ name: 'app' }]);
    const [{ id: server }] = await world.mcpServers(key, [{ name: 'srv' }]);
    const [{ id: rule }] = await world.rules(key, [{ agentId: agent, toolName: 't', effect: 'DENY' }]);
    const conversation = await world.startConversation(key, { agentId: agent });
    const turn = (await t.ok(key, BeginTurnDocument, { conversationId: conversation })).beginTurn.id;
    ids.push(agent, tool, rule, conversation, turn, project, miniApp, server);
  }
  const [{ principal }] = await world.keys(theirs.adminKey, [{ name: 'k', role: 'VIEWER' }]);
  ids.push(principal.id);
});
afterAll(() => t.stop());

it('walks every query and mutation of the schema', () => {
  expect(operations.length).toBeGreaterThan(40);
  expect(operations.map((o) => o.field.name)).toEqual(expect.arrayContaining(['toolbox', 'toolBudget', 'setModelPrice', 'applyChangeSet']));
});

it('odd values for every argument of every operation are data or coded errors, never an internal error', async () => {
  for (const operation of operations) {
    const query = documentOf(operation);
    // The operator creates organisations; every other operation is the organisation admin's.
    const key = operation.field.name === 'createOrganization' ? OPERATOR_TOKEN : admin;
    const variables = fc.record(Object.fromEntries(operation.field.args.map((a) => [a.name, nullable(a.type)])), {
      requiredKeys: operation.field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name),
    });
    await fc.assert(
      fc.asyncProperty(variables, async (vars) => {
        const res = await fetch(t.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ query, variables: vars }),
        });
        const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
        const codes = (body.errors ?? []).map((e) => e.extensions?.code);
        if (res.status >= 500 || codes.some((c) => !c || !CODED.has(c))) {
          throw new Error(`${operation.field.name}: HTTP ${res.status}, ${JSON.stringify(body.errors).slice(0, 600)}`);
        }
      }),
      { numRuns: RUNS },
    );
  }
});
