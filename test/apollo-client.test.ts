/** @jest-environment-options {"customExportConditions": ["node", "node-addons", "development"]} */
// The "development" export condition loads Apollo Client's development build, the one that checks the cache and warns.
import fs from 'node:fs';
import path from 'node:path';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql, type ObservableQuery, type OperationVariables } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { buildSchema, getNamedType, isObjectType } from 'graphql';
import { createClient, type Client as WsClient } from 'graphql-ws';
import { filter, firstValueFrom } from 'rxjs';
import WebSocket from 'ws';
import { projectRoot } from '../src/common/project-root';
import { loadoutCache, typePolicies } from '../packages/client/src/apollo-cache';
import { BeginTurnDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import {
  AGENT,
  BEGIN,
  INVALIDATED,
  PREVIEW,
  PREVIEW_SIZE,
  PRINTED_FRAGMENT,
  START,
  TURN,
  connectionQueries,
  type ToolboxParts,
} from './support/apollo-operations';
import { TestWorld } from './support/test-world';

// An Apollo Client 4 app over HTTP and graphql-ws with nothing but the cache the typed client ships, reading toolboxes
// through the fragment docs/typed-clients.md prints: every read complete, every page kept, and not one warning from the cache.

let t: TestServer;
let world: TestWorld;
let key: string;
let agentId: string;
let otherAgentId: string;
let conversationId: string;
let apollo: ApolloClient;
let ws: WsClient;
/** Every console.warn and console.error, as [level, ...arguments]: Apollo Client's development build warns there. */
const warnings: unknown[][] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The data of a watched query's first complete result. */
const settled = async <Data, Variables extends OperationVariables>(watched: ObservableQuery<Data, Variables>) =>
  (await firstValueFrom(watched.pipe(filter((r) => r.dataState === 'complete')))).data as Data;
const tool = (name: string, description: string, agent?: string) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  ...(agent ? { agentId: agent } : {}),
});
const addTool = (name: string, description: string, agent?: string) => world.tools(key, [tool(name, description, agent)]);
const deny = (agent: string, toolName: string) => world.rules(key, [{ agentId: agent, toolName, effect: 'DENY' }]);

