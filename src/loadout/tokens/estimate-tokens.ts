import { contentHash, type ModelVisibleContent } from '../../common/content-hash';
import { anthropicToolTokens, anthropicToolUseSystemPromptTokens, type ToolChoice } from './anthropic';
import { geminiToolTokens } from './gemini';
import { OPENAI_FUNC_END, openAiToolTokens } from './openai';
import { modelNameOf, providerOf } from './providers';

export type { ToolChoice } from './anthropic';

// Tokenizing a large schema costs milliseconds and toolbox assembly asks for
// the same (tool, model) pairs on every turn. Two generations bound the memo
// at MEMO_LIMIT entries with O(1) upkeep: entries unused for a whole
// generation are dropped together (a per-hit LRU reshuffle of one big Map
// degrades badly under churn). Keyed by model, then by content hash: a hit
// hashes a string the definition already holds, where one key joining the
// two would be a new string to hash on every lookup.
const MEMO_LIMIT = 50_000;
type Memo = Map<string, Map<string, number>>;
let recent: Memo = new Map();
let older: Memo = new Map();
let recentSize = 0;

function remember(model: string, hash: string, tokens: number): void {
  let ofModel = recent.get(model);
  if (!ofModel) recent.set(model, (ofModel = new Map()));
  ofModel.set(hash, tokens);
  if (++recentSize >= MEMO_LIMIT / 2) {
    older = recent;
    recent = new Map();
    recentSize = 0;
  }
}

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
export function estimateToolTokens(tool: ModelVisibleContent & { contentHash?: string }, model: string): number {
  // Stored definitions and snapshots carry their content hash: reusing it makes a memo hit a map lookup.
  const hash = tool.contentHash ?? contentHash(tool);
  const hit = recent.get(model)?.get(hash);
  if (hit !== undefined) return hit;
  const kept = older.get(model)?.get(hash);
  const tokens = kept ?? computeToolTokens(tool, model);
  remember(model, hash, tokens);
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
