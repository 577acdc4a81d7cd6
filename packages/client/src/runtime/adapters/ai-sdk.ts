import type { ProviderUsageFormat } from '../../../generated/graphql';
import type { RuntimeContext } from '../runtime-context';
import type { CarriedTool } from '../toolbox';
import { TurnSequence, type Adapter, type FinishedTurn, type Turn } from '../turn';
import { asRendering, providerUsage, type JsonObject } from './shapes';

/** A tool of the `NEUTRAL` rendering: what a framework builds its own tool from. */
export interface NeutralTool {
  name: string;
  description: string;
  inputSchema: JsonObject;
  /** MCP tools: the server's registered name, and the name its `tools/call` takes. */
  mcpServer?: string;
  mcpToolName?: string;
}

/** What the adapter reads of an AI SDK step (`StepResult`): the model's provider and the model that answered, its raw usage, and the tool calls and errors. */
export interface AiSdkStepLike {
  model: { provider: string; modelId?: string };
  usage: { raw?: object };
  /** The model the provider answered with. */
  response?: { modelId?: string };
  content: ReadonlyArray<{ type: string; toolCallId?: string; toolName?: string }>;
}

/** The usage format of an AI SDK provider id (`openai.responses`, `openai.chat`, `anthropic.messages`, `google.generative-ai`). */
export function usageFormatOf(provider: string): ProviderUsageFormat | undefined {
  if (provider.startsWith('openai')) return provider.includes('responses') ? 'OPENAI_RESPONSES' : 'OPENAI_CHAT';
  if (provider.startsWith('anthropic')) return 'ANTHROPIC';
  if (provider.startsWith('google')) return 'GEMINI';
  return undefined;
}

/**
 * One AI SDK step. The usage is the provider's own object (`usage.raw`),
 * read by the format of the step's provider; a call whose tool failed in the
 * step (a `tool-error` part) is recorded as an error.
 */
export const aiSdkStep: Adapter<NeutralTool[], AiSdkStepLike> = {
  rendering: 'NEUTRAL',
  tools: (rendered) => asRendering<NeutralTool[]>(rendered),
  usage: (step) => {
    const format = usageFormatOf(step.model.provider);
    return format && providerUsage(format, step.usage.raw, step.response?.modelId ?? step.model.modelId);
  },
  calls: (step) => {
    const failed = new Set(step.content.flatMap((part) => (part.type === 'tool-error' && part.toolCallId ? [part.toolCallId] : [])));
    return step.content.flatMap((part) =>
      part.type === 'tool-call' && part.toolName
        ? [{ id: part.toolCallId, name: part.toolName, isError: part.toolCallId !== undefined && failed.has(part.toolCallId) }]
        : [],
    );
  },
};

/** A tool of the toolbox, for building the AI SDK's own: the `NEUTRAL` entry and the carried tool it stands for. */
export interface AiSdkToolSource extends NeutralTool {
  tool: CarriedTool;
}

/**
 * An AI SDK `generateText` run recorded one turn per step:
 * `tools()` builds the tool set from the first turn's toolbox, keyed by the
 * name sent; `prepareStep` begins each step's turn and makes active only the
 * tools that turn carries; `onStepFinish` completes it with the step's usage
 * and records its calls in the runtime's background sends, so Loadout is
 * never on the step's path nor the reason the run fails (`settled()`
 * answers once they are stored).
 */
export class AiSdkRun<T> {
  /** The turns finished so far, as the server stored them. */
  readonly finished: FinishedTurn[] = [];
  private readonly finishing: Array<Promise<unknown>> = [];
  private readonly turns: TurnSequence<NeutralTool[], AiSdkStepLike>;
  private current: Promise<Turn<NeutralTool[], AiSdkStepLike>> | undefined;
  /** The names the tool set was built with: a step can make active only those. */
  private readonly built = new Set<string>();

  constructor(
    context: RuntimeContext,
    conversationId: string,
    private readonly build: (source: AiSdkToolSource) => T,
  ) {
    this.turns = new TurnSequence(context, conversationId, aiSdkStep);
  }

  /** Every turn of the run as stored, once their background sends have gone through (or been given up, told to `onError`). */
  async settled(): Promise<FinishedTurn[]> {
    await Promise.all(this.finishing);
    return this.finished;
  }

  /** The tool set for `generateText({ tools })`. */
  async tools(): Promise<Record<string, T>> {
    const turn = await this.turns.start();
    for (const t of turn.tools) this.built.add(t.name);
    return Object.fromEntries(turn.tools.map((t, i) => [t.name, this.build({ ...t, tool: turn.begun.toolbox.tools[i] })]));
  }

  readonly prepareStep = async (): Promise<{ activeTools: string[] }> => {
    this.current = this.turns.next();
    const turn = await this.current;
    return { activeTools: turn.begun.toolbox.tools.map((t) => t.name).filter((name) => this.built.has(name)) };
  };

  readonly onStepFinish = async (step: AiSdkStepLike): Promise<void> => {
    if (!this.current) throw new Error('onStepFinish without prepareStep: pass both to the AI SDK');
    const turn = await this.current;
    this.finishing.push(turn.finishInBackground(step).then((done) => done && this.finished.push(done)));
  };
}
