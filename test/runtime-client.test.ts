import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { build } from 'esbuild';
import { openaiChat } from '../packages/client/src/runtime/adapters/openai-chat';
import { agentsSdkName } from '../packages/client/src/runtime/toolbox';
import { loadoutRuntime, Turn } from '../packages/client/src/runtime';
import { projectRoot } from '../src/common/project-root';
import { CANNED_USAGE, FakeProvider, type CapturedRequest, type ProviderApi } from './support/fake-provider';
import {
  AgentConversationsDocument,
  ConversationTurnOutcomesDocument,
  ReportMcpToolsDocument,
  SetModelPriceDocument,
  ToolUsageDocument,
  type ConversationTurnOutcomesQuery,
} from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { runnableBlocks, type RunnableBlock } from './support/runnable-blocks';
import { TestWorld } from './support/test-world';
import { UnavailableOnce } from './support/unavailable-once';

/*
 * docs/runtime.md's loops, each run as its reader would run it: compiled
 * against the SDKs' own types, then run with the provider's official SDK
 * pointed at a fake provider on 127.0.0.1 and the runtime client pointed at
 * a real server. What the SDK sent, and what the server stored, are held to
 * the renderings and to the usage rules of docs/usage-and-pricing.md.
 */

const root = projectRoot();
const blocks = runnableBlocks(readFileSync(join(root, 'docs', 'runtime.md'), 'utf8')).filter((b) => b.language === 'ts');
const steps = blocks.filter((b) => b.kind === 'step');

type Rendering = 'OPENAI' | 'OPENAI_RESPONSES' | 'ANTHROPIC' | 'GOOGLE';
interface Loop {
  model: string;
  api: ProviderApi;
  /** The rendering the SDK's request must carry, byte for byte (after the SDK's own renaming, for the Agents SDK). */
  rendering: Rendering;
  /** Model requests in the run: a framework calls the model again with the tool's result. */
  requests: number;
}
const LOOPS: Record<string, Loop> = {
  'openai-chat.ts': { model: 'openai/gpt-4.1', api: 'openai-chat', rendering: 'OPENAI', requests: 2 },
  'openai-responses.ts': { model: 'openai/gpt-4.1', api: 'openai-responses', rendering: 'OPENAI_RESPONSES', requests: 2 },
  'anthropic-messages.ts': { model: 'anthropic/claude-sonnet-4-5', api: 'anthropic', rendering: 'ANTHROPIC', requests: 2 },
  'gemini.ts': { model: 'google/gemini-2.5-pro', api: 'gemini', rendering: 'GOOGLE', requests: 2 },
  'ai-sdk.ts': { model: 'anthropic/claude-sonnet-4-5', api: 'anthropic', rendering: 'ANTHROPIC', requests: 2 },
  'openai-agents.ts': { model: 'openai/gpt-4.1', api: 'openai-responses', rendering: 'OPENAI_RESPONSES', requests: 2 },
};

/** Prices per million tokens; Anthropic's 1-hour write is left to its default, 2 × input. */
const PRICES = [
  { model: 'openai/gpt-4.1', inputUsdPerMTok: 2, cachedInputUsdPerMTok: 0.5, cacheWriteUsdPerMTok: 2.5, outputUsdPerMTok: 8 },
  {
    model: 'anthropic/claude-sonnet-4-5',
    inputUsdPerMTok: 3,
    cachedInputUsdPerMTok: 0.3,
    cacheWriteUsdPerMTok: 3.75,
    outputUsdPerMTok: 15,
  },
  { model: 'google/gemini-2.5-pro', inputUsdPerMTok: 1.25, cachedInputUsdPerMTok: 0.3125, outputUsdPerMTok: 10 },
];

interface Usage {
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  cacheWrite1hTokens: number;
  outputTokens: number;
  serverToolUse: Record<string, number> | null;
}

