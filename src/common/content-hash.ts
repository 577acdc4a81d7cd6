import { hash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export interface ModelVisibleContent {
  name: string;
  description: string;
  inputSchema: unknown;
}

/**
 * What the provider's cache sees of one tool: its name, description and
 * input schema as sent, key order included, as JSON without insignificant
 * whitespace. A re-ordered schema is another content.
 */
export function contentHash(tool: ModelVisibleContent): string {
  return sha256Hex(JSON.stringify({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}

/** Equal iff the ordered lists of content hashes are equal. */
export function toolboxFingerprint(orderedContentHashes: readonly string[]): string {
  return sha256Hex(orderedContentHashes.join('\n'));
}
