import type { AppServices } from '../app-services';
import type { Actor } from '../common/actor';
import { OrganizationEntity } from '../organizations/organization.entity';

const BUILT_INS: Array<{
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  sortOrder: number;
  requiresMcpServer?: boolean;
}> = [
  {
    name: 'AskUserQuestion',
    sortOrder: 1,
    description: 'Ask the user a clarifying question and wait for the answer.',
    inputSchema: {
      type: 'object',
      properties: {
        question: { type: 'string', description: 'The question to ask' },
        options: { type: 'array', items: { type: 'string' }, description: 'Suggested answers' },
      },
      required: ['question'],
    },
  },
  {
    name: 'Bash',
    sortOrder: 2,
    description: 'Run a shell command in the sandbox and return its output.',
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command to run' },
        timeoutMs: { type: 'integer', minimum: 1, maximum: 600000 },
      },
      required: ['command'],
    },
  },
  {
    name: 'Read',
    sortOrder: 3,
    description: 'Read a file from the workspace.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
    },
  },
  {
    name: 'Search',
    sortOrder: 4,
    description: 'Search records and documents the user can see.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Full-text query' },
        objectType: { type: 'string' },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
      },
      required: ['query'],
    },
  },
  {
    name: 'Write',
    sortOrder: 5,
    description: 'Create or overwrite a file in the workspace.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  },
  {
    name: 'Edit',
    sortOrder: 6,
    description: 'Replace one exact string in a file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, oldString: { type: 'string' }, newString: { type: 'string' } },
      required: ['path', 'oldString', 'newString'],
    },
  },
  {
    name: 'ToolOutput',
    sortOrder: 7,
    description: 'Fetch the full output of an earlier tool call that was truncated.',
    inputSchema: { type: 'object', properties: { callId: { type: 'string' } }, required: ['callId'] },
  },
  {
    name: 'McpResources',
    sortOrder: 8,
    requiresMcpServer: true,
    description: 'List and read resources advertised by the connected MCP servers.',
    inputSchema: {
      type: 'object',
      properties: { server: { type: 'string' }, uri: { type: 'string', description: 'Resource URI; omit to list' } },
    },
  },
];

export interface DemoSeed {
  organizationId: string;
  adminKey: string;
  agentIds: string[];
}

