import type { GenerateContentResponseLike } from './gemini';

type Part = NonNullable<NonNullable<NonNullable<GenerateContentResponseLike['candidates']>[number]['content']>['parts']>[number];

/**
 * Gemini's stream as one response for `turn.finish`: `generateContentStream`
 * has no final object, so each chunk is added as it comes. The response
 * holds every chunk's function-call parts, in order, and the last usage and
 * model version sent (the final chunk's carries the whole request's usage).
 */
export class GeminiStreamedResponse {
  private readonly parts: Part[] = [];
  private usageMetadata: object | undefined;
  private modelVersion: string | undefined;

  add(chunk: GenerateContentResponseLike): void {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) if (part.functionCall) this.parts.push(part);
    this.usageMetadata = chunk.usageMetadata ?? this.usageMetadata;
    this.modelVersion = chunk.modelVersion ?? this.modelVersion;
  }

  get response(): GenerateContentResponseLike {
    return { candidates: [{ content: { parts: this.parts } }], usageMetadata: this.usageMetadata, modelVersion: this.modelVersion };
  }
}
