import {
  BeginRuntimeTurnDocument,
  CompleteTurnWithProviderUsageDocument,
  CompletedTurnDocument,
  RecordToolCallsDocument,
  type BeginRuntimeTurnMutation,
  type CompletedTurnPartsFragment,
  type ProviderUsageInput,
  type RecordToolCallsMutation,
  type ToolProvider,
} from '../../generated/graphql';
import { LoadoutError, type Client } from '../client';
import type { JsonValue } from '../json';
import { CarriedTools, type CarriedTool } from './toolbox';
import { routeCalls, toolCallInputs, type ModelToolCall, type RoutedCalls } from './tool-call';

/**
 * What makes one provider API's loop: the rendering its requests take as
 * `tools`, and how its response gives the usage object and the tool calls.
 */
export interface Adapter<Tools, Response> {
  readonly rendering: ToolProvider;
  /** The rendering as the SDK's `tools` parameter takes it. */
  tools(rendered: JsonValue, carried: readonly CarriedTool[]): Tools;
  /** The usage object exactly as the provider returned it, and its format; undefined where the response has none. */
  usage(response: Response): ProviderUsageInput | undefined;
  calls(response: Response): ModelToolCall[];
}

export type BegunTurn = BeginRuntimeTurnMutation['beginTurn'];
export type CompletedTurn = CompletedTurnPartsFragment;

export interface FinishedTurn extends RoutedCalls {
  turn: CompletedTurn;
  recorded: RecordToolCallsMutation['recordToolCalls'];
}

/** The response handed to `finish` or `complete` carries no usage object, so the turn cannot be completed from it. */
export class MissingUsageError extends Error {
  constructor(readonly turnId: string) {
    super(`the response to turn ${turnId} carries no usage object`);
  }
}

/**
 * One model request: begun with the toolbox in the adapter's shape
 * (`tools`), finished with the provider's response. Completing and
 * recording are each safe to repeat: a completion the server already stored
 * is read back, and calls are keyed so a repeat counts none twice.
 */
export class Turn<Tools, Response> {
  readonly id: string;
  readonly index: number;
  readonly tools: Tools;
  readonly carried: CarriedTools;
  private completion: Promise<CompletedTurn> | undefined;

  constructor(
    private readonly request: Client,
    readonly conversationId: string,
    readonly begun: BegunTurn,
    private readonly adapter: Adapter<Tools, Response>,
  ) {
    this.id = begun.id;
    this.index = begun.index;
    this.carried = new CarriedTools(begun.toolbox.tools);
    this.tools = adapter.tools(begun.toolbox.rendered, begun.toolbox.tools);
  }

  /** The carried tool a call names (the name sent, a short form or the Agents SDK's renaming), for routing it. */
  route(calledName: string): CarriedTool | undefined {
    return this.carried.find(calledName);
  }

  /** Completes the turn with the response's usage object and records its tool calls. */
  async finish(response: Response): Promise<FinishedTurn> {
    const turn = await this.complete(response);
    return { turn, ...(await this.record(this.adapter.calls(response))) };
  }

  /** Stores the response's usage as the turn's; the stored turn where it was completed before. */
  complete(response: Response): Promise<CompletedTurn> {
    const providerUsage = this.adapter.usage(response);
    if (!providerUsage) return Promise.reject(new MissingUsageError(this.id));
    this.completion ??= this.completeOnce(providerUsage);
    return this.completion;
  }

  /** Counts calls for the tools they name; a runtime that runs the tools first passes each with its `isError`. */
  async record(calls: readonly ModelToolCall[]): Promise<RoutedCalls & { recorded: FinishedTurn['recorded'] }> {
    const routed = routeCalls(this.carried, calls);
    const inputs = toolCallInputs(this.id, this.conversationId, routed.calls);
    const recorded = inputs.length
      ? (await this.request(RecordToolCallsDocument, { calls: inputs })).recordToolCalls
      : { accepted: 0, duplicates: 0 };
    return { ...routed, recorded };
  }

  private async completeOnce(providerUsage: ProviderUsageInput): Promise<CompletedTurn> {
    try {
      return (await this.request(CompleteTurnWithProviderUsageDocument, { turnId: this.id, providerUsage })).completeTurnWithProviderUsage;
    } catch (error) {
      // A completion whose answer was lost, sent again: the first one stands, and is what the turn stored.
      if (!(error instanceof LoadoutError) || error.code !== 'CONFLICT' || error.field !== 'turnId') throw error;
      const { turn } = await this.request(CompletedTurnDocument, { id: this.id });
      if (!turn) throw error;
      return turn;
    }
  }
}

/** Records a turn of the conversation and returns it with its toolbox rendered for the adapter. */
export async function beginTurn<Tools, Response>(
  request: Client,
  conversationId: string,
  adapter: Adapter<Tools, Response>,
): Promise<Turn<Tools, Response>> {
  const { beginTurn: begun } = await request(BeginRuntimeTurnDocument, { conversationId, provider: adapter.rendering });
  return new Turn(request, conversationId, begun, adapter);
}

/**
 * The turns of a run that makes several model requests with one set of
 * tools (the Agents SDK's `run()`, the AI SDK's steps): the first turn is
 * begun to build the tools, and is the first request's; every later
 * request begins one of its own.
 */
export class TurnSequence<Tools, Response> {
  private first: Promise<Turn<Tools, Response>> | undefined;
  private firstTaken = false;

  constructor(
    private readonly request: Client,
    readonly conversationId: string,
    private readonly adapter: Adapter<Tools, Response>,
  ) {}

  /** The run's first turn, begun once: its toolbox is the tools the run is built with. */
  start(): Promise<Turn<Tools, Response>> {
    this.first ??= beginTurn(this.request, this.conversationId, this.adapter);
    return this.first;
  }

  /** The turn of the next model request. */
  next(): Promise<Turn<Tools, Response>> {
    if (!this.firstTaken) {
      this.firstTaken = true;
      return this.start();
    }
    return beginTurn(this.request, this.conversationId, this.adapter);
  }
}
