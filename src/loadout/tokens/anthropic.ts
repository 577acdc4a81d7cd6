import type { ModelVisibleContent } from '../../common/content-hash';
import overheads from './anthropic-overheads.json';
import { renderAnthropicTool } from './providers';
import { tokenCounter } from './tokenizers';

/*
 * Anthropic publishes no tokenizer for Claude 3 and later (its count_tokens is
 * an API call). A tool costs its JSON definition, which the API places in a
 * system prompt it builds, plus that prompt's fixed part once per request. The
 * definition is counted with o200k_base as a stand-in (Claude's vocabulary
 * differs, so this is an approximation); the fixed part is Anthropic's
 * published figure, kept as data in anthropic-overheads.json.
 */

export type ToolChoice = 'auto' | 'any' | 'tool' | 'none';

interface Overhead {
  autoOrNone: number;
  anyOrTool: number;
}

// Longest prefix first so a dated id (claude-3-5-sonnet-20240620) beats its family.
const BY_PREFIX = [...overheads.models].sort((a, b) => b.prefix.length - a.prefix.length);

function overheadFor(modelName: string): Overhead {
  return (
    BY_PREFIX.find((m) => modelName === m.prefix || modelName.startsWith(`${m.prefix}-`) || modelName.startsWith(`${m.prefix}@`)) ??
    overheads.default
  );
}

const count = tokenCounter('o200k_base');

/** Tokens of one tool's definition as sent in `tools`. */
export function anthropicToolTokens(tool: ModelVisibleContent): number {
  return count(JSON.stringify(renderAnthropicTool(tool)));
}

/** The tool-use system prompt Anthropic adds once to a request that carries at least one tool. */
export function anthropicToolUseSystemPromptTokens(modelName: string, toolChoice: ToolChoice): number {
  const overhead = overheadFor(modelName);
  return toolChoice === 'any' || toolChoice === 'tool' ? overhead.anyOrTool : overhead.autoOrNone;
}
