import Anthropic from '@anthropic-ai/sdk';
import { createAnthropic } from '@ai-sdk/anthropic';
import { Agent, OpenAIProvider, run as runAgent, setTracingDisabled, tool as agentTool } from '@openai/agents';
import { jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import OpenAI from 'openai';
import {
  anthropicMessages,
  loadoutRuntime,
  MissingUsageError,
  openaiChat,
  openaiResponses,
  type LoadoutRuntime,
} from '../packages/client/src/runtime';
import { projectRoot } from '../src/common/project-root';
import { CANNED_USAGE, FakeProvider } from './support/fake-provider';
import { startTestServer, typed, type TestServer } from './support/harness';
import { TestWorld } from './support/test-world';

/*
 * docs/runtime.md, "Streams": each SDK's streamed request, parsed by the
 * SDK's own stream reader from the stand-in provider's server-sent events,
 * finishes its turn with exactly the usage, model and calls the same
 * request stores unstreamed.
 */

let t: TestServer;
let fake: FakeProvider;
let adminKey: string;
let loadout: LoadoutRuntime;
let runtimeKey: string;
const agents: Record<'openai' | 'anthropic' | 'google', string> = { openai: '', anthropic: '', google: '' };

beforeAll(async () => {
  setTracingDisabled(true);
  [t, fake] = await Promise.all([startTestServer(), FakeProvider.start()]);
  const world = new TestWorld(t);
  [{ adminKey }] = await world.organizations(['Streams org']);
  runtimeKey = await t.createKey(adminKey, 'RUNTIME');
  loadout = loadoutRuntime({ url: t.url, apiKey: runtimeKey });
  await world.channels(adminKey, [{ key: 'web', name: 'Web' }]);
  await world.tools(adminKey, [
    {
      name: 'lookup_invoice',
      description: 'Looks an invoice up.',
      inputSchema: { type: 'object', properties: { number: { type: 'string' } } },
    },
  ]);
  const [openai, anthropic, google] = await world.agents(adminKey, [
    { name: 'GPT', model: 'openai/gpt-4.1' },
    { name: 'Claude', model: 'anthropic/claude-sonnet-4-5' },
    { name: 'Gemini', model: 'google/gemini-2.5-pro' },
  ]);
  Object.assign(agents, { openai: openai.id, anthropic: anthropic.id, google: google.id });
  fake.calling = (names) => names.find((n) => n === 'lookup_invoice');
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.stop(), fake?.stop()]);
});

interface Stored {
  modelCalled: string | null;
  usage: {
    inputTokens: number;
    cachedInputTokens: number;
    cacheWriteTokens: number;
    cacheWrite1hTokens: number;
    outputTokens: number;
  } | null;
}
const TURN = typed<{ turn: Stored | null }>(
  `query($id: ID!) { turn(id: $id) { modelCalled usage { inputTokens cachedInputTokens cacheWriteTokens cacheWrite1hTokens outputTokens } } }`,
);
const stored = async (id: string) => (await t.ok(adminKey, TURN, { id })).turn!;
const conversation = (agent: keyof typeof agents, userId = 'dana@acme.example') =>
  loadout.startConversation({ agentId: agents[agent], channel: 'web', userId });
const messages = [{ role: 'user' as const, content: 'Is invoice 42 paid?' }];
const openai = () => new OpenAI({ apiKey: 'test', baseURL: `${fake.url}/v1` });

it('Chat Completions: the stream with include_usage stores what the plain request stores; without it the error says how', async () => {
  const c = await conversation('openai');
  const plain = await loadout.beginTurn(c, openaiChat);
  await plain.finish(await openai().chat.completions.create({ model: 'gpt-4.1', messages, tools: plain.tools }));

  const turn = await loadout.beginTurn(c, openaiChat);
  const stream = openai().chat.completions.stream({
    model: 'gpt-4.1',
    messages,
    tools: turn.tools,
    stream_options: { include_usage: true },
  });
  for await (const chunk of stream) void chunk;
  const { calls } = await turn.finish(await stream.finalChatCompletion());
  expect(calls.map((call) => call.tool.toolName)).toEqual(['lookup_invoice']);
  expect(await stored(turn.id)).toEqual(await stored(plain.id));

  const unasked = await loadout.beginTurn(c, openaiChat);
  const bare = openai().chat.completions.stream({ model: 'gpt-4.1', messages, tools: unasked.tools });
  const refused = await unasked.finish(await bare.finalChatCompletion()).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(MissingUsageError);
  expect((refused as Error).message).toMatch(/stream_options: \{ include_usage: true \}/);
});

it('Responses: the stream’s final response stores what the plain request stores', async () => {
  const c = await conversation('openai');
  const plain = await loadout.beginTurn(c, openaiResponses);
  await plain.finish(await openai().responses.create({ model: 'gpt-4.1', input: 'Is invoice 42 paid?', tools: plain.tools }));
  const turn = await loadout.beginTurn(c, openaiResponses);
  const stream = openai().responses.stream({ model: 'gpt-4.1', input: 'Is invoice 42 paid?', tools: turn.tools });
  for await (const event of stream) void event;
  const { calls } = await turn.finish(await stream.finalResponse());
  expect(calls.map((call) => call.tool.toolName)).toEqual(['lookup_invoice']);
  expect(await stored(turn.id)).toEqual(await stored(plain.id));
});

