import {
  AbandonTurnDocument,
  BeginRuntimeTurnDocument,
  CompleteTurnWithProviderUsageDocument,
  CompletedTurnDocument,
  RecordToolCallsDocument,
  type CompletedTurnPartsFragment,
  type ProviderUsageInput,
  type RecordToolCallsMutation,
  type ToolProvider,
} from '../../generated/graphql';
import { LoadoutError, LoadoutUnavailableError, type Client } from '../client';
import type { JsonValue } from '../json';
import { contextOf, within, type BegunTurn, type Outcome, type RuntimeContext } from './runtime-context';
import { CarriedTools, type CarriedTool } from './toolbox';
import { routeCalls, toolCallInputs, type ModelToolCall, type RoutedCalls } from './tool-call';

export type { BegunTurn } from './runtime-context';

/**
 * What makes one provider API's loop: the rendering its requests take as
 * `tools`, and how its response gives the usage object and the tool calls.
 */
export interface Adapter<Tools, Response> {
  readonly rendering: ToolProvider;
  /** The rendering as the SDK's `tools` parameter takes it. */
  tools(rendered: JsonValue, carried: readonly CarriedTool[]): Tools;
  /** The usage object exactly as the provider returned it, its format and the model that answered; undefined where the response has none. */
  usage(response: Response): ProviderUsageInput | undefined;
  calls(response: Response): ModelToolCall[];
  /** What to do when a response carries no usage object, where the API has a known cause (a stream not asked for it). */
  readonly missingUsage?: string;
}

export type CompletedTurn = CompletedTurnPartsFragment;

export interface FinishedTurn extends RoutedCalls {
  turn: CompletedTurn;
  recorded: RecordToolCallsMutation['recordToolCalls'];
}

/** The response handed to `finish` or `complete` carries no usage object, so the turn cannot be completed from it. */
export class MissingUsageError extends Error {
  constructor(
    readonly turnId: string,
    hint?: string,
  ) {
    super(`the response to turn ${turnId} carries no usage object${hint ? `: ${hint}` : ''}`);
  }
}

/** Where a turn is on the server: its id and its conversation's. */
interface Recorded {
  id: string;
  conversationId: string;
}

let fallbackCount = 0;

/**
 * One model request: begun with the toolbox in the adapter's shape
 * (`tools`), finished with the provider's response. Completing and
 * recording are each safe to repeat: a completion the server already stored
 * is read back, and calls are keyed so a repeat counts none twice; one that
 * failed may be sent again.
 *
 * A `fallback` turn was begun while the server could not be reached: it
 * carries the last toolbox the runtime got for its conversation or
 * situation, and is recorded on the server (begun, then completed) once it
 * answers again, by `finishInBackground`.
 */
export class Turn<Tools, Response> {
  readonly id: string;
  readonly index: number;
  readonly tools: Tools;
  readonly carried: CarriedTools;
  readonly fallback: boolean;
  private readonly context: RuntimeContext;
  private completion: Promise<CompletedTurn> | undefined;
  private recorded: Promise<Recorded> | undefined;
  private readonly recordOnServer: (() => Promise<Recorded>) | undefined;

  constructor(
    request: Client | RuntimeContext,
    readonly conversationId: string,
    readonly begun: BegunTurn,
    private readonly adapter: Adapter<Tools, Response>,
    /** A fallback turn: how it gets its place on the server. */
    record?: () => Promise<Recorded>,
  ) {
    this.context = contextOf(request);
    this.fallback = record !== undefined;
    this.id = record ? `fallback-${++fallbackCount}` : begun.id;
    this.index = record ? 0 : begun.index;
    this.carried = new CarriedTools(begun.toolbox.tools);
    this.tools = adapter.tools(begun.toolbox.rendered, begun.toolbox.tools);
    this.recordOnServer = record;
  }

  /** The carried tool a call names (the name sent, a short form or the Agents SDK's renaming), for routing it. */
  route(calledName: string): CarriedTool | undefined {
    return this.carried.find(calledName);
  }

  /**
   * Completes the turn with the response's usage object and records its
   * tool calls; `failed` names the calls (by the provider's call id) whose
   * tool failed, for a runtime that ran them first.
   */
  async finish(response: Response, failed?: ReadonlySet<string>): Promise<FinishedTurn> {
    const turn = await this.complete(response);
    const calls = this.adapter.calls(response).map((call) => (call.id && failed?.has(call.id) ? { ...call, isError: true } : call));
    return { turn, ...(await this.record(calls)) };
  }

  /**
   * `finish` off the model request's path: queued in the runtime's
   * background sends, tried again through an outage, never thrown (what is
   * given up goes to `onError`). Answers the finished turn, or undefined.
   */
  finishInBackground(response: Response, failed?: ReadonlySet<string>): Promise<FinishedTurn | undefined> {
    return this.context.outbox.enqueue(this.conversationId, `finishing turn ${this.id}`, () => this.finish(response, failed));
  }

  /** Stores the response's usage as the turn's; the stored turn where it was completed before. A completion that failed may be sent again. */
  complete(response: Response): Promise<CompletedTurn> {
    const providerUsage = this.adapter.usage(response);
    if (!providerUsage) return Promise.reject(new MissingUsageError(this.id, this.adapter.missingUsage));
    const completion = (this.completion ??= this.completeOnce(providerUsage));
    completion.catch(() => {
      if (this.completion === completion) this.completion = undefined;
    });
    return completion;
  }

