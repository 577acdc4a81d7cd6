import { createAnthropic } from '@ai-sdk/anthropic';
import { Agent, OpenAIProvider, run as runAgent, setTracingDisabled, tool as agentTool } from '@openai/agents';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { loadoutRuntime, LoadoutUnavailableError, anthropicMessages } from '../packages/client/src/runtime';
import { FakeProvider } from './support/fake-provider';
import { ConversationTurnOutcomesDocument, ToolUsageDocument } from './support/generated/graphql';
import { startTestServer, type TestServer } from './support/harness';
import { tcpRelay, type TcpRelay } from './support/tcp-relay';
import { TestWorld } from './support/test-world';

/*
 * The frameworks' runs as docs/runtime.md wires them, in this process with
 * the SDKs pointed at a stand-in provider.
 *
 * "When Loadout is unavailable": the server goes away in
 * the middle of an agent's run (the relay in front of it cut right after the
 * model's first answer) and comes back 2 s or 30 s later. The run ends with
 * its answer, the turn begun during the outage falls back on the last
 * toolbox, and once the server is back every turn and call is stored once.
 */

let t: TestServer;
let fake: FakeProvider;
let relay: TcpRelay;
let runtimeKey: string;
let adminKey: string;
const agents: Record<'anthropic' | 'openai', string> = { anthropic: '', openai: '' };

beforeAll(async () => {
  setTracingDisabled(true);
  [t, fake] = await Promise.all([startTestServer(), FakeProvider.start()]);
  relay = await tcpRelay(new URL(t.url));
  const world = new TestWorld(t);
  [{ adminKey }] = await world.organizations(['Outage org']);
  runtimeKey = await t.createKey(adminKey, 'RUNTIME');
  await world.channels(adminKey, [{ key: 'web', name: 'Web' }]);
  await world.tools(adminKey, [
    {
      name: 'lookup_invoice',
      description: 'Looks an invoice up by its number.',
      inputSchema: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
    },
  ]);
  const [anthropic, openai] = await world.agents(adminKey, [
    { name: 'Claude billing', model: 'anthropic/claude-sonnet-4-5' },
    { name: 'GPT billing', model: 'openai/gpt-4.1' },
  ]);
  agents.anthropic = anthropic.id;
  agents.openai = openai.id;
  fake.calling = (names) => names.find((n) => n === 'lookup_invoice');
}, 60_000);
afterAll(async () => {
  await relay?.cut().catch(() => undefined);
  await Promise.all([t?.stop(), fake?.stop()]);
});

/** The tool usage recorded of a user, for the admin. */
const usageOf = async (userId: string) => (await t.ok(adminKey, ToolUsageDocument, { userId })).toolUsage;

/** Cuts the relay once the model has sent its first answer, and opens it again `outageMs` later; answers when it is open again. */
function outageAfterFirstAnswer(outageMs: number): Promise<void> {
  return new Promise((resolve) => {
    fake.answered = () => {
      fake.answered = () => undefined;
      void relay.cut().then(() => setTimeout(() => void relay.open().then(resolve), outageMs));
    };
  });
}

type Framework = 'AI SDK generateText' | 'Agents SDK run';

async function runThrough(framework: Framework, userId: string, swallowed: string[]) {
  const loadout = loadoutRuntime({
    url: `http://127.0.0.1:${relay.port}`,
    apiKey: runtimeKey,
    onError: (_error, what) => swallowed.push(what),
  });
  const conversationId = await loadout.startConversation({
    agentId: framework === 'AI SDK generateText' ? agents.anthropic : agents.openai,
    channel: 'web',
    userId,
  });
  if (framework === 'AI SDK generateText') {
    const run = loadout.aiSdk(conversationId, (t) =>
      tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema), execute: async () => ({ paid: true }) }),
    );
    const { prepareStep, onStepFinish } = run;
    const result = await generateText({
      model: createAnthropic({ apiKey: 'test', baseURL: `${fake.url}/v1` })('claude-sonnet-4-5'),
      prompt: 'Is invoice 42 paid?',
      tools: await run.tools(),
      prepareStep,
      onStepFinish,
      stopWhen: stepCountIs(3),
    });
    return { loadout, conversationId, answer: result.text, settled: () => run.settled() };
  }
  const run = loadout.agents(conversationId);
  const tools = await run.tools(({ tool: _carried, ...t }) => agentTool({ ...t, execute: async () => ({ paid: true }) }));
  const model = run.model(await new OpenAIProvider({ apiKey: 'test', baseURL: `${fake.url}/v1` }).getModel('gpt-4.1'));
  const result = await runAgent(
    new Agent({ name: 'Billing', instructions: 'Answer billing questions.', model, tools }),
    'Is invoice 42 paid?',
  );
  return { loadout, conversationId, answer: String(result.finalOutput ?? ''), settled: () => run.settled() };
}

