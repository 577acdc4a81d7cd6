import type { AgentSettings } from '../agents/agent.service';
import type { PriceInput } from '../conversations/model-price.service';
import type { JsonObject } from '../common/json';
import type { NewTool } from '../tools/tool-definition.service';

/*
 * What the demo organisation holds, created by seed-demo.ts in the order
 * listed. `inProject`: in the demo project, else organisation-wide.
 */

export const CHANNELS: Array<[key: string, name: string]> = [
  ['web', 'Web chat'],
  ['api', 'API'],
  ['slack', 'Slack'],
];

export const CONTEXT_OBJECTS: Array<[key: string, name: string]> = [
  ['Account', 'Account'],
  ['Case', 'Support case'],
  ['Order', 'Order'],
];

export const PROJECT_NAME = 'Customer Support';

export const BUILT_INS: Array<{
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

export const CUSTOM_TOOLS: Array<NewTool & { inProject?: boolean }> = [
  {
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
  },
  {
    name: 'create_case',
    sortOrder: 11,
    inProject: true,
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
  },
  {
    name: 'refund_order',
    sortOrder: 12,
    inProject: true,
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
  },
  {
    name: 'post_to_slack',
    sortOrder: 13,
    channels: ['slack'],
    active: false,
    description: 'Post a message to the team channel.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
];

/** The demo project's mini app and its tools. */
export const MINI_APP: { name: string; tools: NewTool[] } = {
  name: 'Order tracker',
  tools: [
    {
      name: 'track_shipment',
      sortOrder: 20,
      description: 'Show the live shipment map for an order.',
      inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
    },
  ],
};

/** A server without an inventory stays unprobed. */
export const MCP_SERVERS: Array<{
  name: string;
  inProject?: boolean;
  disabledTools?: string[];
  /** tools/list entries, as a server returns them. */
  inventory?: { tools: JsonObject[]; advertisesResources: boolean };
}> = [
  {
    name: 'github',
    disabledTools: ['delete_repository'],
    inventory: {
      tools: [
        {
          name: 'search_issues',
          description: 'Search issues and pull requests across GitHub.',
          inputSchema: {
            type: 'object',
            properties: { query: { type: 'string' }, perPage: { type: 'integer', minimum: 1, maximum: 100 } },
            required: ['query'],
          },
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
        {
          name: 'get_issue',
          description: 'Get one issue with its comments.',
          inputSchema: {
            type: 'object',
            properties: { owner: { type: 'string' }, repo: { type: 'string' }, issueNumber: { type: 'integer' } },
            required: ['owner', 'repo', 'issueNumber'],
          },
          annotations: { readOnlyHint: true, openWorldHint: true },
        },
        {
          name: 'delete_repository',
          description: 'Delete a repository.',
          inputSchema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' } }, required: ['owner', 'repo'] },
          annotations: { destructiveHint: true, openWorldHint: true },
        },
      ],
      advertisesResources: true,
    },
  },
  { name: 'docs', inProject: true },
];

/** The demo project's agent. */
export const SUPPORT_AGENT: AgentSettings & { name: string } = {
  name: 'Support agent',
  model: 'anthropic/claude-sonnet-4-5',
  maxTools: 12,
};

export const TRIAGE_AGENT: AgentSettings & { name: string } = {
  name: 'Triage bot',
  model: 'openai/gpt-4o',
  toolsMode: 'RECORD_PAGES_ONLY',
  maxTools: 6,
};

/** The prices of the agents' models. */
export const MODEL_PRICES: PriceInput[] = [
  {
    model: 'anthropic/claude-sonnet-4-5',
    inputUsdPerMTok: 3,
    cachedInputUsdPerMTok: 0.3,
    cacheWriteUsdPerMTok: 3.75,
    outputUsdPerMTok: 15,
    creditsPerMTok: 10,
  },
  {
    model: 'openai/gpt-4o',
    inputUsdPerMTok: 2.5,
    cachedInputUsdPerMTok: 1.25,
    outputUsdPerMTok: 10,
    creditsPerMTok: 8,
  },
];
