import {
  CallerIdentityDocument,
  CallerOrganizationDocument,
  ChannelKeysDocument,
  RevokeApiKeyDocument,
  WorldAgentDocument,
  WorldOrganizationDocument,
  type Role,
} from './support/generated/graphql';
import { codeOf, OPERATOR_TOKEN, startTestServer, type GraphQLResult, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

const ROLES: Role[] = ['VIEWER', 'RUNTIME', 'EDITOR', 'ADMIN'];
const RANK: Record<Role, number> = { VIEWER: 1, RUNTIME: 2, EDITOR: 3, ADMIN: 4 };
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestServer;
let world: TestWorld;
let admin: string;
const keys = {} as Record<Role, string>;
let agentId: string;
let toolId: string;
let miniAppId: string;
let mcpServerId: string;
let n = 0;
const unique = (prefix: string) => `${prefix}_${++n}`;

beforeAll(async () => {
  t = await startTestServer();
  world = new TestWorld(t);
  ({
    adminKey: admin,
    agents: [{ id: agentId }],
    tools: [{ id: toolId }],
  } = await world.organization('Roles org', {
    agents: [{ name: 'agent' }],
    tools: [{ name: 'shared', description: 'd', inputSchema: { type: 'object' } }],
  }));
  const made = await world.keys(
    admin,
    ROLES.map((role) => ({ name: 'k', role })),
  );
  ROLES.forEach((role, i) => (keys[role] = made[i].apiKey));
  [{ id: miniAppId }] = await world.miniApps(admin, [{ name: 'app' }]);
  [{ id: mcpServerId }] = await world.mcpServers(admin, [{ name: 'srv' }]);
});
afterAll(() => t.stop());

interface Operation {
  name: string;
  needs: Role;
  query: string;
  /** Builds fresh variables (with the ADMIN key) so every allowed attempt can succeed. */
  vars?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Runtime operations are checked for access only: their own rules are tested elsewhere. */
  accessOnly?: boolean;
}

const newTool = async () => (await world.tools(admin, [{ name: unique('tool'), description: 'd', inputSchema: { type: 'object' } }]))[0].id;

const OPERATIONS: Operation[] = [
  { name: 'me', needs: 'VIEWER', query: `{ me { id role organization { id } } }` },
  { name: 'organization', needs: 'VIEWER', query: `{ organization { id defaultModel } }` },
  { name: 'projects', needs: 'VIEWER', query: `{ projects { id } }` },
  { name: 'project', needs: 'VIEWER', query: `query($id: ID!) { project(id: $id) { id } }`, vars: () => ({ id: MISSING_ID }) },
  { name: 'agents', needs: 'VIEWER', query: `{ agents { id exclusions permissionRules { id } } }` },
  { name: 'agentsPage', needs: 'VIEWER', query: `{ agentsPage(first: 5) { totalCount edges { cursor node { id } } } }` },
  { name: 'agent', needs: 'VIEWER', query: `query($id: ID!) { agent(id: $id) { id } }`, vars: () => ({ id: agentId }) },
  { name: 'channels', needs: 'VIEWER', query: `{ channels { key } contextObjects { key } }` },
  { name: 'toolDefinitions', needs: 'VIEWER', query: `{ toolDefinitions { id schemaTokens channels { key } } }` },
  { name: 'toolDefinitionsPage', needs: 'VIEWER', query: `{ toolDefinitionsPage(first: 5) { totalCount edges { cursor node { id } } } }` },
  { name: 'toolDefinition', needs: 'VIEWER', query: `query($id: ID!) { toolDefinition(id: $id) { id } }`, vars: () => ({ id: toolId }) },
  { name: 'miniApps', needs: 'VIEWER', query: `{ miniApps { id tools { id } } }` },
  { name: 'mcpServers', needs: 'VIEWER', query: `{ mcpServers { id tools { id } } }` },
  {
    name: 'toolbox',
    needs: 'VIEWER',
    query: `query($a: ID!) { toolbox(agentId: $a, channel: "web") { fingerprint } }`,
    vars: () => ({ a: agentId }),
  },

  {
    name: 'startConversation',
    needs: 'RUNTIME',
    accessOnly: true,
    query: `mutation($a: ID!) { startConversation(input: { agentId: $a, channel: "web" }) { id } }`,
    vars: () => ({ a: agentId }),
  },
  { name: 'beginTurn', needs: 'RUNTIME', accessOnly: true, query: `mutation { beginTurn(conversationId: "${MISSING_ID}") { id } }` },
  {
    name: 'completeTurn',
    needs: 'RUNTIME',
    accessOnly: true,
    query: `mutation { completeTurn(turnId: "${MISSING_ID}", usage: { inputTokens: 1, outputTokens: 1 }) { id } }`,
  },
  {
    name: 'completeTurnWithProviderUsage',
    needs: 'RUNTIME',
    accessOnly: true,
    query: `mutation { completeTurnWithProviderUsage(turnId: "${MISSING_ID}", providerUsage: { format: ANTHROPIC, usage: { input_tokens: 1, output_tokens: 1 } }) { id } }`,
  },
  { name: 'recordToolCalls', needs: 'RUNTIME', accessOnly: true, query: `mutation { recordToolCalls(calls: []) { accepted } }` },

  {
    name: 'createProject',
    needs: 'EDITOR',
    query: `mutation($n: String!) { createProject(input: { name: $n }) { id } }`,
    vars: () => ({ n: unique('p') }),
  },
  {
    name: 'createChannel',
    needs: 'EDITOR',
    query: `mutation($n: String!) { createChannel(input: { key: $n, name: "c" }) { id } }`,
    vars: () => ({ n: unique('ch') }),
  },
  {
    name: 'createContextObject',
    needs: 'EDITOR',
    query: `mutation($n: String!) { createContextObject(input: { key: $n, name: "o" }) { id } }`,
    vars: () => ({ n: unique('obj') }),
  },
  { name: 'createAgent', needs: 'EDITOR', query: `mutation { createAgent(input: { name: "x" }) { id } }` },
  {
    name: 'updateAgent',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { updateAgent(id: $id, input: { maxTools: 20 }) { id } }`,
    vars: () => ({ id: agentId }),
  },
  {
    name: 'deleteAgent',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { deleteAgent(id: $id) }`,
    vars: async () => ({
      id: (await world.agents(admin, [{ name: 'doomed' }]))[0].id,
    }),
  },
  {
    name: 'createToolDefinition',
    needs: 'EDITOR',
    query: `mutation($n: String!) { createToolDefinition(input: { name: $n, description: "d", inputSchema: { type: "object" } }) { id } }`,
    vars: () => ({ n: unique('tool') }),
  },
  {
    name: 'updateToolDefinition',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { updateToolDefinition(id: $id, input: { description: "new" }) { id } }`,
    vars: () => ({ id: toolId }),
  },
  {
    name: 'deleteToolDefinition',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { deleteToolDefinition(id: $id) }`,
    vars: async () => ({ id: await newTool() }),
  },
  {
    name: 'setToolRule',
    needs: 'EDITOR',
    query: `mutation($a: ID!, $n: String!) { setToolRule(input: { agentId: $a, toolName: $n, effect: DENY }) { id } }`,
    vars: () => ({ a: agentId, n: unique('rule') }),
  },
  {
    name: 'removeToolRule',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { removeToolRule(id: $id) }`,
    vars: async () => ({
      id: (await world.rules(admin, [{ agentId, toolName: unique('rule'), effect: 'DENY' }]))[0].id,
    }),
  },
  { name: 'createMiniApp', needs: 'EDITOR', query: `mutation { createMiniApp(input: { name: "m" }) { id } }` },
  {
    name: 'setMiniAppEnabled',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { setMiniAppEnabled(id: $id, enabled: true) { id } }`,
    vars: () => ({ id: miniAppId }),
  },
  {
    name: 'registerMcpServer',
    needs: 'EDITOR',
    query: `mutation($n: String!) { registerMcpServer(input: { name: $n }) { id } }`,
    vars: () => ({ n: unique('srv') }),
  },
  {
    name: 'updateMcpServer',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { updateMcpServer(id: $id, input: { enabled: true }) { id } }`,
    vars: () => ({ id: mcpServerId }),
  },
  {
    name: 'reportMcpInventory',
    needs: 'EDITOR',
    query: `mutation($id: ID!) { reportMcpInventory(serverId: $id, tools: [], advertisesResources: false) { id } }`,
    vars: () => ({ id: mcpServerId }),
  },
  { name: 'applyChangeSet', needs: 'EDITOR', accessOnly: true, query: `mutation { applyChangeSet(changes: []) { __typename } }` },

  { name: 'createApiKey', needs: 'ADMIN', query: `mutation { createApiKey(input: { name: "k", role: VIEWER }) { apiKey } }` },
  {
    name: 'revokeApiKey',
    needs: 'ADMIN',
    query: `mutation($id: ID!) { revokeApiKey(principalId: $id) }`,
    vars: async () => ({
      id: (await world.keys(admin, [{ name: 'k', role: 'VIEWER' }]))[0].principal.id,
    }),
  },
];

// A malformed query would pass for the wrong reason, so it counts as a failure too.
const ACCESS_CODES = ['UNAUTHENTICATED', 'FORBIDDEN', 'GRAPHQL_VALIDATION_FAILED'];

describe.each(ROLES)('%s', (role) => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', async (_name, op) => {
    const result = await t.gql(keys[role], op.query, await op.vars?.());
    if (RANK[role] < RANK[op.needs]) {
      expect(codeOf(result)).toBe('FORBIDDEN');
      expect(result.data ?? null).toBeNull();
    } else if (op.accessOnly) {
      expect(ACCESS_CODES).not.toContain(codeOf(result));
    } else {
      expect(result.errors).toBeUndefined();
    }
  });
});

it('refuses an edit by VIEWER and RUNTIME without storing anything', async () => {
  for (const role of ['VIEWER', 'RUNTIME'] as const) {
    const result = await t.gql(keys[role], `mutation { createChannel(input: { key: "sneaky_${role}", name: "x" }) { id } }`);
    expect(codeOf(result)).toBe('FORBIDDEN');
  }
  const channels = (await t.ok(admin, ChannelKeysDocument)).channels.map((c) => c.key);
  expect(channels.filter((k) => k.startsWith('sneaky'))).toEqual([]);
});

describe('authentication', () => {
  const expectUnauthenticated = (result: GraphQLResult) => {
    expect(codeOf(result)).toBe('UNAUTHENTICATED');
    expect(result.data ?? null).toBeNull();
  };

  it('answers UNAUTHENTICATED without a key, for reads and writes', async () => {
    expectUnauthenticated(await t.gql(null, CallerIdentityDocument));
    expectUnauthenticated(await t.gql(null, WorldAgentDocument, { input: { name: 'x' } }));
    expectUnauthenticated(await t.gql(null, WorldOrganizationDocument, { input: { name: 'x' } }));
  });

  it('answers UNAUTHENTICATED for an unknown key', async () => {
    expectUnauthenticated(await t.gql('lo_not-a-real-key', CallerIdentityDocument));
  });

  const withHeader = async (authorization: string | null, path = '/graphql') => {
    const res = await fetch(`${t.server.url}${path}`, {
      method: path === '/graphql' ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(authorization === null ? {} : { authorization }) },
      body: path === '/graphql' ? JSON.stringify({ query: `{ me { id } }` }) : undefined,
    });
    const body = await res.json();
    return {
      status: res.status,
      code: body.errors?.[0].extensions.code ?? body.error?.code,
      message: body.errors?.[0].message ?? body.error?.message,
    };
  };

  const MISSING = 'An API key is required';
  const UNKNOWN = 'API key not recognised';
  const MALFORMED = 'expected `Authorization: Bearer <key>`';
  it.each([
    ['no header', null, MISSING],
    ['an unknown key', 'Bearer lo_not-a-real-key', UNKNOWN],
    ['a key without the Bearer scheme', 'lo_not-a-real-key', MALFORMED],
    ['Basic credentials', 'Basic dXNlcjpwYXNz', MALFORMED],
    ['Bearer with no key', 'Bearer ', MALFORMED],
  ])('says what is wrong with %s, on GraphQL and GET /rpc/tools/gc alike', async (_label, authorization, message) => {
    for (const path of ['/graphql', '/rpc/tools/gc']) {
      const answer = await withHeader(authorization, path);
      expect(answer.code).toBe('UNAUTHENTICATED');
      expect(answer.message).toContain(message);
      for (const other of [MISSING, UNKNOWN, MALFORMED].filter((m) => m !== message)) expect(answer.message).not.toContain(other);
    }
  });

  it('answers UNAUTHENTICATED for a revoked key, and only that key stops working', async () => {
    const [created] = await world.keys(admin, [{ name: 'temp', role: 'EDITOR' }]);
    expect(created.principal.role).toBe('EDITOR');
    const { id, role } = (await t.ok(created.apiKey, CallerIdentityDocument)).me;
    expect({ id, role }).toEqual({ id: created.principal.id, role: 'EDITOR' });
    expect(await t.ok(admin, RevokeApiKeyDocument, { principalId: created.principal.id })).toEqual({
      revokeApiKey: true,
    });
    expectUnauthenticated(await t.gql(created.apiKey, CallerIdentityDocument));
    expectUnauthenticated(await t.gql(created.apiKey, WorldAgentDocument, { input: { name: 'x' } }));
    expect((await t.ok(admin, CallerIdentityDocument)).me.role).toBe('ADMIN');
  });

  it('gives a new key exactly the role asked for', async () => {
    for (const role of ROLES) expect((await t.ok(keys[role], CallerIdentityDocument)).me.role).toBe(role);
  });
});

describe('the platform operator token', () => {
  it('creates an organisation whose ADMIN key works', async () => {
    const data = await t.ok(OPERATOR_TOKEN, WorldOrganizationDocument, { input: { name: 'Made by operator' } });
    const { role, organization } = (await t.ok(data.createOrganization.apiKey, CallerOrganizationDocument)).me;
    expect({ role, organization: { id: organization.id, name: organization.name } }).toEqual({
      role: 'ADMIN',
      organization: { id: data.createOrganization.organization.id, name: 'Made by operator' },
    });
  });

  it.each([
    ['me', `{ me { id } }`],
    ['agents', `{ agents { id } }`],
    ['createAgent', `mutation { createAgent(input: { name: "x" }) { id } }`],
    ['createApiKey', `mutation { createApiKey(input: { name: "k", role: ADMIN }) { apiKey } }`],
  ])('may not call %s', async (_name, query) => {
    const result = await t.gql(OPERATOR_TOKEN, query);
    expect(codeOf(result)).toBe('FORBIDDEN');
    expect(result.data ?? null).toBeNull();
  });

  it('is the only one that may create an organisation', async () => {
    for (const key of [admin, keys.EDITOR, keys.VIEWER]) {
      const result = await t.gql(key, `mutation { createOrganization(input: { name: "x" }) { apiKey } }`);
      expect(codeOf(result)).toBe('FORBIDDEN');
      expect(result.data ?? null).toBeNull();
    }
  });
});
