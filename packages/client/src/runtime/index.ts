import { StartConversationDocument, type StartConversationInput } from '../../generated/graphql';
import { LoadoutError, loadoutClient, withRetries, type Client, type RetryOptions } from '../client';
import { AgentsRun } from './adapters/openai-agents';
import { AiSdkRun, type AiSdkToolSource } from './adapters/ai-sdk';
import { Outbox, type OutboxOptions } from './outbox';
import {
  DEFAULT_BEGIN_TIMEOUT_MS,
  PENDING_PREFIX,
  PendingConversations,
  ToolboxMemory,
  within,
  type RuntimeContext,
} from './runtime-context';
import { beginTurn, type Adapter, type Turn } from './turn';

export { anthropicMessages, type AnthropicTool, type MessageLike } from './adapters/anthropic-messages';
export { gemini, type GeminiTools, type GenerateContentResponseLike } from './adapters/gemini';
export { GeminiStreamedResponse } from './adapters/gemini-stream';
export { openaiChat, type ChatCompletionLike, type ChatCompletionsTool } from './adapters/openai-chat';
export { openaiResponses, type ResponseLike, type ResponsesFunctionTool } from './adapters/openai-responses';
export { aiSdkStep, AiSdkRun, type AiSdkStepLike, type AiSdkToolSource, type NeutralTool } from './adapters/ai-sdk';
export { agentsModelResponse, AgentsRun, type AgentsToolSource } from './adapters/openai-agents';
export { agentsSdkName, CarriedTools, type CarriedTool } from './toolbox';
export type { ModelToolCall, RoutedCall } from './tool-call';
export { MissingUsageError, Turn, TurnSequence, type Adapter, type CompletedTurn, type FinishedTurn } from './turn';
export { LoadoutError, LoadoutUnavailableError, type LoadoutErrorCode, type RetryOptions } from '../client';
export { Outbox, type OutboxOptions } from './outbox';

export interface RuntimeOptions {
  /** The server's GraphQL endpoint. */
  url: string;
  /** A RUNTIME key (or any key that may begin turns). */
  apiKey: string;
  retry?: RetryOptions;
  /** How long beginTurn and startConversation wait for the server before going on without it; 1,500 ms by default. */
  beginTimeoutMs?: number;
  /** The longest any one request waits for its answer; 30 s by default. */
  requestTimeoutMs?: number;
  /** The background sends (completions, recordings): their bound and how long they keep trying. */
  queue?: Omit<OutboxOptions, 'onError'>;
  /** Sees everything the runtime swallowed rather than fail the agent: a fallback, a send given up or dropped. */
  onError?: (error: unknown, what: string) => void;
}

/**
 * What a runtime imports (docs/runtime.md). Loadout is never the reason an
 * agent's answer is lost: a turn begun while the server cannot be reached
 * falls back on the last toolbox the runtime got for the conversation or
 * its situation, and completions and recordings go to a bounded background
 * queue that tries them again through an outage (`flush()` on shutdown).
 */
export class LoadoutRuntime {
  /** Every request goes through it: sent again on SERVICE_UNAVAILABLE, honouring `Retry-After` (`withRetries`). */
  readonly request: Client;
  private readonly context: RuntimeContext;

  constructor(request: Client, options: Pick<RuntimeOptions, 'beginTimeoutMs' | 'queue' | 'onError'> = {}) {
    this.request = request;
    this.context = {
      request,
      outbox: new Outbox({ ...options.queue, onError: options.onError }),
      memory: new ToolboxMemory(),
      conversations: new PendingConversations(),
      beginTimeoutMs: options.beginTimeoutMs ?? DEFAULT_BEGIN_TIMEOUT_MS,
    };
  }

  /**
   * A conversation of the agent on the channel; its id is what turns are
   * begun in. Where the server cannot be reached in time, a local id
   * (`pending-…`) whose start is sent in the background: its turns fall back
   * on the last toolbox of the same situation.
   */
  async startConversation(input: StartConversationInput): Promise<string> {
    const { request, outbox, memory, conversations, beginTimeoutMs } = this.context;
    const start = () => request(StartConversationDocument, { input }).then(({ startConversation }) => startConversation.id);
    const sent = start();
    const outcome = await within(sent, beginTimeoutMs);
    if ('answered' in outcome) {
      memory.situate(outcome.answered, input);
      return outcome.answered;
    }
    const cause = 'failed' in outcome ? outcome.failed : undefined;
    if (cause !== undefined && !(cause instanceof LoadoutError && cause.retryable)) throw cause;
    const localId = `${PENDING_PREFIX}${crypto.randomUUID()}`;
    memory.situate(localId, input);
    outbox.onError(
      cause ?? new LoadoutError([{ message: `no answer within ${beginTimeoutMs} ms`, extensions: { code: 'TIMEOUT' } }]),
      `starting conversation ${localId}: started in the background`,
    );
    conversations.add(
      localId,
      outbox.enqueue(localId, `starting conversation ${localId}`, () => sent.catch(start)),
    );
    return localId;
  }

  /** One model request: the turn, its toolbox in the adapter's shape as `turn.tools`; `turn.finish(response)` records it. */
  beginTurn<Tools, Response>(conversationId: string, adapter: Adapter<Tools, Response>): Promise<Turn<Tools, Response>> {
    return beginTurn(this.context, conversationId, adapter);
  }

  /** An AI SDK run: its tools, `prepareStep` and `onStepFinish`, one turn per step. */
  aiSdk<T>(conversationId: string, build: (source: AiSdkToolSource) => T): AiSdkRun<T> {
    return new AiSdkRun(this.context, conversationId, build);
  }

  /** An Agents SDK run: its tools and its wrapped model, one turn per model request. */
  agents(conversationId: string): AgentsRun {
    return new AgentsRun(this.context, conversationId);
  }

  /** Background sends waiting or being tried. */
  get pending(): number {
    return this.context.outbox.size;
  }

  /** Waits for the background sends queued so far, at most `timeoutMs`: call it before the process exits. Answers whether all went through or were given up. */
  flush(timeoutMs?: number): Promise<boolean> {
    return this.context.outbox.flush(timeoutMs);
  }
}

export function loadoutRuntime(options: RuntimeOptions): LoadoutRuntime {
  return new LoadoutRuntime(withRetries(loadoutClient(options.url, options.apiKey, options.requestTimeoutMs), options.retry), options);
}