beforeAll(async () => {
  for (const level of ['warn', 'error'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => void warnings.push([level, ...args]));
  }
  t = await startTestServer();
  world = new TestWorld(t);
  const org = await world.organization('Test org', {
    agents: [{ name: 'support', model: 'anthropic/claude-sonnet-4-5' }, { name: 'sales' }, { name: 'billing' }, { name: 'triage' }],
  });
  key = org.adminKey;
  [{ id: agentId }, { id: otherAgentId }] = org.agents;
  await world.tools(
    key,
    ['search', 'lookup', 'create_case', 'close_case', 'refund'].map((name) => tool(name, `Does ${name}.`)),
  );
  // The agent's own lookup shadows the organisation's, and a DENY rule excludes refund: its toolbox leaves two out.
  await addTool('lookup', 'The support agent’s own lookup.', agentId);
  await deny(agentId, 'refund');
  [{ id: conversationId }] = await world.conversations(
    key,
    Array.from({ length: 4 }, () => ({ agentId, channel: 'web' })),
  );
  for (let i = 0; i < 4; i++) await t.ok(key, BeginTurnDocument, { conversationId });

  ws = createClient({ url: t.url.replace(/^http/, 'ws'), webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${key}` } });
  apollo = new ApolloClient({
    link: ApolloLink.split(
      ({ operationType }) => operationType === 'subscription',
      new GraphQLWsLink(ws),
      new HttpLink({ uri: t.url, headers: { authorization: `Bearer ${key}` } }),
    ),
    cache: loadoutCache(),
  });
});

afterAll(async () => {
  apollo?.stop();
  await ws?.dispose();
  await t?.stop();
  jest.restoreAllMocks();
});

describe('the type policies the typed client ships', () => {
  it('page every connection of the schema, a list per value of its filters', () => {
    const schema = buildSchema(fs.readFileSync(path.join(projectRoot(), 'schema', 'schema.graphql'), 'utf8'));
    const connections: Array<{ field: string; keyArgs: unknown }> = [];
    const shipped: typeof connections = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const returned = getNamedType(field.type);
        if (!isObjectType(returned) || !returned.getFields().edges || !returned.getFields().pageInfo) continue;
        const filters = field.args.map((a) => a.name).filter((name) => name !== 'after' && name !== 'first');
        connections.push({ field: `${type.name}.${field.name}`, keyArgs: filters.length ? filters.sort() : false });
        const policy = typePolicies[type.name]?.fields?.[field.name];
        const keyArgs = typeof policy === 'object' ? policy.keyArgs : undefined;
        shipped.push({ field: `${type.name}.${field.name}`, keyArgs: Array.isArray(keyArgs) ? [...keyArgs].sort() : keyArgs });
      }
    }
    expect(connections.length).toBeGreaterThanOrEqual(6);
    expect(shipped).toEqual(connections);
  });
});

describe('Apollo Client 4 with the cache the typed client ships', () => {
  afterEach(() => expect(warnings.splice(0)).toEqual([]));

  it('finds the fragment in docs/typed-clients.md', () => {
    expect(PRINTED_FRAGMENT).toMatch(/^fragment ToolboxParts on ToolboxContent \{\n[\s\S]*\n\}\n$/);
  });

  it('keeps the preview whole when a smaller query of the same toolbox follows', async () => {
    const variables = { agentId, channel: 'web' };
    const { data } = await apollo.query({ query: PREVIEW, variables });
    const preview = data!.toolbox;
    expect(preview.tools.map((x) => x.name).sort()).toEqual(['close_case', 'create_case', 'lookup', 'search']);
    expect(preview.dropped.map((d) => [d.name, d.reason, d.rule?.subject ?? d.shadowedBy?.name]).sort()).toEqual([
      ['lookup', 'SHADOWED', 'lookup'],
      ['refund', 'EXCLUDED', 'tool:refund'],
    ]);

    const smaller = await apollo.query({ query: PREVIEW_SIZE, variables, fetchPolicy: 'network-only' });
    expect(smaller.data!.toolbox).toEqual({ __typename: 'Toolbox', id: preview.id, toolCount: preview.tools.length });
    const cached = apollo.cache.diff({ query: PREVIEW, variables, returnPartialData: true, optimistic: false });
    expect(cached.complete).toBe(true);
    expect(cached.result).toEqual(data);
  });

  it('replaces the lists of a toolbox an edit shortened', async () => {
    const variables = { agentId: otherAgentId, channel: 'web' };
    const before = (await apollo.query({ query: PREVIEW, variables })).data!.toolbox;
    await deny(otherAgentId, 'search');
    const after = (await apollo.query({ query: PREVIEW, variables, fetchPolicy: 'network-only' })).data!.toolbox;

    expect(after.id).toBe(before.id);
    expect(after.tools.map((x) => x.name)).toEqual(before.tools.map((x) => x.name).filter((name) => name !== 'search'));
    expect(apollo.readQuery({ query: PREVIEW, variables })!.toolbox).toEqual(after);
  });

  it('reads a turn through the printed fragment with its tools, as the preview has them', async () => {
    const preview = (await apollo.query({ query: PREVIEW, variables: { agentId, channel: 'web' } })).data!.toolbox;
    const { data: started } = await apollo.mutate({ mutation: START, variables: { agentId } });
    const { data } = await apollo.mutate({ mutation: BEGIN, variables: { conversationId: started!.startConversation.id } });
    const turn = apollo.readFragment<{ id: string; index: number; toolbox: ToolboxParts }>({
      id: apollo.cache.identify({ __typename: 'Turn', id: data!.beginTurn.id }),
      fragment: TURN,
      fragmentName: 'TurnRead',
    });

    const carried = (box: ToolboxParts) =>
      box.tools.map(({ position, name, contentHash, schemaTokens }) => [position, name, contentHash, schemaTokens]);
    expect(turn!.toolbox).toEqual(data!.beginTurn.toolbox);
    expect(turn!.toolbox.__typename).toBe('ToolboxSnapshot');
    expect(turn!.toolbox.fingerprint).toBe(preview.fingerprint);
    expect(carried(turn!.toolbox)).toEqual(carried(preview));
    expect(turn!.toolbox.dropped.map((d) => d.name).sort()).toEqual(['lookup', 'refund']);
  });

  it('appends the second page of every connection to the first with fetchMore', async () => {
    for (const connection of connectionQueries(agentId, conversationId)) {
      const query = gql(connection.query);
      const variables = { ...connection.variables, first: 2 };
      const whole = connection.page(await t.ok<Record<string, unknown>>(key, connection.query, { ...connection.variables, first: 4 }));
      expect({ connection: connection.name, edges: whole.edges.length }).toEqual({ connection: connection.name, edges: 4 });

      const watched = apollo.watchQuery({ query, variables });
      const watching = watched.subscribe(() => undefined);
      const first = connection.page((await settled(watched)) as Record<string, unknown>);
      expect(first.pageInfo.hasNextPage).toBe(true);
      await watched.fetchMore({ variables: { after: first.pageInfo.endCursor } });
      const merged = connection.page(apollo.readQuery<Record<string, unknown>>({ query, variables })!);
      watching.unsubscribe();

      expect({ connection: connection.name, ids: merged.edges.map((e) => e.node.id), totalCount: merged.totalCount }).toEqual({
        connection: connection.name,
        ids: whole.edges.map((e) => e.node.id),
        totalCount: whole.totalCount,
      });
    }
  });

  it('updates the cached agent from the subscription event of an edit made elsewhere', async () => {
    const watched = apollo.watchQuery({ query: AGENT, variables: { id: agentId } });
    const seen: number[] = [];
    const watching = watched.subscribe((r) => r.dataState === 'complete' && seen.push(r.data.agent.loadoutVersion));
    const before = (await settled(watched)).agent.loadoutVersion;

    const events: number[] = [];
    const listening = apollo.subscribe({ query: INVALIDATED, variables: { agentId } }).subscribe({
      next: ({ data }) => data && events.push(data.toolboxInvalidated.loadoutVersion),
    });
    // The server registers the subscription after it acknowledged the socket: edit until an event arrives.
    for (let edit = 0; events.length === 0 && edit < 20; edit++) {
      await addTool(`added_${edit}`, 'Added while the agent is watched.');
      for (let wait = 0; events.length === 0 && wait < 20; wait++) await sleep(50);
    }
    listening.unsubscribe();
    const heard = events[events.length - 1];
    // The cache broadcasts to its watchers after it wrote the event: wait for that before leaving.
    for (let wait = 0; !seen.includes(heard) && wait < 40; wait++) await sleep(50);
    watching.unsubscribe();

    expect(heard).toBeGreaterThan(before);
    expect(apollo.readQuery({ query: AGENT, variables: { id: agentId } })!.agent.loadoutVersion).toBe(heard);
    expect(seen).toContain(heard);
  });
});

describe('a cache without the possible types the typed client ships', () => {
  it('reads a turn through the printed fragment without its tools, and says why only in a warning', async () => {
    const bare = new ApolloClient({
      link: new HttpLink({ uri: t.url, headers: { authorization: `Bearer ${key}` } }),
      cache: new InMemoryCache(),
    });
    const { data: started } = await bare.mutate({ mutation: START, variables: { agentId } });
    const { data } = await bare.mutate({ mutation: BEGIN, variables: { conversationId: started!.startConversation.id } });
    const turn = bare.readFragment<{ toolbox: Partial<ToolboxParts> }>({
      id: bare.cache.identify({ __typename: 'Turn', id: data!.beginTurn.id }),
      fragment: TURN,
      fragmentName: 'TurnRead',
      returnPartialData: true,
    });
    bare.stop();

    // The cache wrote the turn without the fragment's fields, so the mutation's own answer lacks them too.
    expect(data!.beginTurn.toolbox).toEqual({ __typename: 'ToolboxSnapshot' });
    expect(turn!.toolbox).toEqual({ __typename: 'ToolboxSnapshot' });
    const heard = warnings.splice(0);
    expect(heard.length).toBeGreaterThan(0);
    for (const [level, message, ...args] of heard) {
      expect([level, String(message), ...args]).toEqual([
        'warn',
        expect.stringContaining('possibleTypes'),
        'fragment `ToolboxParts`',
        'ToolboxContent',
        'ToolboxSnapshot',
        'ToolboxSnapshot',
      ]);
    }
  });
});
