import { contentHash, type ModelVisibleContent } from '../toolbox/canonical-json';
import { anthropicToolTokens, anthropicToolUseSystemPromptTokens, type ToolChoice } from './anthropic';
import { geminiToolTokens } from './gemini';
import { OPENAI_FUNC_END, openAiToolTokens } from './openai';
import { modelNameOf, providerOf } from './providers';

export type { ToolChoice } from './anthropic';

// Tokenizing a large schema costs milliseconds and toolbox assembly asks for
// the same (tool, model) pairs on every turn; bounded so that a stream of
// edited definitions cannot grow it without limit.
const MEMO_LIMIT = 10_000;
const memo = new Map<string, number>();

function computeToolTokens(tool: ModelVisibleContent, model: string): number {
  switch (providerOf(model)) {
    case 'anthropic':
      return anthropicToolTokens(tool);
    case 'google':
      return geminiToolTokens(tool);
    case 'openai':
      return openAiToolTokens(tool, modelNameOf(model));
  }
}

/**
 * Tokens one tool definition adds to every request to `model` (`provider/model`),
 * rendered the way that provider renders tools. Per-request fixed costs are
 * separate: see requestOverheadTokens.
 */
export function estimateToolTokens(tool: ModelVisibleContent, model: string): number {
  const key = `${model}\n${contentHash(tool)}`;
  const cached = memo.get(key);
  if (cached !== undefined) {
    // Re-insert so eviction drops the least recently used entry.
    memo.delete(key);
    memo.set(key, cached);
    return cached;
  }
  const tokens = computeToolTokens(tool, model);
  memo.set(key, tokens);
  if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  return tokens;
}

/**
 * Fixed tokens a request with `toolCount` tools pays once, whatever the tools:
 * OpenAI's func_end, Anthropic's tool-use system prompt (by model and
 * tool_choice), nothing for Gemini (no published figure). Zero without tools.
 */
export function requestOverheadTokens(model: string, toolCount: number, toolChoice: ToolChoice = 'auto'): number {
  if (toolCount <= 0) return 0;
  switch (providerOf(model)) {
    case 'anthropic':
      return anthropicToolUseSystemPromptTokens(modelNameOf(model), toolChoice);
    case 'google':
      return 0;
    case 'openai':
      return OPENAI_FUNC_END;
  }
}
