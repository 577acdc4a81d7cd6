import fs from 'node:fs';
import path from 'node:path';
import { GraphQLError, Kind, TypeInfo, ValidationContext, buildSchema, parse, specifiedRules, validate } from 'graphql';
import { TOOLBOX_QUERY } from '../../bench/e2e/request-bodies';
import { DEFAULT_QUERY } from '../pages/explorer/web/default-query';
import { projectRoot } from '../common/project-root';
import { QUERY_LIMITS, capMessage, exceedsTokenLimit, limitedFormatError, operationCost, queryLimitRules } from './query-limits';

const schema = buildSchema(fs.readFileSync(path.join(projectRoot(), 'schema', 'schema.graphql'), 'utf8'));
const problems = (document: string): string[] =>
  validate(schema, parse(document, { maxTokens: 100_000 }), [...specifiedRules, ...queryLimitRules]).map((e) => e.message);

/** `agents { project { agents { project … id } } } }`: one selection per level, `levels` levels. */
const agentsAndProjects = (levels: number): string => {
  let inner = 'id';
  for (let level = levels - 1; level >= 1; level--) inner = `${level % 2 ? 'agents' : 'project'} { ${inner} }`;
  return `{ ${inner} }`;
};

/** The probe: `agent { invalidations { edges { node { agent { invalidations … } } } } }`, `repeats` times over. */
const nestedInvalidations = (repeats: number): string => {
  let inner = 'id';
  for (let i = 0; i < repeats; i++) inner = `invalidations { edges { node { agent { ${inner} } } } }`;
  return `query($id: ID!) { agent(id: $id) { ${inner} } }`;
};

describe('the project’s own documents stay within the limits', () => {
  const debuggerOperations = fs.readFileSync(path.join(projectRoot(), 'src', 'pages', 'debugger', 'web', 'operations.graphql'), 'utf8');
  const loadoutOperations = fs.readFileSync(path.join(projectRoot(), 'src', 'pages', 'loadout', 'web', 'operations.graphql'), 'utf8');
  it.each([
    ['the debugger page', debuggerOperations],
    ['the loadout page', loadoutOperations],
    ['the client package', fs.readFileSync(path.join(projectRoot(), 'packages', 'client', 'operations.graphql'), 'utf8')],
    ['the benchmark’s toolbox query', TOOLBOX_QUERY],
    [
      'the start banner’s suggested query',
      `query { agents { name toolbox(channel: "web") { toolCount schemaTokens tools { name } dropped { tool { name } reason } } } }`,
    ],
    ['the explorer’s default query', DEFAULT_QUERY],
    ['a change set', `mutation($c: [LoadoutChangeInput!]!) { applyChangeSet(changes: $c) { liveConversations invalidations { id } } }`],
    ['five budget reports', `{ ${[1, 2, 3, 4].map((i) => `b${i}: toolBudget { level }`).join(' ')} toolBudget { level } }`],
  ])('%s', (_label, document) => {
    expect(problems(document)).toEqual([]);
    expect(exceedsTokenLimit(document)).toBe(false);
  });
});

describe('documents refused by shape', () => {
  it.each([
    ['invalidations nested 20 levels', nestedInvalidations(20), /depth limit of 8 exceeded, found 82/],
    ['fan-out 1 at depth 200', agentsAndProjects(200), /depth limit of 8 exceeded, found 200/],
    [
      '1,000 aliases of toolBudget',
      `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: toolBudget { level }`).join(' ')} }`,
      /Aliases limit of 15/,
    ],
    ['six budget reports', `{ ${Array.from({ length: 6 }, (_, i) => `a${i}: toolBudget { level }`).join(' ')} }`, /cost limit of 5000/],
    [
      'agents, projects and agents within the depth',
      `{ agents { project { agents { project { agents { project { agents { id } } } } } } } }`,
      /cost limit of 5000/,
    ],
    [
      'every agent’s every toolbox rendered',
      `{ agents { toolbox(channel: "web") { rendered } project { agents { toolbox(channel: "web") { toolCount } } } } }`,
      /cost limit of 5000/,
    ],
    [
      'six root mutations',
      `mutation { ${Array.from({ length: 6 }, (_, i) => `c${i}: createChannel(input: { key: "k${i}", name: "k" }) { id }`).join(' ')} }`,
      /At most 5 mutations per request, found 6/,
    ],
    [
      'eleven directives',
      `query($y: Boolean!) { me { ${Array.from({ length: 11 }, () => 'id @include(if: $y)').join(' ')} } }`,
      /Directives limit of 10/,
    ],
  ])('%s', (_label, document, expected) => {
    expect(problems(document).join('\n')).toMatch(expected);
  });

  it('a fragment spread twice into each of 40 fragments is costed once per fragment, and refused', () => {
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Agent { project { agents { ...F${i + 1} ...F${i + 1} } } }`,
    ).join('\n');
    const document = `{ agents { ...F0 } }\n${fragments}\nfragment F40 on Agent { id }`;
    const started = performance.now();
    expect(problems(document).join('\n')).toMatch(/depth limit|cost limit/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refusals carry no "Syntax Error" prefix', () => {
    expect(problems(agentsAndProjects(9))).toContain('Query depth limit of 8 exceeded, found 9.');
    expect(problems(agentsAndProjects(9)).filter((m) => m.startsWith('Syntax Error'))).toEqual([]);
  });

  it('a query at the depth limit is accepted', () => {
    expect(problems(nestedInvalidations(1).replace('agent { id }', 'id'))).toEqual([]);
  });
});

