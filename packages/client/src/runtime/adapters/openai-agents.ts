import type { JsonValue } from '../../json';
import type { CarriedTool } from '../toolbox';
import { TurnSequence, type Adapter, type FinishedTurn, type Turn } from '../turn';
import type { ResponsesFunctionTool } from './openai-responses';
import { asRendering, providerUsage } from './shapes';
import type { RuntimeContext } from '../runtime-context';

/** What the adapter reads of an Agents SDK `ModelResponse`: its function calls, its usage, and the raw response where the model gives it. */
export interface AgentsModelResponseLike {
  output: ReadonlyArray<{ type?: string; name?: string; callId?: string | null }>;
  /** The SDK's counts; `inputTokensDetails` holds the cached count (`cached_tokens`), per request or as one record. */
  usage: {
    inputTokens: number;
    outputTokens: number;
    inputTokensDetails?: ReadonlyArray<Record<string, number>> | Record<string, number>;
  };
  /** The provider's raw response, where the model gives it (OpenAI's models do): its `usage` and `model`. */
  providerData?: { usage?: object; model?: unknown };
}

/** What the wrapper reads of a `ModelRequest`: its tools, by the name the SDK sends. */
export interface AgentsModelRequestLike {
  tools: ReadonlyArray<{ type: string; name: string }>;
}

/** An Agents SDK `Model`, structurally. */
export interface AgentsModelLike<Request, Response, Event> {
  getResponse(request: Request): Promise<Response>;
  getStreamedResponse(request: Request): AsyncIterable<Event>;
}

/** The SDK's input token details as one Responses `input_tokens_details`: each count summed over the requests it lists. */
function inputDetails(details: AgentsModelResponseLike['usage']['inputTokensDetails']): Record<string, number> {
  const summed: Record<string, number> = {};
  for (const entry of Array.isArray(details) ? details : details ? [details] : [])
    for (const [key, count] of Object.entries(entry as Record<string, number>)) summed[key] = (summed[key] ?? 0) + count;
  return summed;
}

/**
 * The usage a model response carries: the provider's own object where there
 * is one, else (a streamed response's `response_done`, whose raw data has no
 * usage) the SDK's counts in the Responses shape, the cached ones included.
 */
function agentsUsage(response: AgentsModelResponseLike) {
  const raw = response.providerData?.usage;
  const model = response.providerData?.model;
  if (raw && 'input_tokens' in raw) return providerUsage('OPENAI_RESPONSES', raw, model);
  if (raw && 'prompt_tokens' in raw) return providerUsage('OPENAI_CHAT', raw, model);
  const { inputTokens, outputTokens, inputTokensDetails } = response.usage;
  return providerUsage(
    'OPENAI_RESPONSES',
    { input_tokens: inputTokens, output_tokens: outputTokens, input_tokens_details: inputDetails(inputTokensDetails) },
    model,
  );
}

/** One model request of an Agents SDK run. Calls come back under the SDK's renamed names and are counted for their tools. */
export const agentsModelResponse: Adapter<ResponsesFunctionTool[], AgentsModelResponseLike> = {
  rendering: 'OPENAI_RESPONSES',
  tools: (rendered) => asRendering<ResponsesFunctionTool[]>(rendered),
  usage: agentsUsage,
  calls: (response) =>
    response.output.flatMap((item) => (item.type === 'function_call' && item.name ? [{ id: item.callId, name: item.name }] : [])),
};

/**
 * A tool's parameters typed as the Agents SDK's `tool()` takes a JSON
 * schema with `strict: false`. The value is the schema as stored, which
 * need not declare `properties`, `required` or `additionalProperties`: the
 * SDK sends it as it is.
 */
export type AgentsToolParameters = {
  type: 'object';
  properties: Record<string, JsonValue>;
  required: string[];
  additionalProperties: true;
};

/**
 * A tool of the toolbox, for the Agents SDK's `tool({ ...source, execute })`:
 * the `OPENAI_RESPONSES` entry, always with `strict: false` (the SDK types
 * the flag statically, per schema kind), and the tool it stands for.
 */
