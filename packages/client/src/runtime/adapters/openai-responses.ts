import type { Adapter } from '../turn';
import { asRendering, providerUsage, type JsonObject } from './shapes';

/** A Responses function tool, as the `OPENAI_RESPONSES` rendering gives it: flat, `strict` only where the schema is strict-ready. */
export interface ResponsesFunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonObject;
  strict: boolean;
}

/** What the adapter reads of a `Response`: its `function_call` output items, `usage` and `model`. */
export interface ResponseLike {
  output: ReadonlyArray<{ type: string; name?: string; call_id?: string | null }>;
  usage?: object | null;
  model?: string;
}

/** OpenAI Responses (`openai`'s `responses.create`). */
export const openaiResponses: Adapter<ResponsesFunctionTool[], ResponseLike> = {
  rendering: 'OPENAI_RESPONSES',
  tools: (rendered) => asRendering<ResponsesFunctionTool[]>(rendered),
  usage: (response) => providerUsage('OPENAI_RESPONSES', response.usage, response.model),
  calls: (response) =>
    response.output.flatMap((item) => (item.type === 'function_call' && item.name ? [{ id: item.call_id, name: item.name }] : [])),
};