describe('exceedsTokenLimit', () => {
  it.each([
    ['a short document is not lexed', '{'.repeat(QUERY_LIMITS.maxTokens), false],
    ['exactly the limit', '{'.repeat(QUERY_LIMITS.maxTokens) + '   # a comment is no token', false],
    ['one past the limit', '{'.repeat(QUERY_LIMITS.maxTokens + 1), true],
    ['a long string literal is one token', `{ a(b: "${'x'.repeat(5_000)}") }`, false],
    ['3.9 MB of fields', '{ '.repeat(10) + 'a '.repeat(2_000_000), true],
    ['a document that does not lex is the parser’s to report', `{ a(b: "${'x'.repeat(2_000)}`, false],
  ])('%s', (_label, document, expected) => {
    expect(exceedsTokenLimit(document)).toBe(expected);
  });
});

describe('limitedFormatError', () => {
  const identity = (formatted: { message: string }) => formatted;
  const suggestion = {
    message: 'Cannot query field "agnts" on type "Query". Did you mean "agents" or "agent"?',
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
  };

  it('hides "Did you mean" where the schema is not to be explored', () => {
    expect(limitedFormatError(identity, true)(suggestion, new GraphQLError(suggestion.message)).message).toBe(
      'Cannot query field "agnts" on type "Query".',
    );
  });

  it('keeps it where the explorer is on', () => {
    expect(limitedFormatError(identity, false)(suggestion, null).message).toBe(suggestion.message);
  });

  it('never quotes a huge input back', () => {
    const formatted = limitedFormatError(identity, false)({ message: `Unknown channel '${'k'.repeat(3 * 1024 * 1024)}'` }, null);
    expect(formatted.message.length).toBeLessThan(QUERY_LIMITS.maxMessageChars + 20);
    expect(formatted.message).toBe(capMessage(formatted.message.slice(0, QUERY_LIMITS.maxMessageChars + 1)));
  });
});

describe('the cost table of docs/configuration.md, "Limits"', () => {
  const page = fs.readFileSync(path.join(projectRoot(), 'docs', 'configuration.md'), 'utf8');
  const table = page.slice(page.indexOf('| document | cost |'));
  const rows = [...table.matchAll(/^\| `(.+)` \| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])] as const);
  const costOf = (document: string): number => {
    const ast = parse(document);
    const context = new ValidationContext(schema, ast, new TypeInfo(schema), () => undefined);
    const operation = ast.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
    return operationCost(context, schema.getQueryType()!, operation.selectionSet);
  };

  it('has its examples', () => expect(rows.length).toBeGreaterThanOrEqual(7));

  it.each(rows)('%s costs %d', (document, cost) => {
    expect(validate(schema, parse(document), specifiedRules)).toEqual([]);
    expect(costOf(document)).toBe(cost);
  });

  it('a negative page size costs no less than the largest page', () => {
    const negative = costOf(`{ agent(id: "a") { invalidations(first: -1000000) { edges { node { id } } } } }`);
    expect(negative).toBe(costOf(`{ agent(id: "a") { invalidations(first: 100) { edges { node { id } } } } }`));
    expect(
      problems(
        `{ a: agent(id: "a") { invalidations(first: -1000000) { edges { node { id } } } } ${'b: toolBudget { level } '.repeat(5)} }`,
      ).join(),
    ).toMatch(/cost limit/);
  });
});