/** The turn's usage each canned usage object stands for, by docs/usage-and-pricing.md. */
function expectedUsage(api: ProviderApi): Usage {
  if (api === 'openai-chat') {
    const u = CANNED_USAGE['openai-chat'];
    const d = u.prompt_tokens_details;
    return {
      inputTokens: u.prompt_tokens,
      cachedInputTokens: d.cached_tokens,
      cacheWriteTokens: d.cache_write_tokens,
      cacheWrite1hTokens: 0,
      outputTokens: u.completion_tokens,
      serverToolUse: null,
    };
  }
  if (api === 'openai-responses') {
    const u = CANNED_USAGE['openai-responses'];
    const d = u.input_tokens_details;
    return {
      inputTokens: u.input_tokens,
      cachedInputTokens: d.cached_tokens,
      cacheWriteTokens: d.cache_write_tokens,
      cacheWrite1hTokens: 0,
      outputTokens: u.output_tokens,
      serverToolUse: null,
    };
  }
  if (api === 'anthropic') {
    const u = CANNED_USAGE.anthropic;
    return {
      inputTokens: u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens,
      cachedInputTokens: u.cache_read_input_tokens,
      cacheWriteTokens: u.cache_creation_input_tokens,
      cacheWrite1hTokens: u.cache_creation.ephemeral_1h_input_tokens,
      outputTokens: u.output_tokens,
      serverToolUse: u.server_tool_use,
    };
  }
  const u = CANNED_USAGE.gemini;
  return {
    inputTokens: u.promptTokenCount,
    cachedInputTokens: u.cachedContentTokenCount,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    outputTokens: u.candidatesTokenCount + u.thoughtsTokenCount,
    serverToolUse: null,
  };
}

/** A turn's cost by the formula of docs/usage-and-pricing.md. */
function expectedCost(u: Usage, model: string): number {
  const p = PRICES.find((x) => x.model === model)!;
  const write = p.cacheWriteUsdPerMTok ?? p.inputUsdPerMTok;
  const plain = u.inputTokens - u.cachedInputTokens - u.cacheWriteTokens;
  return (
    (plain * p.inputUsdPerMTok +
      u.cachedInputTokens * p.cachedInputUsdPerMTok +
      (u.cacheWriteTokens - u.cacheWrite1hTokens) * write +
      u.cacheWrite1hTokens * 2 * p.inputUsdPerMTok +
      u.outputTokens * p.outputUsdPerMTok) /
    1_000_000
  );
}

type StoredTurn = NonNullable<ConversationTurnOutcomesQuery['conversation']>['turns']['edges'][number]['node'];

const SCHEMA = { type: 'object', properties: { id: { type: 'string', description: 'The invoice number.' } }, required: ['id'] };
const MCP_TOOL = 'mcp__github__get-issue';

let t: TestServer;
let fake: FakeProvider;
let dir: string;
let adminKey: string;
let runtimeKey: string;
const agents = new Map<string, string>();

