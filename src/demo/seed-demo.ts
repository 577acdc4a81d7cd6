import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import type { ToolCallSpec } from '../usage/usage-recorder';
import { OrganizationEntity } from '../organizations/organization.entity';
import {
  BUILT_INS,
  CHANNELS,
  CONTEXT_OBJECTS,
  CUSTOM_TOOLS,
  MCP_SERVERS,
  MINI_APP,
  MODEL_PRICES,
  PROJECT_NAME,
  SUPPORT_AGENT,
  TRIAGE_AGENT,
} from './demo-data';
import { demoHistory, HISTORY_USER } from './demo-history';

export interface DemoSeed {
  organizationId: string;
  adminKey: string;
  agentIds: string[];
}

/** A demo organisation that shows every part of the toolbox: run on an empty embedded database. */
export async function seedDemo(services: AppServices, now = new Date()): Promise<DemoSeed> {
  const { organization, apiKey } = await services.organizations.createOrganization({
    name: 'Acme Support (demo)',
    fundingModel: 'INCLUDED_CREDITS',
  });
  const principal = await services.organizations.authenticate(apiKey);
  const actor: Actor = principal!;
  const {
    catalogue,
    toolDefinitions,
    toolDefinitionList,
    miniApps,
    mcpServers,
    agents,
    organizations,
    conversations,
    turnCompletion,
    modelPrices,
    usageRecorder,
  } = services;

  for (const [key, name] of CHANNELS) await catalogue.createChannel(actor, { key, name });
  for (const [key, name] of CONTEXT_OBJECTS) await catalogue.createContextObject(actor, { key, name });
  const project = await organizations.createProject(actor, PROJECT_NAME);
  const scoped = (inProject: boolean | undefined) => (inProject ? { projectId: project.id } : {});

  for (const tool of BUILT_INS) await toolDefinitions.create(actor, { ...tool, source: 'BUILT_IN' });
  for (const { inProject, ...tool } of CUSTOM_TOOLS) await toolDefinitions.create(actor, { ...tool, ...scoped(inProject) });

  const app = await miniApps.createMiniApp(actor, { name: MINI_APP.name, projectId: project.id });
  for (const tool of MINI_APP.tools) await toolDefinitions.create(actor, { ...tool, miniAppId: app.id });

  for (const { inProject, inventory, ...server } of MCP_SERVERS) {
    const registered = await mcpServers.registerMcpServer(actor, { ...server, ...scoped(inProject) });
    if (inventory) await mcpServers.reportMcpInventory(actor, registered.id, inventory.tools, inventory.advertisesResources);
  }

  const support = await agents.create(actor, { ...SUPPORT_AGENT, projectId: project.id });
  const triage = await agents.create(actor, TRIAGE_AGENT);
  await agents.setToolRule(actor, { agentId: support.id, toolName: 'Bash', effect: 'DENY' });
  await agents.setToolRule(actor, { projectId: project.id, toolName: 'Write', effect: 'DENY' });

  for (const price of MODEL_PRICES) await modelPrices.set(actor, price);
  await seedHistory(services, actor, support.id, now);

  // A support conversation on an order page: an edit between turns 1 and 2 breaks the cache once.
  const chat = await conversations.startConversation(actor, {
    agentId: support.id,
    channel: 'web',
    page: { type: 'RECORD', contextObject: 'Order', recordId: 'ord_1042' },
    userId: HISTORY_USER,
  });
  const first = await conversations.beginTurn(actor, chat.id);
  await turnCompletion.completeTurn(actor, first.id, { inputTokens: 4120, cacheWriteTokens: 3900, outputTokens: 210 });
  const refund = (await toolDefinitionList.definitions(actor, { projectId: project.id })).find((t) => t.name === 'refund_order');
  await toolDefinitions.update(actor, refund!.id, {
    description: 'Refund all or part of an order that is on screen. Partial refunds need a reason.',
  });
  const second = await conversations.beginTurn(actor, chat.id);
  await turnCompletion.completeTurn(actor, second.id, {
    inputTokens: 4630,
    cachedInputTokens: 3100,
    cacheWriteTokens: 1300,
    outputTokens: 180,
    providerCacheMissReason: 'tools_changed',
  });
  const third = await conversations.beginTurn(actor, chat.id);
  await turnCompletion.completeTurn(actor, third.id, { inputTokens: 5010, cachedInputTokens: 4400, outputTokens: 95 });
  await usageRecorder.recordToolCalls(actor, [
    { conversationId: chat.id, toolName: 'lookup_account', isError: false, idempotencyKey: 'demo-1' },
    { conversationId: chat.id, toolName: 'refund_order', isError: false, idempotencyKey: 'demo-2' },
  ]);

  // A worker conversation delegated by the first: its usage credits the same project.
  const worker = await conversations.startConversation(actor, {
    agentId: support.id,
    channel: 'api',
    userId: HISTORY_USER,
    parentConversationId: chat.id,
  });
  const workerTurn = await conversations.beginTurn(actor, worker.id);
  await turnCompletion.completeTurn(actor, workerTurn.id, { inputTokens: 2900, outputTokens: 60 });

  const triageChat = await conversations.startConversation(actor, {
    agentId: triage.id,
    channel: 'slack',
    page: { type: 'RECORD', contextObject: 'Case' },
    userId: 'ops-bot',
  });
  const triageTurn = await conversations.beginTurn(actor, triageChat.id);
  await turnCompletion.completeTurn(actor, triageTurn.id, { inputTokens: 1800, outputTokens: 40 });

  return { organizationId: organization.id, adminKey: apiKey, agentIds: [support.id, triage.id] };
}

/**
 * The weeks before today (demo-history.ts), written as a runtime writes them:
 * turns surface their toolboxes into the roster, calls go through
 * recordToolCalls, each at its own past instant. Before today's edit, so the
 * history's turns carry the definitions as they were.
 */
async function seedHistory(services: AppServices, actor: Actor, agentId: string, now: Date): Promise<void> {
  const { conversations, turnCompletion, usageRecorder } = services;
  const calls: ToolCallSpec[] = [];
  for (const past of demoHistory(now)) {
    const chat = await conversations.startConversation(
      actor,
      { agentId, channel: 'web', page: past.page, userId: HISTORY_USER },
      past.startedAt,
    );
    for (const turn of past.turns) {
      const begun = await conversations.beginTurn(actor, chat.id, turn.at);
      await turnCompletion.completeTurn(actor, begun.id, turn.usage, turn.completedAt);
    }
    calls.push(...past.calls.map((call) => ({ ...call, conversationId: chat.id })));
  }
  // One batch, as a runtime that reports its calls late would send them.
  await usageRecorder.recordToolCalls(actor, calls, now);
}

export async function databaseIsEmpty(services: AppServices): Promise<boolean> {
  return (await services.db.dataSource.manager.count(OrganizationEntity)) === 0;
}
