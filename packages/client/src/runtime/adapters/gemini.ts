import type { JsonValue } from '../../json';
import type { Adapter } from '../turn';
import { asRendering, providerUsage } from './shapes';

/** Gemini's `tools`, as the `GOOGLE` rendering gives them: one Tool with every declaration, the schema as `parametersJsonSchema`. */
export type GeminiTools = Array<{ functionDeclarations: Array<{ name: string; description: string; parametersJsonSchema: JsonValue }> }>;

/** What the adapter reads of a `GenerateContentResponse`: the candidates' `functionCall` parts, `usageMetadata` and `modelVersion`. */
export interface GenerateContentResponseLike {
  candidates?: ReadonlyArray<{ content?: { parts?: ReadonlyArray<{ functionCall?: { id?: string; name?: string } }> } }>;
  usageMetadata?: object;
  modelVersion?: string;
}

/** Gemini `generateContent` (`@google/genai`'s `models.generateContent`, `config: { tools }`). */
export const gemini: Adapter<GeminiTools, GenerateContentResponseLike> = {
  rendering: 'GOOGLE',
  tools: (rendered) => asRendering<GeminiTools>(rendered),
  usage: (response) => providerUsage('GEMINI', response.usageMetadata, response.modelVersion),
  calls: (response) =>
    (response.candidates ?? []).flatMap((candidate) =>
      (candidate.content?.parts ?? []).flatMap(({ functionCall: call }) => (call?.name ? [{ id: call.id, name: call.name }] : [])),
    ),
};