export interface AgentsToolSource {
  name: string;
  description: string;
  parameters: AgentsToolParameters;
  strict: false;
  tool: CarriedTool;
  /**
   * The SDK's `errorFunction`, passed on by spreading the source into
   * `tool()`: it answers the model as the SDK's own does, and marks the call
   * failed, so it is recorded as an error.
   */
  errorFunction: (context: unknown, error: unknown, details?: { toolCall?: { callId?: string } }) => string;
}

/**
 * An Agents SDK `run()` recorded one turn per model request: `tools()`
 * builds the agent's tools from the first turn's toolbox, and `model()`
 * wraps the agent's model so each request begins its turn, sends only the
 * function tools that turn carries, and finishes the turn with the response.
 */
export class AgentsRun {
  /** The turns finished so far, as the server stored them. */
  readonly finished: FinishedTurn[] = [];
  private readonly finishing: Array<Promise<unknown>> = [];
  private readonly turns: TurnSequence<ResponsesFunctionTool[], AgentsModelResponseLike>;
  /** The last response, finished once its tools have run: at the next model request, or when the run is settled. */
  private answered: { turn: Turn<ResponsesFunctionTool[], AgentsModelResponseLike>; response: AgentsModelResponseLike } | undefined;
  /** Calls whose tool threw, by call id (`errorFunction`). */
  private readonly failed = new Set<string>();

  constructor(context: RuntimeContext, conversationId: string) {
    this.turns = new TurnSequence(context, conversationId, agentsModelResponse);
  }

  /**
   * Every turn of the run as stored, once their background sends have gone
   * through (or been given up, told to `onError`). Call it when the run has
   * ended: the last response's calls are recorded then.
   */
  async settled(): Promise<FinishedTurn[]> {
    this.finishAnswered();
    await Promise.all(this.finishing);
    return this.finished;
  }

  /**
   * Finishes the last response's turn in the background, its calls with
   * their outcomes: Loadout is never on the model request's path nor the
   * reason the run fails.
   */
  private finishAnswered(): void {
    const answered = this.answered;
    this.answered = undefined;
    if (!answered) return;
    const done = answered.turn.finishInBackground(answered.response, this.failed);
    this.finishing.push(done.then((finished) => finished && this.finished.push(finished)));
  }

  private readonly errorFunction: AgentsToolSource['errorFunction'] = (_context, error, details) => {
    const callId = details?.toolCall?.callId;
    if (callId) this.failed.add(callId);
    return `An error occurred while running the tool. Please try again. Error: ${error instanceof Error ? error.message : String(error)}`;
  };

  async tools<T>(build: (source: AgentsToolSource) => T): Promise<T[]> {
    const turn = await this.turns.start();
    return turn.tools.map((t, i) =>
      build({
        name: t.name,
        description: t.description,
        parameters: asRendering<AgentsToolParameters>(t.parameters),
        strict: false,
        tool: turn.begun.toolbox.tools[i],
        errorFunction: this.errorFunction,
      }),
    );
  }

  model<
    Request extends AgentsModelRequestLike,
    Response extends AgentsModelResponseLike,
    Event extends { type: string; response?: AgentsModelResponseLike },
  >(inner: AgentsModelLike<Request, Response, Event>): AgentsModelLike<Request, Response, Event> {
    const next = async (request: Request) => {
      // The previous response's tools have run: its turn is finished with their outcomes.
      this.finishAnswered();
      const turn = await this.turns.next();
      const tools = request.tools.filter((t) => t.type !== 'function' || turn.route(t.name));
      return { turn, request: { ...request, tools } };
    };
    const finish = (turn: Turn<ResponsesFunctionTool[], AgentsModelResponseLike>, response: AgentsModelResponseLike) => {
      this.finishAnswered();
      this.answered = { turn, response };
    };
    return {
      async getResponse(request) {
        const { turn, request: sent } = await next(request);
        const response = await inner.getResponse(sent);
        finish(turn, response);
        return response;
      },
      async *getStreamedResponse(request) {
        const { turn, request: sent } = await next(request);
        for await (const event of inner.getStreamedResponse(sent)) {
          if (event.type === 'response_done' && event.response) finish(turn, event.response);
          yield event;
        }
      },
    };
  }
}
