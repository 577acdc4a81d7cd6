import type { JsonValue } from '../../json';
import type { Adapter } from '../turn';
import { asRendering, providerUsage } from './shapes';

/** A Messages tool, as the `ANTHROPIC` rendering gives it and `messages.create({ tools })` takes it. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: JsonValue };
}

/** What the adapter reads of a `Message`: its `tool_use` blocks, `usage` and `model`. */
export interface MessageLike {
  content: ReadonlyArray<{ type: string; id?: string; name?: string }>;
  usage?: object | null;
  model?: string;
}

/** Anthropic Messages (`@anthropic-ai/sdk`'s `messages.create`). Server tools (`server_tool_use` blocks) are the provider's, not the toolbox's: they are counted in the usage, not recorded as calls. */
export const anthropicMessages: Adapter<AnthropicTool[], MessageLike> = {
  rendering: 'ANTHROPIC',
  tools: (rendered) => asRendering<AnthropicTool[]>(rendered),
  usage: (response) => providerUsage('ANTHROPIC', response.usage, response.model),
  calls: (response) =>
    response.content.flatMap((block) => (block.type === 'tool_use' && block.name ? [{ id: block.id, name: block.name }] : [])),
};