describe.each<[Framework, number]>([
  ['AI SDK generateText', 2_000],
  ['Agents SDK run', 2_000],
  ['AI SDK generateText', 30_000],
  ['Agents SDK run', 30_000],
])('%s through a Loadout outage of %i ms', (framework, outageMs) => {
  it('answers the user, and stores every turn and call once when the server is back', async () => {
    const userId = `${framework.split(' ')[0].toLowerCase()}-${outageMs}@acme.example`;
    const swallowed: string[] = [];
    const back = outageAfterFirstAnswer(outageMs);
    const { loadout, conversationId, answer, settled } = await runThrough(framework, userId, swallowed);
    // The run did not wait for Loadout: it answered during the outage, the second turn on the first turn's toolbox.
    expect(answer).not.toBe('');
    expect(swallowed).toEqual([expect.stringMatching(/^beginning a turn of conversation .*: fell back on the last toolbox$/)]);
    await back;
    expect(await loadout.flush(60_000)).toBe(true);
    expect((await settled()).map((f) => f.calls.map((c) => c.tool.toolName))).toEqual([['lookup_invoice'], []]);
    const stored = {
      ...(await t.ok(adminKey, ConversationTurnOutcomesDocument, { id: conversationId, provider: 'NEUTRAL' })),
      toolUsage: await usageOf(userId),
    };
    expect(stored.conversation!.turns.edges.map((e) => ({ index: e.node.index, completed: e.node.completedAt !== null }))).toEqual([
      { index: 1, completed: true },
      { index: 2, completed: true },
    ]);
    expect(stored.toolUsage.find((u) => u.toolName === 'lookup_invoice')?.calls).toBe(1);
    // Nothing was given up along the way.
    expect(swallowed).toHaveLength(1);
  }, 120_000);
});

it('with no toolbox to fall back on, a turn begun while Loadout is away is one LoadoutUnavailableError', async () => {
  const loadout = loadoutRuntime({ url: `http://127.0.0.1:${relay.port}`, apiKey: runtimeKey, beginTimeoutMs: 500 });
  const conversationId = await loadout.startConversation({ agentId: agents.anthropic, channel: 'web', userId: 'cold@acme.example' });
  await relay.cut();
  try {
    const refused = await loadout.beginTurn(conversationId, anthropicMessages).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LoadoutUnavailableError);
    expect(refused).toMatchObject({ code: 'LOADOUT_UNAVAILABLE', retryable: true });
  } finally {
    await relay.open();
  }
});

describe('what a run records of its tools', () => {
  it('records a call whose tool threw in an Agents SDK run as an error, and the model still gets its answer', async () => {
    const userId = 'agents-errors@acme.example';
    const loadout = loadoutRuntime({ url: t.url, apiKey: runtimeKey });
    const conversationId = await loadout.startConversation({ agentId: agents.openai, channel: 'web', userId });
    const run = loadout.agents(conversationId);
    const tools = await run.tools(({ tool: _carried, ...t }) =>
      agentTool({
        ...t,
        execute: async () => {
          throw new Error('the billing system is down');
        },
      }),
    );
    const model = run.model(await new OpenAIProvider({ apiKey: 'test', baseURL: `${fake.url}/v1` }).getModel('gpt-4.1'));
    const result = await runAgent(
      new Agent({ name: 'Billing', instructions: 'Answer billing questions.', model, tools }),
      'Is invoice 42 paid?',
    );
    expect(String(result.finalOutput ?? '')).not.toBe('');
    const finished = await run.settled();
    expect(finished.map((f) => f.calls.map((c) => ({ tool: c.tool.toolName, isError: c.call.isError ?? false })))).toEqual([
      [{ tool: 'lookup_invoice', isError: true }],
      [],
    ]);
    expect((await usageOf(userId)).map(({ toolName, calls, errors }) => ({ toolName, calls, errors }))).toEqual([
      { toolName: 'lookup_invoice', calls: 1, errors: 1 },
    ]);
  });
});
