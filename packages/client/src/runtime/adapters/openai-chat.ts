import type { Adapter } from '../turn';
import { asRendering, providerUsage, type JsonObject } from './shapes';

/** A Chat Completions function tool, as the `OPENAI` rendering gives it and `chat.completions.create({ tools })` takes it. */
export interface ChatCompletionsTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonObject };
}

/** What the adapter reads of a `ChatCompletion`: the choices' tool calls, `usage` and `model`. */
export interface ChatCompletionLike {
  choices: ReadonlyArray<{ message: { tool_calls?: ReadonlyArray<{ id: string; type: string; function?: { name: string } }> | null } }>;
  usage?: object | null;
  model?: string;
}

/** OpenAI Chat Completions (`openai`'s `chat.completions.create`). */
export const openaiChat: Adapter<ChatCompletionsTool[], ChatCompletionLike> = {
  rendering: 'OPENAI',
  tools: (rendered) => asRendering<ChatCompletionsTool[]>(rendered),
  usage: (response) => providerUsage('OPENAI_CHAT', response.usage, response.model),
  missingUsage: 'a streamed Chat Completion carries its usage only when the request sets `stream_options: { include_usage: true }`',
  calls: (response) =>
    response.choices.flatMap((choice) =>
      (choice.message.tool_calls ?? []).flatMap((call) => (call.function ? [{ id: call.id, name: call.function.name }] : [])),
    ),
};