beforeAll(async () => {
  [t, fake] = await Promise.all([startTestServer(), FakeProvider.start()]);
  const world = new TestWorld(t);
  const organization = await world.organization('Test org', {
    tools: [{ name: 'lookup_invoice', description: 'Looks an invoice up.', inputSchema: SCHEMA }],
    agents: Object.entries(LOOPS).map(([name, loop]) => ({ name, model: loop.model })),
  });
  adminKey = organization.adminKey;
  for (const agent of organization.agents) agents.set(agent.name, agent.id);
  runtimeKey = await world.key(adminKey, 'RUNTIME');
  const [server] = await world.mcpServers(adminKey, [{ name: 'github' }]);
  await t.ok(adminKey, ReportMcpToolsDocument, {
    serverId: server.id,
    tools: [
      { name: 'get-issue', description: 'Reads an issue.', inputSchema: { type: 'object', properties: { number: { type: 'integer' } } } },
    ],
  });
  for (const input of PRICES) await t.ok(adminKey, SetModelPriceDocument, { input });

  dir = mkdtempSync(join(tmpdir(), 'loadout-runtime-'));
  // The docs import the client as a runtime that installed the package does: `@loadout/client`, built, beside the SDKs.
  const installed = join(dir, 'node_modules', '@loadout', 'client');
  mkdirSync(installed, { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules')))
    symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry), 'dir');
  copyFileSync(join(root, 'packages', 'client', 'package.json'), join(installed, 'package.json'));
  execFileSync(process.execPath, [join(root, 'packages', 'client', 'build-package.mjs'), '--out', join(installed, 'dist', 'package')]);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  for (const block of blocks) writeFileSync(join(dir, block.name!), block.code);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.stop(), fake?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(command: string[], env: NodeJS.ProcessEnv, ms = 60_000): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}

/** Bundles the block with the client (the SDKs stay imports) and runs it with the SDKs pointed at the fake provider. */
async function runBlock(block: RunnableBlock, loadoutUrl = t.url): Promise<string> {
  const outfile = join(dir, block.name!.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [join(dir, block.name!)],
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  const { status, output } = await run([outfile], {
    LOADOUT_URL: loadoutUrl,
    LOADOUT_KEY: runtimeKey,
    AGENT_ID: agents.get(block.name!),
    OPENAI_API_KEY: 'test',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    ANTHROPIC_API_KEY: 'test',
    ANTHROPIC_BASE_URL: fake.url,
    GEMINI_API_KEY: 'test',
    GOOGLE_GEMINI_BASE_URL: fake.url,
    OPENAI_AGENTS_DISABLE_TRACING: '1',
  });
  if (status !== 0) throw new Error(`docs/runtime.md block at line ${block.line} exited ${status}:\n${output}`);
  return output;
}

/** Every turn of the loop's agent, oldest first. */
async function turnsOf(name: string): Promise<StoredTurn[]> {
  const { conversations } = await t.ok(adminKey, AgentConversationsDocument, { agentId: agents.get(name)! });
  const turns: StoredTurn[] = [];
  for (const { node } of conversations.edges) {
    const { conversation } = await t.ok(adminKey, ConversationTurnOutcomesDocument, { id: node.id, provider: LOOPS[name].rendering });
    turns.push(...conversation!.turns.edges.map((e) => e.node));
  }
  return turns.sort((a, b) => a.index - b.index);
}

async function callsOf(toolName: string): Promise<number> {
  const data = await t.ok(adminKey, ToolUsageDocument, { userId: 'dana@acme.example' });
  return data.toolUsage.find((u) => u.toolName === toolName)?.calls ?? 0;
}

/** The tools of a request as the SDK sent them, each as JSON text in the provider's shape. */
function sentTools(request: CapturedRequest, loop: Loop): string {
  const tools = request.body.tools as Array<Record<string, unknown>>;
  // The AI SDK builds Anthropic's tools from the NEUTRAL rendering and adds keys of its own; the three Anthropic keys are what a model sees.
  if (loop.api === 'anthropic')
    return JSON.stringify(tools.map(({ name, description, input_schema }) => ({ name, description, input_schema })));
  return JSON.stringify(tools);
}

it('documents the six loops, each a whole agent step in at most 30 lines', () => {
  expect(steps.map((b) => b.name)).toEqual(Object.keys(LOOPS));
  for (const block of steps) expect(block.code.trim().split('\n').length).toBeLessThanOrEqual(30);
});

it('compiles every block against the SDKs’ own types, with no cast', async () => {
  const compilerOptions = {
    target: 'ES2022',
    module: 'node16',
    moduleResolution: 'node16',
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: blocks.map((b) => b.name) }));
  for (const block of blocks) expect(block.code).not.toMatch(/ as (?!const\b)/);
  expect(await run([require.resolve('typescript/bin/tsc'), '-p', '.', '--pretty', 'false'], {}, 120_000)).toEqual({
    status: 0,
    output: '',
  });
}, 120_000);

describe.each(steps.map((b) => [b.name!, b] as const))('the %s loop', (name, block) => {
  const loop = LOOPS[name];
  let requests: CapturedRequest[];
  let turns: StoredTurn[];
  let calledTool: string;
  let callsBefore: number;

  beforeAll(async () => {
    // Each loop's model calls a different tool: the MCP one where its name is renamed by the Agents SDK.
    calledTool = name === 'openai-agents.ts' || name === 'openai-responses.ts' ? MCP_TOOL : 'lookup_invoice';
    fake.calling = (names) => names.find((n) => n === calledTool || n === agentsSdkName(calledTool));
    callsBefore = await callsOf(calledTool);
    const seen = fake.requests.length;
    await runBlock(block);
    requests = fake.requests.slice(seen);
    turns = await turnsOf(name);
  }, 120_000);

  it('sends the rendering Loadout returned, byte for byte, on every model request', () => {
    expect(requests.map((r) => r.api)).toEqual(Array(loop.requests).fill(loop.api));
    requests.forEach((request, i) => {
      const rendered = turns[i].toolbox.rendered as Array<Record<string, unknown>>;
      const expected = name === 'openai-agents.ts' ? rendered.map((r) => ({ ...r, name: agentsSdkName(r.name as string) })) : rendered;
      expect(sentTools(request, loop)).toBe(JSON.stringify(expected));
      if (name !== 'ai-sdk.ts') expect(request.raw).toContain(`"tools":${JSON.stringify(expected)}`);
    });
  });

  it('stores one turn per model request, each with the provider’s usage read by its rules, priced, and its tool-definition share', () => {
    const usage = expectedUsage(loop.api);
    expect(turns).toHaveLength(loop.requests);
    for (const turn of turns) {
      expect(turn.completedAt).not.toBeNull();
      expect(turn.usage).toEqual(usage);
      expect(turn.cost!.amountUsd).toBeCloseTo(expectedCost(usage, loop.model), 12);
      expect(turn.cost!.toolDefinitionShare).toBeCloseTo(turn.toolbox.schemaTokens / usage.inputTokens, 12);
    }
  });

  it('counts the call for the tool the model called, under its stored name', async () => {
    expect(await callsOf(calledTool)).toBe(callsBefore + 1);
  });
});

