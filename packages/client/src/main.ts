// The preview and one turn of an agent, as a runtime makes them (README.md):
//   LOADOUT_URL=http://localhost:4000 LOADOUT_KEY=lo_... npm start -- "Support agent" web
import { findAgent } from './agents';
import { loadoutClient, resolveEndpoint } from './client';
import { describeToolbox, previewToolbox, runTurn, startConversation, type CallModel } from './runtime';

const USAGE = 'usage: LOADOUT_URL=<server base URL> LOADOUT_KEY=<API key> npm start -- <agent name or id> <channel key>';

/**
 * Stands in for the model request, which is yours: send `tools` with the request and return the usage
 * its response reported. No model is called here, so the turn records no tokens.
 */
const callModel: CallModel = async () => ({ inputTokens: 0, outputTokens: 0 });

async function main(): Promise<number> {
  const { LOADOUT_URL: url, LOADOUT_KEY: key } = process.env;
  const [agentName, channel] = process.argv.slice(2);
  const missing = [!url && 'LOADOUT_URL', !key && 'LOADOUT_KEY', !agentName && 'the agent', !channel && 'the channel'].filter(Boolean);
  if (!url || !key || !agentName || !channel) {
    console.error(`${USAGE}\nmissing: ${missing.join(', ')}`);
    return 2;
  }
  console.log(`Loadout at ${resolveEndpoint(url).href}`);
  const client = loadoutClient(url, key);
  const agent = await findAgent(client, agentName);
  console.log(`agent ${agent.name} (${agent.model}), channel ${channel}`);

  const preview = await previewToolbox(client, agent.id, channel);
  console.log(`preview: ${preview.toolCount} tools, ${preview.schemaTokens} schema tokens, fingerprint ${preview.fingerprint}`);
  for (const line of describeToolbox(preview)) console.log(`  ${line}`);

  const conversationId = await startConversation(client, agent.id, channel);
  // NEUTRAL renders the tools as frameworks take them; a runtime that calls a provider itself names it (ANTHROPIC, OPENAI, GOOGLE…).
  const turn = await runTurn(client, conversationId, 'NEUTRAL', callModel);
  const box = turn.begun.toolbox;
  const same = box.fingerprint === preview.fingerprint ? "the preview's toolbox" : 'a toolbox changed since the preview';
  console.log(`turn ${turn.begun.index} of conversation ${conversationId}: ${box.toolCount} tools sent, ${same}`);
  for (const line of turn.sent) console.log(`  ${line}`);
  return 0;
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
