import { inputProblem, textProblem } from '../common/input-text';
import type { JsonObject } from '../common/json';
import { DESCRIPTION_MAX, MCP_TOOL_NAME_MAX, MCP_TOOL_NAME_PATTERN } from '../common/validation';
import { statedHints } from '../loadout/rules';
import { jsonTextBytes } from '../loadout/tokens';
import { jsonSchemaProblem } from './json-schema';

/**
 * An MCP server's `tools/list` entries as the server returns them (the MCP
 * `Tool` object): what Loadout stores of each, or why it cannot be used at
 * all. Only name, description and input schema are ever sent to a model;
 * the rest of the entry is kept as reported, key order included, so a later
 * revision of MCP that adds keys does not break a report. See
 * docs/architecture.md, note "MCP tools".
 */

/**
 * An MCP tool's input schema as stored, as JSON text: over four times the
 * largest real one seen (Lark's, 229 KiB). Between this and the provider `size`
 * rule, the tool is stored and dropped per provider (docs/semantics.md §8.4).
 */
export const MCP_INPUT_SCHEMA_MAX_BYTES = 1024 * 1024;

/** Each of `outputSchema`, `_meta` and `icons`, as JSON text: never sent to a model, and real ones are large (a 71 KiB outputSchema). */
export const MCP_UNSENT_KEY_MAX_BYTES = 512 * 1024;
const UNSENT_KEYS = ['outputSchema', '_meta', 'icons'] as const;

/** The entry's other keys (title, annotations, execution, keys MCP adds later) together, as JSON text. */
export const MCP_ENTRY_EXTRA_MAX_BYTES = 64 * 1024;

/** The keys every entry's model-visible content comes from; the others are the kept `mcpEntry`. */
const SENT_KEYS = new Set(['name', 'description', 'inputSchema']);
const SEPARATE_KEYS = new Set<string>([...SENT_KEYS, ...UNSENT_KEYS]);

export interface McpToolSpec {
  /** As the server reported it, without the `mcp__<server>__` prefix. */
  name: string;
  /** Empty when the server gave none (MCP makes it optional). */
  description: string;
  inputSchema: JsonObject;
  /** Every other key of the entry, in the server's order; null when there is none. */
  entry: JsonObject | null;
  /** What its annotations state of the TOOL_HINTS (src/loadout/rules/hints.ts). */
  hints: string[];
}

/** An entry that cannot be used at all: where it was in the list, its name if it had one, the field at fault and why. */
export interface RefusedMcpTool {
  index: number;
  name: string | null;
  field: string;
  reason: string;
}

export interface McpInventory {
  tools: McpToolSpec[];
  refused: RefusedMcpTool[];
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The problem with one entry as [field, reason], or its spec. */
function readEntry(value: unknown, at: string): McpToolSpec | [string, string] {
  if (!isObject(value)) return [at, 'must be an MCP Tool object'];
  // Text the database cannot store and nesting too deep to walk, found before anything else walks the entry.
  const shape = inputProblem(value, at);
  if (shape) return [shape.field, shape.message];
  const { name, description, inputSchema } = value;
  // Control characters would make a name no one can type into a rule or a server's lists, or read in a log.
  if (typeof name !== 'string' || name.length === 0 || name.length > MCP_TOOL_NAME_MAX || !MCP_TOOL_NAME_PATTERN.test(name))
    return [`${at}.name`, `must be 1 to ${MCP_TOOL_NAME_MAX} characters with no control characters`];
  if (description !== undefined && description !== null && (typeof description !== 'string' || description.length > DESCRIPTION_MAX))
    return [`${at}.description`, `must be text of at most ${DESCRIPTION_MAX} characters`];
  const schemaProblem = jsonSchemaProblem(inputSchema, MCP_INPUT_SCHEMA_MAX_BYTES);
  if (schemaProblem) return [`${at}.inputSchema`, schemaProblem];
  for (const key of UNSENT_KEYS) {
    if (jsonTextBytes(value[key], MCP_UNSENT_KEY_MAX_BYTES) > MCP_UNSENT_KEY_MAX_BYTES)
      return [`${at}.${key}`, `must be at most ${MCP_UNSENT_KEY_MAX_BYTES / 1024} KiB as JSON text`];
  }
  const extra = Object.fromEntries(Object.entries(value).filter(([key, v]) => !SENT_KEYS.has(key) && v !== undefined));
  const others = Object.fromEntries(Object.entries(extra).filter(([key]) => !SEPARATE_KEYS.has(key)));
  if (jsonTextBytes(others, MCP_ENTRY_EXTRA_MAX_BYTES) > MCP_ENTRY_EXTRA_MAX_BYTES)
    return [
      at,
      `keys other than name, description, inputSchema, ${UNSENT_KEYS.join(', ')} must be at most ${MCP_ENTRY_EXTRA_MAX_BYTES / 1024} KiB together`,
    ];
  return {
    name,
    description: description ?? '',
    inputSchema: inputSchema as JsonObject,
    entry: Object.keys(extra).length > 0 ? extra : null,
    hints: statedHints(isObject(extra.annotations) ? extra.annotations : null),
  };
}

/**
 * Reads a `tools/list` result's entries: each usable one as a spec, each
 * other refused alone with its reason, so one tool never refuses the rest.
 * A name reported twice keeps its first entry.
 */
export function readMcpInventory(entries: readonly unknown[], field = 'tools'): McpInventory {
  const tools: McpToolSpec[] = [];
  const refused: RefusedMcpTool[] = [];
  const seen = new Set<string>();
  entries.forEach((value, index) => {
    const at = `${field}[${index}]`;
    const read = readEntry(value, at);
    // A name the database cannot store is not quoted back: the index says which entry it was.
    const name = isObject(value) && typeof value.name === 'string' && textProblem(value.name) === null ? value.name : null;
    if (Array.isArray(read)) refused.push({ index, name, field: read[0], reason: read[1] });
    else if (seen.has(read.name)) refused.push({ index, name, field: `${at}.name`, reason: 'is reported twice; the first entry is kept' });
    else {
      seen.add(read.name);
      tools.push(read);
    }
  });
  return { tools, refused };
}

/** The display title MCP gives a tool: its own `title`, else its annotations' (null: none). */
export function mcpTitle(entry: JsonObject | null): string | null {
  if (!entry) return null;
  if (typeof entry.title === 'string') return entry.title;
  const annotations = entry.annotations;
  return isObject(annotations) && typeof annotations.title === 'string' ? annotations.title : null;
}

/** The entry's annotations object as reported, or null. */
export const mcpAnnotations = (entry: JsonObject | null): JsonObject | null =>
  entry && isObject(entry.annotations) ? entry.annotations : null;