/** A demo organisation that shows every part of the toolbox: run on an empty embedded database. */
export async function seedDemo(services: AppServices): Promise<DemoSeed> {
  const { organization, apiKey } = await services.organizations.createOrganization({
    name: 'Acme Support (demo)',
    fundingModel: 'INCLUDED_CREDITS',
  });
  const principal = await services.organizations.authenticate(apiKey);
  const actor: Actor = principal!;
  const { catalogue, tools, agents, organizations, conversations, modelPrices, usage } = services;

  for (const [key, name] of [
    ['web', 'Web chat'],
    ['api', 'API'],
    ['slack', 'Slack'],
  ])
    await catalogue.createChannel(actor, { key, name });
  for (const [key, name] of [
    ['Account', 'Account'],
    ['Case', 'Support case'],
    ['Order', 'Order'],
  ])
    await catalogue.createContextObject(actor, { key, name });
  const project = await organizations.createProject(actor, 'Customer Support');

  for (const tool of BUILT_INS) await tools.create(actor, { ...tool, source: 'BUILT_IN' });
  await tools.create(actor, {
    name: 'lookup_account',
    sortOrder: 10,
    contextObjects: ['Account'],
    description: 'Look up an account by id and return its plan, owner and open cases.',
    inputSchema: {
      type: 'object',
      properties: {
        accountId: { type: 'string', pattern: '^acc_[a-z0-9]+$' },
        include: { type: 'array', items: { type: 'string', enum: ['plan', 'owner', 'cases', 'invoices'] } },
      },
      required: ['accountId'],
    },
  });
  await tools.create(actor, {
    name: 'create_case',
    sortOrder: 11,
    projectId: project.id,
    channels: ['web', 'api'],
    description: 'Open a support case for the current account.',
    inputSchema: {
      type: 'object',
      properties: {
        subject: { type: 'string', maxLength: 200 },
        priority: { type: 'string', enum: ['low', 'normal', 'high', 'urgent'] },
        body: { type: 'string' },
      },
      required: ['subject', 'body'],
    },
  });
  await tools.create(actor, {
    name: 'refund_order',
    sortOrder: 12,
    projectId: project.id,
    contextObjects: ['Order'],
    tier: 2,
    description: 'Refund all or part of an order. Needs the order to be on screen.',
    inputSchema: {
      type: 'object',
      properties: {
        orderId: { type: 'string' },
        amount: {
          type: 'object',
          properties: { value: { type: 'number', exclusiveMinimum: 0 }, currency: { type: 'string', enum: ['USD', 'EUR', 'GBP'] } },
          required: ['value', 'currency'],
        },
        reason: { type: 'string' },
      },
      required: ['orderId', 'reason'],
    },
  });
  await tools.create(actor, {
    name: 'post_to_slack',
    sortOrder: 13,
    channels: ['slack'],
    active: false,
    description: 'Post a message to the team channel.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  });

  const app = await tools.createMiniApp(actor, { name: 'Order tracker', projectId: project.id });
  await tools.create(actor, {
    name: 'track_shipment',
    sortOrder: 20,
    miniAppId: app.id,
    description: 'Show the live shipment map for an order.',
    inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  });

  const github = await tools.registerMcpServer(actor, { name: 'github', disabledTools: ['delete_repository'] });
  await tools.reportMcpInventory(
    actor,
    github.id,
    [
      {
        name: 'search_issues',
        description: 'Search issues and pull requests across GitHub.',
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string' }, perPage: { type: 'integer', minimum: 1, maximum: 100 } },
          required: ['query'],
        },
      },
      {
        name: 'get_issue',
        description: 'Get one issue with its comments.',
        inputSchema: {
          type: 'object',
          properties: { owner: { type: 'string' }, repo: { type: 'string' }, issueNumber: { type: 'integer' } },
          required: ['owner', 'repo', 'issueNumber'],
        },
      },
      {
        name: 'delete_repository',
        description: 'Delete a repository.',
        inputSchema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' } }, required: ['owner', 'repo'] },
      },
    ],
    true,
  );
  await tools.registerMcpServer(actor, { name: 'docs', projectId: project.id });

  const support = await agents.create(actor, {
    name: 'Support agent',
    projectId: project.id,
    model: 'anthropic/claude-sonnet-4-5',
    maxTools: 12,
  });
  const triage = await agents.create(actor, { name: 'Triage bot', model: 'openai/gpt-4o', toolsMode: 'RECORD_PAGES_ONLY', maxTools: 6 });
  await agents.setToolRule(actor, { agentId: support.id, toolName: 'Bash', effect: 'DENY' });
  await agents.setToolRule(actor, { projectId: project.id, toolName: 'Write', effect: 'DENY' });

  await modelPrices.set(actor, {
    model: 'anthropic/claude-sonnet-4-5',
    inputUsdPerMTok: 3,
    cachedInputUsdPerMTok: 0.3,
    cacheWriteUsdPerMTok: 3.75,
    outputUsdPerMTok: 15,
    creditsPerMTok: 10,
  });
  await modelPrices.set(actor, {
    model: 'openai/gpt-4o',
    inputUsdPerMTok: 2.5,
    cachedInputUsdPerMTok: 1.25,
    outputUsdPerMTok: 10,
    creditsPerMTok: 8,
  });

  // A support conversation on an order page: an edit between turns 1 and 2 breaks the cache once.
  const chat = await conversations.startConversation(actor, {
    agentId: support.id,
    channel: 'web',
    page: { type: 'RECORD', contextObject: 'Order', recordId: 'ord_1042' },
    userId: 'dana@acme.example',
  });
  const first = await conversations.beginTurn(actor, chat.id);
  await conversations.completeTurn(actor, first.id, { inputTokens: 4120, cacheWriteTokens: 3900, outputTokens: 210 });
  const refund = (await tools.definitions(actor, { projectId: project.id })).find((t) => t.name === 'refund_order');
  await tools.update(actor, refund!.id, {
    description: 'Refund all or part of an order that is on screen. Partial refunds need a reason.',
  });
  const second = await conversations.beginTurn(actor, chat.id);
  await conversations.completeTurn(actor, second.id, {
    inputTokens: 4630,
    cachedInputTokens: 3100,
    cacheWriteTokens: 1300,
    outputTokens: 180,
    providerCacheMissReason: 'tools_changed',
  });
  const third = await conversations.beginTurn(actor, chat.id);
  await conversations.completeTurn(actor, third.id, { inputTokens: 5010, cachedInputTokens: 4400, outputTokens: 95 });
  await usage.recordToolCalls(actor, [
    { conversationId: chat.id, toolName: 'lookup_account', isError: false, idempotencyKey: 'demo-1' },
    { conversationId: chat.id, toolName: 'refund_order', isError: false, idempotencyKey: 'demo-2' },
  ]);

  // A worker conversation delegated by the first: its usage credits the same project.
  const worker = await conversations.startConversation(actor, {
    agentId: support.id,
    channel: 'api',
    userId: 'dana@acme.example',
    parentConversationId: chat.id,
  });
  const workerTurn = await conversations.beginTurn(actor, worker.id);
  await conversations.completeTurn(actor, workerTurn.id, { inputTokens: 2900, outputTokens: 60 });

  const triageChat = await conversations.startConversation(actor, {
    agentId: triage.id,
    channel: 'slack',
    page: { type: 'RECORD', contextObject: 'Case' },
    userId: 'ops-bot',
  });
  const triageTurn = await conversations.beginTurn(actor, triageChat.id);
  await conversations.completeTurn(actor, triageTurn.id, { inputTokens: 1800, outputTokens: 40 });

  return { organizationId: organization.id, adminKey: apiKey, agentIds: [support.id, triage.id] };
}

export async function databaseIsEmpty(services: AppServices): Promise<boolean> {
  return (await services.db.dataSource.manager.count(OrganizationEntity)) === 0;
}
