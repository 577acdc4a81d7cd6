import http from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { loadoutRuntime, openaiChat } from '../../../packages/client/src';
import { figure, type Figure } from '../figures';
import { withLoadout } from '../instance';
import type { Options } from '../options';
import { progress } from '../progress';
import { percentile } from '../stats';
import { buildWorld } from '../world';

const S = 'runtimeLoop';

/** A Chat Completions answer with its usage, as a provider sends one: what the stand-in answers every request with. */
const COMPLETION = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 0,
  model: 'gpt-4o-2024-08-06',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Invoice 42 is paid.' } }],
  usage: { prompt_tokens: 1800, completion_tokens: 12, total_tokens: 1812, prompt_tokens_details: { cached_tokens: 1536 } },
});

/** A stand-in provider on 127.0.0.1 that answers at once, so the loop's time is the SDK's and Loadout's. */
async function standInProvider(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(COMPLETION));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * docs/runtime.md's loop with the official OpenAI SDK, one model request
 * after another, against the same loop without Loadout: what Loadout adds
 * to a model request when the toolbox comes from the warm cache and the
 * completion goes to the background. Requests alternate between the two,
 * so both meet the same machine.
 */
export async function runtimeLoopScenario(options: Options): Promise<Figure[]> {
  const { sizes } = options;
  const provider = await standInProvider();
  try {
    return await withLoadout(options, async (loadout) => {
      progress(S, `building the world (${sizes.world.agents} agents, ${sizes.world.tools} tools)`);
      const world = await buildWorld(loadout.graphqlUrl, loadout.operatorToken, { ...sizes.world, seed: options.seed });
      const runtime = loadoutRuntime({ url: loadout.graphqlUrl, apiKey: world.as.RUNTIME.key });
      const openai = new OpenAI({ apiKey: 'bench', baseURL: `${provider.url}/v1`, maxRetries: 0 });
      const messages = [{ role: 'user' as const, content: 'Is invoice 42 paid?' }];
      const conversationId = await runtime.startConversation({ agentId: world.agentIds[0], channel: world.channels[0], userId: 'bench' });
      const tools = (await runtime.beginTurn(conversationId, openaiChat)).tools;

      const bare = async () => {
        const started = performance.now();
        await openai.chat.completions.create({ model: 'gpt-4o', messages, tools });
        return performance.now() - started;
      };
      const beginMs: number[] = [];
      const withLoadoutLoop = async () => {
        const started = performance.now();
        const turn = await runtime.beginTurn(conversationId, openaiChat);
        beginMs.push(performance.now() - started);
        const completion = await openai.chat.completions.create({ model: 'gpt-4o', messages, tools: turn.tools });
        void turn.finishInBackground(completion);
        return performance.now() - started;
      };
      const bareMs: number[] = [];
      const loopMs: number[] = [];
      for (let i = 0; i < 30; i++) await Promise.all([bare(), withLoadoutLoop()]).catch(() => undefined);
      await runtime.flush(60_000);
      await loadout.db.settle();
      for (let round = 1; round <= sizes.rounds; round++) {
        progress(S, `round ${round}/${sizes.rounds}, ${sizes.runtimeLoop.requests} requests each way`);
        for (let i = 0; i < sizes.runtimeLoop.requests; i++) {
          bareMs.push(await bare());
          loopMs.push(await withLoadoutLoop());
        }
        await runtime.flush(60_000);
      }
      const added = (p: number) => percentile(loopMs, p) - percentile(bareMs, p);
      return [
        figure({
          scenario: S,
          name: 'model request in the documented loop, p50 (baseline: the same request without Loadout)',
          unit: 'ms',
          value: percentile(loopMs, 0.5),
          baseline: percentile(bareMs, 0.5),
          target: null,
        }),
        figure({
          scenario: S,
          name: 'what Loadout adds to a model request, p50 (beginTurn from the warm cache; completion in the background)',
          unit: 'ms',
          value: added(0.5),
          baseline: null,
          target: { on: 'value', op: '<=', bound: 5 },
        }),
        figure({
          scenario: S,
          name: 'of which beginTurn, p50',
          unit: 'ms',
          value: percentile(beginMs, 0.5),
          baseline: null,
          target: null,
        }),
        figure({
          scenario: S,
          name: 'what Loadout adds to a model request, p95',
          unit: 'ms',
          value: added(0.95),
          baseline: null,
          target: null,
        }),
        figure({
          scenario: S,
          name: 'background sends left after the run',
          unit: '',
          value: runtime.pending,
          baseline: null,
          target: { on: 'value', op: '=', bound: 0 },
        }),
      ];
    });
  } finally {
    await provider.stop();
  }
}
