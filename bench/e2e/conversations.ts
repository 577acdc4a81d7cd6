import { buildAll } from './pool';
import { Prng } from './prng';
import type { RawConversation } from './raw-spec';
import { randomPage } from './request-bodies';
import type { World } from './world';

const CONCURRENCY = 4;

/** Conversations over random agents, channels, pages and end users (RUNTIME key). */
export async function startConversations(world: World, count: number, users: readonly string[], seed: number): Promise<string[]> {
  const rng = new Prng(seed);
  const inputs = Array.from({ length: count }, () => ({
    agentId: rng.pick(world.agentIds),
    channel: rng.pick(world.channels),
    page: randomPage(rng, world.contextObjects),
    userId: rng.pick(users),
  }));
  const ids: string[] = new Array(count);
  await buildAll('starting conversations', inputs, CONCURRENCY, async (input, i) => {
    const data = await world.as.RUNTIME.ok<{ startConversation: { id: string } }>(
      `mutation($input: StartConversationInput!) { startConversation(input: $input) { id } }`,
      { input },
    );
    ids[i] = data.startConversation.id;
  });
  return ids;
}

interface FirstTurn {
  beginTurn: {
    toolbox: { fingerprint: string; tools: Array<{ name: string }> };
    conversation: { userId: string; owningProject: { id: string } | null; agent: { model: string; loadoutVersion: number } };
  };
}

/** Each conversation's first turn through the API; what it recorded is what the raw baseline writes turns with. */
export async function firstTurns(world: World, conversationIds: readonly string[]): Promise<RawConversation[]> {
  const out: RawConversation[] = new Array(conversationIds.length);
  await buildAll('first turns', conversationIds, CONCURRENCY, async (id, i) => {
    const { beginTurn: t } = await world.as.RUNTIME.ok<FirstTurn>(
      `mutation($c: ID!) { beginTurn(conversationId: $c) {
        toolbox { fingerprint tools { name } }
        conversation { userId owningProject { id } agent { model loadoutVersion } } } }`,
      { c: id },
    );
    out[i] = {
      id,
      userId: t.conversation.userId,
      projectId: t.conversation.owningProject?.id ?? null,
      fingerprint: t.toolbox.fingerprint,
      model: t.conversation.agent.model,
      loadoutVersion: t.conversation.agent.loadoutVersion,
      toolNames: t.toolbox.tools.map((tool) => tool.name),
    };
  });
  return out;
}
