import { GraphQLClient, TimeoutError } from './http';
import { buildAll, forEachConcurrent } from './pool';
import type { CallPlan } from './request-bodies';
import { PINNED_TOOL, planTools, type ToolInput } from './tool-plan';

type Role = 'ADMIN' | 'EDITOR' | 'RUNTIME' | 'VIEWER';

export interface WorldSpec {
  channels: number;
  contextObjects: number;
  agents: number;
  tools: number;
  seed: number;
}

/** An organisation built through the GraphQL API, and what the load needs to address it. */
export interface World {
  organizationId: string;
  projectId: string;
  /** A client per role, each with its own API key. */
  as: Record<Role, GraphQLClient>;
  channels: string[];
  contextObjects: string[];
  agentIds: string[];
  /** The planned tools (created or about to be), in creation order. */
  tools: ToolInput[];
  pinnedToolId: string;
}

/** The builds are many small writes: a few at once keeps the server busy without measuring its queueing. */
const BUILD_CONCURRENCY = 4;
const CHANGE_SET_SIZE = 100;

const CREATE_TOOL = `mutation($input: ToolDefinitionInput!) { createToolDefinition(input: $input) { id } }`;

/** Organisation, keys, catalogue, project and the pinned tool; no agents, no other tools. */
export async function setUpOrganization(graphqlUrl: string, operatorToken: string, spec: WorldSpec): Promise<World> {
  const operator = new GraphQLClient(graphqlUrl, operatorToken);
  const created = await operator.ok<{ createOrganization: { organization: { id: string }; apiKey: string } }>(
    `mutation { createOrganization(input: { name: "Bench" }) { organization { id } apiKey } }`,
  );
  const admin = operator.withKey(created.createOrganization.apiKey);
  const key = async (role: Role) =>
    admin.withKey(
      (
        await admin.ok<{ createApiKey: { apiKey: string } }>(
          `mutation($role: Role!) { createApiKey(input: { name: "bench", role: $role }) { apiKey } }`,
          { role },
        )
      ).createApiKey.apiKey,
    );
  const [editor, runtime, viewer] = [await key('EDITOR'), await key('RUNTIME'), await key('VIEWER')];

  const channels = Array.from({ length: spec.channels }, (_, i) => `ch${i}`);
  const contextObjects = Array.from({ length: spec.contextObjects }, (_, i) => `Obj${i}`);
  await buildAll('creating channels', channels, BUILD_CONCURRENCY, (k) =>
    editor.ok(`mutation($k: String!) { createChannel(input: { key: $k, name: $k }) { id } }`, { k }).then(() => undefined),
  );
  await buildAll('creating context objects', contextObjects, BUILD_CONCURRENCY, (k) =>
    editor.ok(`mutation($k: String!) { createContextObject(input: { key: $k, name: $k }) { id } }`, { k }).then(() => undefined),
  );
  const project = await editor.ok<{ createProject: { id: string } }>(`mutation { createProject(input: { name: "Bench" }) { id } }`);
  const pinned = await editor.ok<{ createToolDefinition: { id: string } }>(CREATE_TOOL, { input: PINNED_TOOL });
  return {
    organizationId: created.createOrganization.organization.id,
    projectId: project.createProject.id,
    as: { ADMIN: admin, EDITOR: editor, RUNTIME: runtime, VIEWER: viewer },
    channels,
    contextObjects,
    agentIds: [],
    tools: planTools(spec.tools, channels, contextObjects, spec.seed),
    pinnedToolId: pinned.createToolDefinition.id,
  };
}

/** Creates tools in change sets of 100: the fast way to build a world, not what a scenario measures. */
export async function createToolsInChangeSets(world: World, tools: readonly ToolInput[]): Promise<void> {
  const batches = Array.from({ length: Math.ceil(tools.length / CHANGE_SET_SIZE) }, (_, i) =>
    tools.slice(i * CHANGE_SET_SIZE, (i + 1) * CHANGE_SET_SIZE),
  );
  await buildAll('creating tools in change sets', batches, 1, async (batch) => {
    await world.as.EDITOR.ok(`mutation($changes: [LoadoutChangeInput!]!) { applyChangeSet(changes: $changes) { liveConversations } }`, {
      changes: batch.map((createTool) => ({ createTool })),
    });
  });
}

/**
 * One createToolDefinition per tool, a few at once, until all are created,
 * the deadline passes or a call times out; says how far it got.
 */
export async function createToolsOneByOne(
  world: World,
  tools: readonly ToolInput[],
  concurrency: number,
  deadline: number,
): Promise<{ created: number; timedOut: boolean }> {
  let created = 0;
  try {
    await forEachConcurrent(
      tools,
      concurrency,
      async (input) => {
        await world.as.EDITOR.ok(CREATE_TOOL, { input });
        created++;
      },
      deadline,
    );
    return { created, timedOut: false };
  } catch (error) {
    if (error instanceof TimeoutError) return { created, timedOut: true };
    throw error;
  }
}

/** Agents of the project with no rules and the default Max Tools (25). */
export async function createAgents(world: World, count: number): Promise<void> {
  const ids: string[] = new Array(count);
  await buildAll(
    'creating agents',
    Array.from({ length: count }, (_, i) => i),
    BUILD_CONCURRENCY,
    async (i) => {
      const data = await world.as.EDITOR.ok<{ createAgent: { id: string } }>(
        `mutation($name: String!, $project: ID!) { createAgent(input: { name: $name, projectId: $project }) { id } }`,
        { name: `agent_${i}`, project: world.projectId },
      );
      ids[i] = data.createAgent.id;
    },
  );
  world.agentIds.push(...ids);
}

/** The whole world, tools before agents so the build stays fast on a server that recomputes toolboxes per tool. */
export async function buildWorld(graphqlUrl: string, operatorToken: string, spec: WorldSpec): Promise<World> {
  const world = await setUpOrganization(graphqlUrl, operatorToken, spec);
  await createToolsInChangeSets(world, world.tools);
  await createAgents(world, spec.agents);
  return world;
}

/**
 * A world of `spec`'s tools and no agent, and the recordToolCalls batches
 * its runtime sends: `batchSize` calls by `users` users over its first
 * `toolNames` tools, about 5% of them failed.
 */
export async function setUpCallWorld(
  graphqlUrl: string,
  operatorToken: string,
  spec: WorldSpec,
  shape: { toolNames: number; users: number; batchSize: number },
): Promise<{ world: World; calls: CallPlan }> {
  const world = await setUpOrganization(graphqlUrl, operatorToken, { ...spec, agents: 0 });
  await createToolsInChangeSets(world, world.tools);
  const calls: CallPlan = {
    projectId: world.projectId,
    toolNames: world.tools.slice(0, shape.toolNames).map((t) => t.name),
    userIds: Array.from({ length: shape.users }, (_, i) => `user_${i}`),
    batchSize: shape.batchSize,
    errorRate: 0.05,
  };
  return { world, calls };
}