it('Anthropic: the stream’s final message stores what the plain request stores', async () => {
  const c = await conversation('anthropic');
  const anthropic = new Anthropic({ apiKey: 'test', baseURL: fake.url });
  const plain = await loadout.beginTurn(c, anthropicMessages);
  await plain.finish(await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools: plain.tools }));
  const turn = await loadout.beginTurn(c, anthropicMessages);
  const stream = anthropic.messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages, tools: turn.tools });
  const { calls } = await turn.finish(await stream.finalMessage());
  expect(calls.map((call) => call.tool.toolName)).toEqual(['lookup_invoice']);
  expect(await stored(turn.id)).toEqual(await stored(plain.id));
});

// @google/genai needs undici's global dispatcher, which jest's sandbox lacks: this loop runs in a process of its own.
const GEMINI_LOOP = `
import { GoogleGenAI } from '@google/genai';
import { gemini, GeminiStreamedResponse, loadoutRuntime } from './client';

const env = (name: string): string => process.env[name] ?? '';
const loadout = loadoutRuntime({ url: env('LOADOUT_URL'), apiKey: env('LOADOUT_KEY') });
const ai = new GoogleGenAI({ apiKey: 'test', httpOptions: { baseUrl: env('PROVIDER_URL') } });
const conversationId = env('CONVERSATION_ID');
const contents = 'Is invoice 42 paid?';
const plain = await loadout.beginTurn(conversationId, gemini);
await plain.finish(await ai.models.generateContent({ model: 'gemini-2.5-pro', contents, config: { tools: plain.tools } }));
const turn = await loadout.beginTurn(conversationId, gemini);
const collected = new GeminiStreamedResponse();
for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-pro', contents, config: { tools: turn.tools } })) collected.add(chunk);
const { calls } = await turn.finish(collected.response);
console.log(JSON.stringify({ plain: plain.id, streamed: turn.id, calls: calls.map((c) => c.tool.toolName) }));
`;

it('Gemini: the chunks collected by GeminiStreamedResponse store what the plain request stores', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loadout-gemini-'));
  try {
    symlinkSync(path.join(projectRoot(), 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    symlinkSync(path.join(projectRoot(), 'packages', 'client', 'src', 'runtime'), path.join(dir, 'client'), 'dir');
    writeFileSync(path.join(dir, 'loop.ts'), GEMINI_LOOP);
    await build({
      entryPoints: [path.join(dir, 'loop.ts')],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: path.join(dir, 'loop.mjs'),
      logLevel: 'silent',
    });
    const ran = await node(path.join(dir, 'loop.mjs'), {
      PATH: process.env.PATH,
      LOADOUT_URL: t.url,
      LOADOUT_KEY: runtimeKey,
      PROVIDER_URL: fake.url,
      CONVERSATION_ID: await conversation('google'),
    });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    const { plain, streamed, calls } = JSON.parse(ran.stdout) as { plain: string; streamed: string; calls: string[] };
    expect(calls).toEqual(['lookup_invoice']);
    expect(await stored(streamed)).toEqual(await stored(plain));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs a script without blocking: the server answering it is in this process. */
function node(script: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

it('AI SDK streamText: each streamed step stores its usage', async () => {
  const c = await conversation('anthropic', 'streamtext@acme.example');
  const run = loadout.aiSdk(c, (t) =>
    tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: async () => ({ paid: true }) }),
  );
  const { prepareStep, onStepFinish } = run;
  const result = streamText({
    model: createAnthropic({ apiKey: 'test', baseURL: `${fake.url}/v1` })('claude-sonnet-4-5'),
    prompt: 'Is invoice 42 paid?',
    tools: await run.tools(),
    prepareStep,
    onStepFinish,
    stopWhen: stepCountIs(3),
  });
  expect(await result.text).not.toBe('');
  const finished = await run.settled();
  const u = CANNED_USAGE.anthropic;
  expect(finished.map((f) => f.turn.usage?.inputTokens)).toEqual([
    u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens,
    u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens,
  ]);
  expect(finished.map((f) => f.calls.map((call) => call.tool.toolName))).toEqual([['lookup_invoice'], []]);
});

it('Agents SDK streamed: each turn keeps its cached tokens and the model that answered', async () => {
  const c = await conversation('openai', 'agents-stream@acme.example');
  const run = loadout.agents(c);
  const tools = await run.tools(({ tool: _carried, ...t }) => agentTool({ ...t, execute: async () => ({ paid: true }) }));
  const model = run.model(await new OpenAIProvider({ apiKey: 'test', baseURL: `${fake.url}/v1` }).getModel('gpt-4.1'));
  const result = await runAgent(
    new Agent({ name: 'Billing', instructions: 'Answer billing questions.', model, tools }),
    'Is invoice 42 paid?',
    {
      stream: true,
    },
  );
  await result.completed;
  const finished = await run.settled();
  const u = CANNED_USAGE['openai-responses'];
  expect(finished.map((f) => f.turn.usage && { input: f.turn.usage.inputTokens, cached: f.turn.usage.cachedInputTokens })).toEqual([
    { input: u.input_tokens, cached: u.input_tokens_details.cached_tokens },
    { input: u.input_tokens, cached: u.input_tokens_details.cached_tokens },
  ]);
  expect(finished.map((f) => f.turn.modelCalled)).toEqual(['openai/gpt-4.1', 'openai/gpt-4.1']);
});
