import { StartConversationDocument, type StartConversationInput } from '../../generated/graphql';
import { loadoutClient, withRetries, type Client, type RetryOptions } from '../client';
import { AgentsRun } from './adapters/openai-agents';
import { AiSdkRun, type AiSdkToolSource } from './adapters/ai-sdk';
import { beginTurn, type Adapter, type Turn } from './turn';

export { anthropicMessages, type AnthropicTool, type MessageLike } from './adapters/anthropic-messages';
export { gemini, type GeminiTools, type GenerateContentResponseLike } from './adapters/gemini';
export { openaiChat, type ChatCompletionLike, type ChatCompletionsTool } from './adapters/openai-chat';
export { openaiResponses, type ResponseLike, type ResponsesFunctionTool } from './adapters/openai-responses';
export { aiSdkStep, AiSdkRun, type AiSdkStepLike, type AiSdkToolSource, type NeutralTool } from './adapters/ai-sdk';
export { agentsModelResponse, AgentsRun, type AgentsToolSource } from './adapters/openai-agents';
export { agentsSdkName, CarriedTools, type CarriedTool } from './toolbox';
export type { ModelToolCall, RoutedCall } from './tool-call';
export { MissingUsageError, Turn, TurnSequence, type Adapter, type CompletedTurn, type FinishedTurn } from './turn';
export { describeToolbox, previewToolbox, runTurn, startConversation, type CallModel, type RecordedTurn } from './conversation';
export { LoadoutError, type LoadoutErrorCode, type RetryOptions } from '../client';

export interface RuntimeOptions {
  /** The server's GraphQL endpoint. */
  url: string;
  /** A RUNTIME key (or any key that may begin turns). */
  apiKey: string;
  retry?: RetryOptions;
}

/**
 * What a runtime imports: every request goes through one client that sends
 * again on SERVICE_UNAVAILABLE, honouring `Retry-After` (`withRetries`).
 */
export class LoadoutRuntime {
  constructor(readonly request: Client) {}

  /** A conversation of the agent on the channel; its id is what turns are begun in. */
  async startConversation(input: StartConversationInput): Promise<string> {
    return (await this.request(StartConversationDocument, { input })).startConversation.id;
  }

  /** One model request: the turn, its toolbox in the adapter's shape as `turn.tools`; `turn.finish(response)` records it. */
  beginTurn<Tools, Response>(conversationId: string, adapter: Adapter<Tools, Response>): Promise<Turn<Tools, Response>> {
    return beginTurn(this.request, conversationId, adapter);
  }

  /** An AI SDK run: its tools, `prepareStep` and `onStepFinish`, one turn per step. */
  aiSdk<T>(conversationId: string, build: (source: AiSdkToolSource) => T): AiSdkRun<T> {
    return new AiSdkRun(this.request, conversationId, build);
  }

  /** An Agents SDK run: its tools and its wrapped model, one turn per model request. */
  agents(conversationId: string): AgentsRun {
    return new AgentsRun(this.request, conversationId);
  }
}

export function loadoutRuntime(options: RuntimeOptions): LoadoutRuntime {
  return new LoadoutRuntime(withRetries(loadoutClient(options.url, options.apiKey), options.retry));
}
