import {
  BeginTurnDocument,
  CompleteTurnDocument,
  PreviewToolboxDocument,
  StartConversationDocument,
  type BeginTurnMutation,
  type CompleteTurnMutation,
  type ToolProvider,
  type ToolboxPartsFragment,
  type TurnUsageInput,
} from '../../generated/graphql';
import type { Client } from '../client';
import type { JsonValue } from '../json';

/** The model request itself: it sends `tools` as the provider takes them and answers with the usage the provider reported. */
export type CallModel = (tools: JsonValue) => Promise<TurnUsageInput>;

/** One line per carried and per left-out tool; the same fragment reads the preview and a turn. */
export function describeToolbox(box: ToolboxPartsFragment): string[] {
  const carried = box.tools.map((t) => `${t.position}. ${t.name} (${t.schemaTokens} tokens)`);
  const left = box.dropped.map((d) => {
    const why = d.rule ? `${d.reason} by ${d.rule.subject}` : d.shadowedBy ? `${d.reason} by ${d.shadowedBy.name}` : d.reason;
    return `- ${d.name}: ${why}`;
  });
  return [...carried, ...left];
}

/** What the agent would carry on this channel now; records nothing. */
export async function previewToolbox(client: Client, agentId: string, channel: string): Promise<ToolboxPartsFragment> {
  return (await client(PreviewToolboxDocument, { agentId, channel })).toolbox;
}

export async function startConversation(client: Client, agentId: string, channel: string, userId?: string): Promise<string> {
  return (await client(StartConversationDocument, { input: { agentId, channel, userId } })).startConversation.id;
}

export interface RecordedTurn {
  begun: BeginTurnMutation['beginTurn'];
  completed: CompleteTurnMutation['completeTurn'];
  /** What the model was sent, as `describeToolbox` writes it for a log. */
  sent: string[];
}

/**
 * One model request of a runtime: `beginTurn` records the turn and returns
 * its toolbox, the model gets `rendered` as its `tools`, and `completeTurn`
 * stores the usage the provider reported.
 */
export async function runTurn(client: Client, conversationId: string, provider: ToolProvider, callModel: CallModel): Promise<RecordedTurn> {
  const { beginTurn } = await client(BeginTurnDocument, { conversationId, provider });
  const usage = await callModel(beginTurn.toolbox.rendered);
  const { completeTurn } = await client(CompleteTurnDocument, { turnId: beginTurn.id, usage });
  return { begun: beginTurn, completed: completeTurn, sent: describeToolbox(beginTurn.toolbox) };
}
