import { RULE_TOOL_PREFIX, TOOLS_MODE_TEXT, type ToolsMode } from '../../../loadout/vocabulary';
import type { LoadoutChangeInput } from './generated/graphql';

/**
 * One edit the operator staged in Edit Loadout. Nothing is written until the
 * whole set is applied as one change set (docs/loadout-page.md).
 */
export type StagedEdit =
  | { kind: 'exclude'; toolName: string; projectId: string | null }
  | { kind: 'include'; toolName: string; ruleId: string }
  | { kind: 'maxTools'; from: number; to: number }
  | { kind: 'toolsMode'; from: ToolsMode; to: ToolsMode }
  | { kind: 'sortOrder'; toolId: string; toolName: string; from: number; to: number }
  | { kind: 'mcpTool'; server: McpServerTools; mcpToolName: string; on: boolean };

/** What a server's tool switches start from: its allow-list and deny-list as stored. */
export interface McpServerTools {
  id: string;
  name: string;
  enabledTools: readonly string[];
  disabledTools: readonly string[];
}

/** Two edits with one key say opposite or newer things about the same setting: the later one stands. */
function keyOf(edit: StagedEdit): string {
  switch (edit.kind) {
    case 'exclude':
    case 'include':
      return `rule:${edit.kind === 'exclude' ? (edit.projectId ?? 'agent') : 'agent'}:${edit.toolName}`;
    case 'maxTools':
    case 'toolsMode':
      return edit.kind;
    case 'sortOrder':
      return `sort:${edit.toolId}`;
    case 'mcpTool':
      return `mcp:${edit.server.id}:${edit.mcpToolName}`;
  }
}

/** Whether the edit changes nothing (a setting put back to what it was). */
function isNoOp(edit: StagedEdit): boolean {
  return (edit.kind === 'maxTools' || edit.kind === 'toolsMode' || edit.kind === 'sortOrder') && edit.from === edit.to;
}

/**
 * The staged set with `edit` added: an edit of the same setting is replaced,
 * keeping the first one's starting value, and one that puts a setting back
 * leaves the set without it.
 */
export function stage(edits: readonly StagedEdit[], edit: StagedEdit): StagedEdit[] {
  const key = keyOf(edit);
  const earlier = edits.find((e) => keyOf(e) === key);
  const rest = edits.filter((e) => keyOf(e) !== key);
  if (earlier && (earlier.kind === 'maxTools' || earlier.kind === 'toolsMode' || earlier.kind === 'sortOrder')) {
    edit = { ...edit, from: earlier.from } as StagedEdit;
  }
  // Switching a tool back, or including what was only staged for exclusion, cancels the earlier edit.
  if (earlier?.kind === 'mcpTool' && edit.kind === 'mcpTool' && earlier.on !== edit.on) return rest;
  return isNoOp(edit) ? rest : [...rest, edit];
}

/** The sort order a tool has once the staged edits apply. */
export function stagedSortOrder(edits: readonly StagedEdit[], toolId: string, stored: number): number {
  const edit = edits.find((e) => e.kind === 'sortOrder' && e.toolId === toolId);
  return edit?.kind === 'sortOrder' ? edit.to : stored;
}

export interface Placed {
  id: string;
  name: string;
  sortOrder: number;
}

/**
 * Moves `tool` before (`-1`) or after (`1`) its neighbour in toolbox order:
 * the two swap sort orders, or, where they tie (the name decides), the tool
 * takes one past the neighbour's.
 */
export function moveEdits(edits: readonly StagedEdit[], tool: Placed, neighbour: Placed, direction: -1 | 1): StagedEdit[] {
  const own = stagedSortOrder(edits, tool.id, tool.sortOrder);
  const theirs = stagedSortOrder(edits, neighbour.id, neighbour.sortOrder);
  const moved = (t: Placed, from: number, to: number): StagedEdit => ({ kind: 'sortOrder', toolId: t.id, toolName: t.name, from, to });
  if (own === theirs) return stage(edits, moved(tool, tool.sortOrder, theirs + direction));
  return stage(stage(edits, moved(tool, tool.sortOrder, theirs)), moved(neighbour, neighbour.sortOrder, own));
}

/** The agent's change set for the staged edits, in one order whatever the order of staging. */
export function changesOf(agentId: string | null, edits: readonly StagedEdit[]): LoadoutChangeInput[] {
  const changes: LoadoutChangeInput[] = [];
  const patch: { maxTools?: number; toolsMode?: ToolsMode } = {};
  const servers = new Map<string, { server: McpServerTools; on: Set<string>; off: Set<string> }>();
  for (const edit of edits) {
    if (edit.kind === 'maxTools') patch.maxTools = edit.to;
    else if (edit.kind === 'toolsMode') patch.toolsMode = edit.to;
    else if (edit.kind === 'exclude') {
      const scope = edit.projectId ? { projectId: edit.projectId } : { agentId };
      changes.push({ setToolRule: { ...scope, toolName: `${RULE_TOOL_PREFIX}${edit.toolName}`, effect: 'DENY' } });
    } else if (edit.kind === 'include') changes.push({ removeToolRuleId: edit.ruleId });
    else if (edit.kind === 'sortOrder') changes.push({ updateTool: { id: edit.toolId, patch: { sortOrder: edit.to } } });
    else {
      const entry = servers.get(edit.server.id) ?? { server: edit.server, on: new Set<string>(), off: new Set<string>() };
      (edit.on ? entry.on : entry.off).add(edit.mcpToolName);
      servers.set(edit.server.id, entry);
    }
  }
  if (agentId && Object.keys(patch).length > 0) changes.unshift({ updateAgent: { id: agentId, patch } });
  for (const { server, on, off } of servers.values()) {
    const disabledTools = [...server.disabledTools.filter((name) => !on.has(name)), ...off];
    // An allow-list keeps only what it names: a tool switched on must be on it.
    const allowed =
      server.enabledTools.length > 0 ? [...server.enabledTools, ...[...on].filter((n) => !server.enabledTools.includes(n))] : [];
    changes.push({ updateMcpServer: { id: server.id, patch: { disabledTools, ...(allowed.length ? { enabledTools: allowed } : {}) } } });
  }
  return changes;
}

/** The edit in words, as the staged list shows it. */
export function describeEdit(edit: StagedEdit): string {
  switch (edit.kind) {
    case 'exclude':
      return `Exclude ${edit.toolName} for this ${edit.projectId ? 'project' : 'agent'} (rule ${RULE_TOOL_PREFIX}${edit.toolName})`;
    case 'include':
      return `Include ${edit.toolName} again (remove the agent's rule ${RULE_TOOL_PREFIX}${edit.toolName})`;
    case 'maxTools':
      return `Max Tools ${edit.from} → ${edit.to}`;
    case 'toolsMode':
      return `Tools Mode: ${TOOLS_MODE_TEXT[edit.from]} → ${TOOLS_MODE_TEXT[edit.to]}`;
    case 'sortOrder':
      return `Sort Order of ${edit.toolName} ${edit.from} → ${edit.to}`;
    case 'mcpTool':
      return `Switch ${edit.server.name}'s tool ${edit.mcpToolName} ${edit.on ? 'on' : 'off'}`;
  }
}
