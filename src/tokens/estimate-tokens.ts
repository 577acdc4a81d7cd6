import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { canonicalJson, type ModelVisibleContent } from '../toolbox/canonical-json';

/**
 * Tokens one tool definition adds to every model request. The one entry
 * point for token estimates: provider-specific renderings plug in here.
 */
export function estimateToolTokens(tool: ModelVisibleContent, _model: string): number {
  return encode(canonicalJson({ name: tool.name, description: tool.description, parameters: tool.inputSchema })).length;
}
