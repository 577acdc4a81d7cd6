// The preview and one turn of an agent, as a runtime makes them (README.md):
//   LOADOUT_URL=http://localhost:4000 LOADOUT_KEY=lo_... npm start -- "Support agent" web
import { findAgent } from './agents';
import { resolveEndpoint } from './client';
import { describeCarried, describeToolbox, previewToolbox } from './preview';
import { anthropicMessages, loadoutRuntime } from './runtime';

const USAGE = 'usage: LOADOUT_URL=<server base URL> LOADOUT_KEY=<API key> npm start -- <agent name or id> <channel key>';

/**
 * A runtime sends `turn.tools` with its model request and finishes the turn with the response
 * (`turn.finish(response)`). No model is called here, so the turn is closed with this reason instead.
 */
const NO_MODEL = 'no model was called: the example client only shows the toolbox';

async function main(): Promise<number> {
  const { LOADOUT_URL: url, LOADOUT_KEY: key } = process.env;
  const [agentName, channel] = process.argv.slice(2);
  const missing = [!url && 'LOADOUT_URL', !key && 'LOADOUT_KEY', !agentName && 'the agent', !channel && 'the channel'].filter(Boolean);
  if (!url || !key || !agentName || !channel) {
    console.error(`${USAGE}\nmissing: ${missing.join(', ')}`);
    return 2;
  }
  console.log(`Loadout at ${resolveEndpoint(url).href}`);
  // A command waits for the server; a runtime's model request goes on without it after 1.5 s (docs/runtime.md).
  const loadout = loadoutRuntime({
    url,
    apiKey: key,
    beginTimeoutMs: 30_000,
    onError: (error, what) => console.error(`${what}: ${error}`),
  });
  const agent = await findAgent(loadout.request, agentName);
  console.log(`agent ${agent.name} (${agent.model}), channel ${channel}`);

  const preview = await previewToolbox(loadout.request, agent.id, channel);
  console.log(`preview: ${preview.toolCount} tools, ${preview.schemaTokens} schema tokens, fingerprint ${preview.fingerprint}`);
  for (const line of describeToolbox(preview)) console.log(`  ${line}`);

  const conversationId = await loadout.startConversation({ agentId: agent.id, channel });
  // The adapter names the provider API the request goes to, and so the shape of `turn.tools` (Anthropic Messages here).
  const turn = await loadout.beginTurn(conversationId, anthropicMessages);
  const box = turn.begun.toolbox;
  const same = box.fingerprint === preview.fingerprint ? "the preview's toolbox" : 'a toolbox changed since the preview';
  console.log(`turn ${turn.index} of conversation ${conversationId}: ${box.toolCount} tools sent, ${same}`);
  for (const line of describeCarried(box.tools)) console.log(`  ${line}`);
  const abandoned = turn.abandon(NO_MODEL);
  // The background send keeps the process alive only while flush() waits for it.
  return (await loadout.flush()) && (await abandoned) ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    // `fetch` says only "fetch failed"; its cause says why (a refused connection, an unknown host).
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(error instanceof Error ? `${error.message}${cause}` : error);
    process.exitCode = 1;
  },
);