  /**
   * Counts calls for the tools they name; a runtime that runs the tools
   * first passes each with its `isError`. A call naming no tool the turn
   * carried is sent too, under the name called, and counted by the server
   * as invented; it is also answered as `unknown`, for the runtime to
   * answer the model with an error.
   */
  async record(calls: readonly ModelToolCall[]): Promise<RoutedCalls & { recorded: FinishedTurn['recorded'] }> {
    const routed = routeCalls(this.carried, calls);
    const { id, conversationId } = await this.onServer();
    const inputs = toolCallInputs(id, conversationId, this.carried, calls);
    const recorded = inputs.length
      ? (await this.context.request(RecordToolCallsDocument, { calls: inputs })).recordToolCalls
      : { accepted: 0, duplicates: 0 };
    return { ...routed, recorded };
  }

  /** Closes the turn whose model request failed, with the reason the debugger shows; in the background, like `finishInBackground`. */
  abandon(reason: string): Promise<boolean> {
    return this.context.outbox
      .enqueue(this.conversationId, `abandoning turn ${this.id}`, async () => {
        const { id } = await this.onServer();
        return this.context.request(AbandonTurnDocument, { turnId: id, reason });
      })
      .then((done) => done !== undefined);
  }

  /** The turn's place on the server: its own, or, for a fallback turn, the one it gets once the server answers. */
  private onServer(): Promise<Recorded> {
    const recorded = (this.recorded ??= this.recordOnServer
      ? this.recordOnServer()
      : Promise.resolve({ id: this.begun.id, conversationId: this.conversationId }));
    recorded.catch(() => {
      // A fallback turn not recorded yet tries again on the next send.
      if (this.recorded === recorded) this.recorded = undefined;
    });
    return recorded;
  }

  private async completeOnce(providerUsage: ProviderUsageInput): Promise<CompletedTurn> {
    const { id } = await this.onServer();
    try {
      return (await this.context.request(CompleteTurnWithProviderUsageDocument, { turnId: id, providerUsage }))
        .completeTurnWithProviderUsage;
    } catch (error) {
      // A completion whose answer was lost, sent again: the first one stands, and is what the turn stored.
      if (!(error instanceof LoadoutError) || error.code !== 'CONFLICT' || error.field !== 'turnId') throw error;
      const { turn } = await this.context.request(CompletedTurnDocument, { id });
      if (!turn?.completedAt) throw error;
      return turn;
    }
  }
}

/**
 * Records a turn of the conversation and returns it with its toolbox
 * rendered for the adapter. Where the server cannot be reached within the
 * context's `beginTimeoutMs` (or answers that it is unavailable), the turn
 * falls back on the last toolbox the runtime got for this conversation or
 * its situation; with none, LoadoutUnavailableError. Any other error (a
 * wrong id, a key that may not) is thrown as it is.
 */
export async function beginTurn<Tools, Response>(
  request: Client | RuntimeContext,
  conversationId: string,
  adapter: Adapter<Tools, Response>,
): Promise<Turn<Tools, Response>> {
  const context = contextOf(request);
  const { memory, conversations } = context;
  const known = conversations.known(conversationId);
  const send = (id: string) =>
    context.request(BeginRuntimeTurnDocument, { conversationId: id, provider: adapter.rendering }).then(({ beginTurn: begun }) => {
      memory.remember(conversationId, adapter.rendering, begun);
      return begun;
    });
  const sent = known === undefined ? undefined : send(known);
  const outcome: Outcome<BegunTurn> = sent ? await within(sent, context.beginTimeoutMs) : { late: true };
  if ('answered' in outcome) return new Turn(context, conversationId, outcome.answered, adapter);
  const cause = 'failed' in outcome ? outcome.failed : undefined;
  if (cause !== undefined && !(cause instanceof LoadoutError && cause.retryable)) throw cause;
  const remembered = memory.recall(conversationId, adapter.rendering);
  if (!remembered)
    throw new LoadoutUnavailableError(
      `Loadout could not be reached to begin a turn of conversation ${conversationId}, and this runtime has no toolbox of it to fall back on`,
      cause,
    );
  context.outbox.onError(
    cause ?? new LoadoutError([{ message: `no answer within ${context.beginTimeoutMs} ms`, extensions: { code: 'TIMEOUT' } }]),
    `beginning a turn of conversation ${conversationId}: fell back on the last toolbox`,
  );
  // Recorded once the server answers: the request already sent where it went through, else a new one.
  const record = async (): Promise<Recorded> => {
    const onServer = await conversations.resolve(conversationId);
    const begun = (sent && (await sent.catch(() => undefined))) || (await send(onServer));
    return { id: begun.id, conversationId: onServer };
  };
  return new Turn(context, conversationId, remembered, adapter, record);
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
    private readonly context: RuntimeContext,
    readonly conversationId: string,
    private readonly adapter: Adapter<Tools, Response>,
  ) {}

  /** The run's first turn, begun once: its toolbox is the tools the run is built with. */
  start(): Promise<Turn<Tools, Response>> {
    this.first ??= beginTurn(this.context, this.conversationId, this.adapter);
    return this.first;
  }

  /** The turn of the next model request. */
  next(): Promise<Turn<Tools, Response>> {
    if (!this.firstTaken) {
      this.firstTaken = true;
      return this.start();
    }
    return beginTurn(this.context, this.conversationId, this.adapter);
  }
}