it('counts an Agents-SDK-renamed call for its MCP tool: the name sent back is not the name Loadout rendered', () => {
  const sent = fake.requests
    .filter((r) => r.api === 'openai-responses')
    .flatMap((r) => (r.body.tools as Array<{ name: string }>).map((x) => x.name));
  expect(sent).toContain(agentsSdkName(MCP_TOOL));
  expect(agentsSdkName(MCP_TOOL)).not.toBe(MCP_TOOL);
});

it('sends a completion again after a 503 with Retry-After, and the turn is stored once', async () => {
  const proxy = await UnavailableOnce.start(t.url, (body) => body.includes('completeTurnWithProviderUsage'), 1);
  try {
    fake.calling = (names) => names[0];
    const before = await callsOf('lookup_invoice');
    await runBlock(
      steps.find((b) => b.name === 'openai-chat.ts')!,
      proxy.url,
    );
    // The loop's two requests each completed their turn, the first after the 503 and its Retry-After.
    const completions = proxy.bodies.filter((b) => b.includes('completeTurnWithProviderUsage'));
    expect({ refused: proxy.refused, completions: completions.length }).toEqual({ refused: 1, completions: 3 });
    const turns = await turnsOf('openai-chat.ts');
    expect(turns.map((x) => x.completedAt !== null)).toEqual([true, true, true, true]);
    expect(await callsOf('lookup_invoice')).toBe(before + 1);
  } finally {
    await proxy.stop();
  }
}, 60_000);

it('finishes a turn twice without counting it twice: the stored completion is read back and the calls are duplicates', async () => {
  const loadout = loadoutRuntime({ url: t.url, apiKey: runtimeKey });
  const conversationId = await loadout.startConversation({
    agentId: agents.get('openai-chat.ts')!,
    channel: 'web',
    userId: 'dana@acme.example',
  });
  const before = await callsOf('lookup_invoice');
  const completion = {
    choices: [{ message: { tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'lookup_invoice' } }] } }],
    usage: CANNED_USAGE['openai-chat'],
  };
  const turn = await loadout.beginTurn(conversationId, openaiChat);
  const first = await turn.finish(completion);
  // A runtime that lost the answers and sends both again, from a turn object that remembers nothing.
  const second = await new Turn(loadout.request, conversationId, turn.begun, openaiChat).finish(completion);
  expect(second.turn).toEqual(first.turn);
  expect(first.recorded).toEqual({ accepted: 1, duplicates: 0 });
  expect(second.recorded).toEqual({ accepted: 0, duplicates: 1 });
  expect(await callsOf('lookup_invoice')).toBe(before + 1);
});

// The docs run the AI SDK with Anthropic; its other providers answer usage in their own formats, which the step's provider names.
it.each([
  ['openai.responses', 'openai-responses', 'openai-responses.ts'],
  ['openai.chat', 'openai-chat', 'openai-chat.ts'],
  ['google.generative-ai', 'gemini', 'gemini.ts'],
] as const)(
  'reads each AI SDK step of %s by that API’s usage rules',
  async (_provider, api, loop) => {
    const openai = createOpenAI({ apiKey: 'test', baseURL: `${fake.url}/v1` });
    const google = createGoogleGenerativeAI({ apiKey: 'test', baseURL: `${fake.url}/v1beta` });
    const model = api === 'gemini' ? google('gemini-2.5-pro') : api === 'openai-chat' ? openai.chat('gpt-4.1') : openai('gpt-4.1');
    const loadout = loadoutRuntime({ url: t.url, apiKey: runtimeKey });
    const conversationId = await loadout.startConversation({ agentId: agents.get(loop)!, channel: 'web', userId: 'dana@acme.example' });
    fake.calling = (names) => names.find((n) => n === 'lookup_invoice');
    const run = loadout.aiSdk(conversationId, (t) =>
      tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: async () => ({ paid: true }) }),
    );
    const { prepareStep, onStepFinish } = run;
    await generateText({
      model,
      prompt: 'Is invoice 42 paid?',
      tools: await run.tools(),
      prepareStep,
      onStepFinish,
      stopWhen: stepCountIs(3),
    });
    const finished = await run.settled();
    expect(finished.map((f) => f.turn.usage)).toEqual([expectedUsage(api), expectedUsage(api)]);
    expect(finished.map((f) => f.calls.map((c) => c.tool.toolName))).toEqual([['lookup_invoice'], []]);
  },
  60_000,
);
