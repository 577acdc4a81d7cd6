import { DESCRIPTION_MAX } from '../common/validation';

/**
 * What each field of a tool definition means, said once for ToolDefinition
 * and the inputs that write it (the rules are docs/semantics.md §3 and §8).
 */
export const TOOL_TEXT = {
  name: "The definition's own name; a new one is 1 to 64 letters, digits, `_` and `-`, starting with a letter or `_`, unique per source in its scope (CONFLICT naming `input.name`); MCP tools are mcp__<server>__<tool>.",
  description: `What the model reads about the tool, sent as is; at most ${DESCRIPTION_MAX} characters.`,
  inputSchema:
    "The JSON Schema of the tool's arguments, sent as is (key order kept): an object schema, at most 64 KiB, that the provider schema rules accept (docs/semantics.md §8.3).",
  active: 'Inactive definitions drop (INACTIVE).',
  agent: 'Scopes the definition to one agent of its own project: only that agent carries it, the others drop it (AGENT_SCOPE).',
  project: "The definition's project; null: organisation-wide.",
  channels: 'The channels the tool is carried on (by key); empty: every channel (filter CHANNEL).',
  contextObjects: 'The context objects whose RECORD pages carry the tool (by key); empty: every page (filter CONTEXT).',
  sortOrder:
    'Orders the toolbox, the ties of shadowing and the cut: (sortOrder, name, id) ascending (docs/semantics.md §3.11). -1,000,000 to 1,000,000.',
  hostDependent: 'The host may still remove the tool at run time; shown and listed by the budget report, read by no filter.',
  requiresMcpServer: 'Loadable only where at least one enabled MCP server is in scope (the McpResources tools); else REQUIRES_MCP_SERVER.',
  tier: 'Tool Tier: stored and returned, read by nothing.',
  miniApp: 'The mini app the tool belongs to (source MINI_APP); its tools drop while it is disabled (OWNER_DISABLED).',
};
