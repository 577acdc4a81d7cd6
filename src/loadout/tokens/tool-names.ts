import { contentHash, sha256Hex, type ModelVisibleContent } from '../../common/content-hash';

/*
 * The one tool name rule of every provider Loadout renders for: OpenAI and
 * Anthropic accept `^[a-zA-Z0-9_-]{1,64}$`, Gemini names of at most 64
 * characters that start with a letter or `_`. New names must fit it; a name
 * that does not (an MCP name whose `mcp__<server>__<tool>` form is longer, or
 * one stored before the rule) is sent in a short form that does.
 */

export const TOOL_NAME_MAX = 64;
const FITS_EVERY_PROVIDER = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** Hex characters of the full name's sha256 that end a short form: two names share one only by a 40-bit collision. */
const HASH_CHARS = 10;
const SHORT_FORM_END = /_[0-9a-f]{10}$/;

export const fitsEveryProvider = (name: string): boolean => FITS_EVERY_PROVIDER.test(name);

/**
 * The name a tool is sent under: its own where every provider accepts it;
 * else its characters outside the rule made `_`, a `_` before a leading
 * digit, cut to leave room for `_` and the first 10 hex characters of the
 * full name's sha256. Deterministic, so every rendering, fingerprint and
 * snapshot of the tool agree, and a short form passed through again is
 * itself.
 */
export function renderedToolName(name: string): string {
  if (fitsEveryProvider(name)) return name;
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_');
  const head = /^[A-Za-z_]/.test(safe) ? safe : `_${safe}`;
  return `${head.slice(0, TOOL_NAME_MAX - HASH_CHARS - 1)}_${sha256Hex(name).slice(0, HASH_CHARS)}`;
}

/** Whether a name could be a short form: a cheap test before looking one up among the definitions. */
export const mayBeShortForm = (name: string): boolean => name.length > HASH_CHARS && SHORT_FORM_END.test(name);

/** A tool as the provider sees it, with the content hash of exactly that. */
export interface VisibleTool extends ModelVisibleContent {
  contentHash: string;
}

/**
 * A stored definition as it is sent: under its rendered name, with the
 * content hash of that content. When the name is its own, that is the
 * definition itself, not a copy (a loadout cache holds hundreds of
 * thousands): what reads it reads these four fields, never the whole object.
 */
export function visibleTool(tool: ModelVisibleContent & { contentHash: string }): VisibleTool {
  const name = renderedToolName(tool.name);
  if (name === tool.name) return tool;
  const content = { name, description: tool.description, inputSchema: tool.inputSchema };
  return { ...content, contentHash: contentHash(content) };
}
