import type { ModelVisibleContent } from '../../common/content-hash';
import { renderGeminiDeclaration } from './providers';
import { tokenCounter } from './tokenizers';

/*
 * No Gemini tokenizer is available here (the API's countTokens is a network
 * call). A tool is counted as its function declaration's JSON with o200k_base
 * as a stand-in; Google publishes no fixed per-request overhead for function
 * calling, so none is added.
 */

const count = tokenCounter('o200k_base');

export function geminiToolTokens(tool: ModelVisibleContent): number {
  return count(JSON.stringify(renderGeminiDeclaration(tool)));
}
