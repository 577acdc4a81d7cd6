import { hash } from 'node:crypto';

/** JSON with keys sorted at every depth and no insignificant whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

export interface ModelVisibleContent {
  name: string;
  description: string;
  inputSchema: unknown;
}

/** What the provider's cache sees of one tool: name, description and input schema. */
export function contentHash(tool: ModelVisibleContent): string {
  return sha256Hex(canonicalJson({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
}

/** Equal iff the ordered lists of content hashes are equal. */
export function toolboxFingerprint(orderedContentHashes: readonly string[]): string {
  return sha256Hex(orderedContentHashes.join('\n'));
}
