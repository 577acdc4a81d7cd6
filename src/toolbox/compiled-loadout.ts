import type { JsonObject, ToolSource } from '../tools/tool-definition.entity';
import type { ExecutionContext, ToolsMode } from '../agents/agent.entity';
import { estimateToolTokens } from '../tokens/estimate-tokens';
import {
  compareShadowRank,
  compareSortOrder,
  excludingRule,
  isExcluded,
  isMcpFiltered,
  type CandidateTool,
  type DropReason,
  type PageSituation,
  type ToolRule,
} from './assemble-toolbox';
import { ruleOf } from './candidates';
import { toolboxFingerprint } from './canonical-json';
import { keyedSituations, type KeyedSituation } from './situations';

/**
 * An organisation's loadout as plain rows (what the database holds), and
 * compiled once for every toolbox request: candidates sorted in Sort Order
 * with their derived filter inputs, lookups as maps and sets. Pure: the
 * database side only loads the rows (see loadout-rows.ts).
 */

export interface ToolRow {
  id: string;
  organizationId: string;
  projectId: string | null;
  agentId: string | null;
  source: ToolSource;
  name: string;
  description: string;
  inputSchema: JsonObject;
  active: boolean;
  sortOrder: number;
  tier: number | null;
  hostDependent: boolean;
  requiresMcpServer: boolean;
  miniAppId: string | null;
  mcpServerId: string | null;
  mcpToolName: string | null;
  contentHash: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  channelKeys: string[];
  contextObjectKeys: string[];
}

export interface AgentRow {
  id: string;
  organizationId: string;
  projectId: string | null;
  name: string;
  model: string;
  maxTools: number;
  maxSchemaTokens: number | null;
  toolsMode: ToolsMode;
  executionContext: ExecutionContext;
  budgetWarnThreshold: number;
  budgetHotThreshold: number;
  loadoutVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RuleRow {
  id: string;
  agentId: string | null;
  projectId: string | null;
  toolName: string;
  effect: 'ALLOW' | 'DENY';
}

export interface MiniAppRow {
  id: string;
  enabled: boolean;
}

export interface McpServerRow {
  id: string;
  name: string;
  projectId: string | null;
  /** False until the server has reported an inventory. */
  probed: boolean;
  enabled: boolean;
  enabledTools: string[];
  disabledTools: string[];
}

export interface CatalogueRow {
  id: string;
  organizationId: string;
  key: string;
  name: string;
}

export interface LoadoutRows {
  organizationId: string;
  defaultModel: string;
  tools: ToolRow[];
  agents: AgentRow[];
  rules: RuleRow[];
  miniApps: MiniAppRow[];
  mcpServers: McpServerRow[];
  channels: CatalogueRow[];
  contextObjects: CatalogueRow[];
}

/** A candidate with what its filters read, precomputed. */
export interface CompiledTool extends CandidateTool {
  projectId: string | null;
  row: ToolRow;
  channelSet: ReadonlySet<string> | null;
  contextSet: ReadonlySet<string> | null;
  /** OWNER_DISABLED or MCP_FILTERED, fixed by the owner rows; null when neither applies. */
  ownerReason: DropReason | null;
}

export interface CompiledAgent {
  row: AgentRow;
  rules: ToolRule[];
  mcpServerInScope: boolean;
}

export class CompiledLoadout {
  readonly agents: ReadonlyMap<string, CompiledAgent>;
  readonly channels: ReadonlyMap<string, CatalogueRow>;
  readonly channelsById: ReadonlyMap<string, CatalogueRow>;
  readonly contextObjects: ReadonlyMap<string, CatalogueRow>;
  /** Agents that some definition names (AGENT_SCOPE): their toolboxes are their own. */
  readonly scopedAgents: ReadonlySet<string>;
  readonly toolsById: ReadonlyMap<string, CompiledTool>;
  /** Keys some definition lists: the others all behave alike. */
  readonly namedChannels: ReadonlySet<string>;
  /** Names more than one definition holds, each list in shadow rank (most specific first): only these can be SHADOWED. */
  readonly sharedNames: ReadonlyMap<string, readonly CompiledTool[]>;
  /** Definitions that name context objects and hold a shared name, in Sort Order. */
  readonly contextToolsSharingNames: readonly CompiledTool[];
  /** Filled lazily by toolboxOf, agentClass and toolboxClass: pure functions of this loadout, remembered. */
  readonly toolboxes = new Map<string, SituationToolbox>();
  readonly agentClasses = new Map<string, string>();
  /** Per agent class, then per channel class: see contextsThatMatter. */
  readonly contextClasses = new Map<string, Map<string, ReadonlySet<string>>>();

  private keyed: readonly KeyedSituation[] | null;

  constructor(
    readonly rows: LoadoutRows,
    /** Every definition of the organisation, in Sort Order. */
    readonly sorted: readonly CompiledTool[],
    /** The situations of a loadout with the same catalogue, if known. */
    situations: readonly KeyedSituation[] | null = null,
  ) {
    this.keyed = situations;
    const serverProjects = new Set(rows.mcpServers.filter((s) => s.enabled).map((s) => s.projectId));
    const agentRules = groupRules(rows.rules, 'agentId');
    const projectRules = groupRules(rows.rules, 'projectId');
    this.agents = new Map(
      rows.agents.map((a) => [
        a.id,
        {
          row: a,
          rules: [...(agentRules.get(a.id) ?? []), ...((a.projectId && projectRules.get(a.projectId)) || [])],
          mcpServerInScope: serverProjects.has(null) || (a.projectId !== null && serverProjects.has(a.projectId)),
        },
      ]),
    );
    this.channels = new Map(rows.channels.map((c) => [c.key, c]));
    this.channelsById = new Map(rows.channels.map((c) => [c.id, c]));
    this.contextObjects = new Map(rows.contextObjects.map((c) => [c.key, c]));
    // One pass in plain loops: a change compiles a loadout afresh, and flatMap costs more than the rest together.
    const scopedAgents = new Set<string>();
    const toolsById = new Map<string, CompiledTool>();
    const namedChannels = new Set<string>();
    const byName = new Map<string, CompiledTool[]>();
    for (const t of sorted) {
      if (t.agentId) scopedAgents.add(t.agentId);
      toolsById.set(t.id, t);
      for (const key of t.channelKeys) namedChannels.add(key);
      const group = byName.get(t.name);
      if (group) group.push(t);
      else byName.set(t.name, [t]);
    }
    this.scopedAgents = scopedAgents;
    this.toolsById = toolsById;
    this.namedChannels = namedChannels;
    const shared = new Map<string, CompiledTool[]>();
    for (const [name, group] of byName) if (group.length > 1) shared.set(name, group.sort(compareShadowRank));
    this.sharedNames = shared;
    this.contextToolsSharingNames = sorted.filter((t) => t.contextSet && shared.has(t.name));
  }

  /** Every situation of the catalogue, in situation order (channels and context objects as loaded: by key). */
  get situations(): readonly KeyedSituation[] {
    return (this.keyed ??= keyedSituations(
      this.rows.channels.map((c) => c.key),
      this.rows.contextObjects.map((o) => o.key),
    ));
  }
}

function groupRules(rules: readonly RuleRow[], by: 'agentId' | 'projectId'): Map<string, ToolRule[]> {
  const out = new Map<string, ToolRule[]>();
  for (const r of rules) {
    const key = r[by];
    if (!key) continue;
    const group = out.get(key);
    if (group) group.push(ruleOf(r));
    else out.set(key, [ruleOf(r)]);
  }
  return out;
}

function compileTool(row: ToolRow, apps: ReadonlyMap<string, MiniAppRow>, servers: ReadonlyMap<string, McpServerRow>): CompiledTool {
  const server = row.mcpServerId ? servers.get(row.mcpServerId) : undefined;
  const app = row.miniAppId ? apps.get(row.miniAppId) : undefined;
  const mcp = server
    ? { reportedName: row.mcpToolName ?? row.name, enabledTools: server.enabledTools, disabledTools: server.disabledTools }
    : null;
  const ownerEnabled = (app?.enabled ?? true) && (server?.enabled ?? true);
  return {
    id: row.id,
    name: row.name,
    contentHash: row.contentHash,
    active: row.active,
    sortOrder: row.sortOrder,
    agentId: row.agentId,
    channelKeys: row.channelKeys,
    contextObjectKeys: row.contextObjectKeys,
    requiresMcpServer: row.requiresMcpServer,
    ownerEnabled,
    mcp,
    projectId: row.projectId,
    row,
    channelSet: row.channelKeys.length ? new Set(row.channelKeys) : null,
    contextSet: row.contextObjectKeys.length ? new Set(row.contextObjectKeys) : null,
    ownerReason: !ownerEnabled ? 'OWNER_DISABLED' : isMcpFiltered(mcp) ? 'MCP_FILTERED' : null,
  };
}

const ownerMaps = (rows: LoadoutRows) =>
  [new Map(rows.miniApps.map((a) => [a.id, a])), new Map(rows.mcpServers.map((s) => [s.id, s]))] as const;

export function compileLoadout(rows: LoadoutRows): CompiledLoadout {
  const [apps, servers] = ownerMaps(rows);
  return new CompiledLoadout(rows, rows.tools.map((t) => compileTool(t, apps, servers)).sort(compareSortOrder));
}

/** What a change re-read after its writes; a part left out is unchanged. Tool rows missing from `tools` were deleted. */
export interface LoadoutPatch {
  tools?: { ids: readonly string[]; rows: readonly ToolRow[] };
  agents?: { ids: readonly string[]; rows: readonly AgentRow[] };
  rules?: readonly RuleRow[];
  owners?: { miniApps: readonly MiniAppRow[]; mcpServers: readonly McpServerRow[] };
  catalogue?: { channels: readonly CatalogueRow[]; contextObjects: readonly CatalogueRow[] };
}

/**
 * The loadout after a change, from the loadout before it and the rows the
 * change re-read: O(definitions) with no full re-sort, so a change costs the
 * same whatever it touched. Equal to compiling the new rows from scratch
 * (the property spec holds the two together).
 */
export function patchLoadout(before: CompiledLoadout, patch: LoadoutPatch): CompiledLoadout {
  const replaceById = <R extends { id: string }>(old: readonly R[], part?: { ids: readonly string[]; rows: readonly R[] }): R[] => {
    if (!part) return [...old];
    const gone = new Set(part.ids);
    return [...old.filter((r) => !gone.has(r.id)), ...part.rows];
  };
  const rows: LoadoutRows = {
    ...before.rows,
    tools: replaceById(before.rows.tools, patch.tools),
    agents: replaceById(before.rows.agents, patch.agents),
    rules: patch.rules ? [...patch.rules] : before.rows.rules,
    miniApps: patch.owners ? [...patch.owners.miniApps] : before.rows.miniApps,
    mcpServers: patch.owners ? [...patch.owners.mcpServers] : before.rows.mcpServers,
    channels: patch.catalogue ? [...patch.catalogue.channels] : before.rows.channels,
    contextObjects: patch.catalogue ? [...patch.catalogue.contextObjects] : before.rows.contextObjects,
  };
  const [apps, servers] = ownerMaps(rows);
  const replaced = new Set(patch.tools?.ids ?? []);
  // Owner rows feed every tool's derived flags; otherwise untouched tools are reused as they are.
  let sorted = before.sorted.filter((t) => !replaced.has(t.id));
  if (patch.owners) sorted = sorted.map((t) => compileTool(t.row, apps, servers));
  for (const row of patch.tools?.rows ?? []) {
    const tool = compileTool(row, apps, servers);
    sorted.splice(insertionPoint(sorted, tool), 0, tool);
  }
  return new CompiledLoadout(rows, sorted, patch.catalogue ? null : before.situations);
}

function insertionPoint(sorted: readonly CandidateTool[], tool: CandidateTool): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareSortOrder(sorted[mid], tool) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface CompiledDrop {
  tool: CompiledTool;
  reason: DropReason;
  /** SHADOWED: the definition carried instead. */
  shadowedBy?: CompiledTool;
  /** EXCLUDED: the DENY rule that applied. */
  rule?: ToolRule;
}

export interface CompiledToolbox {
  entries: CompiledTool[];
  /** Only when asked for: a request that reads the entries alone stops at the cut. */
  dropped: CompiledDrop[] | null;
}

/**
 * SEMANTICS section 3 over a compiled loadout: the same filters in the same
 * order as assembleToolbox (its test oracle), over candidates already in
 * Sort Order. Without `withDropped` it stops once the toolbox is full.
 */
export function assembleCompiled(
  loadout: CompiledLoadout,
  agent: CompiledAgent,
  channelKey: string,
  page: PageSituation,
  withDropped: boolean,
): CompiledToolbox {
  const a = agent.row;
  const entries: CompiledTool[] = [];
  const dropped: CompiledDrop[] | null = withDropped ? [] : null;
  const recordOnly = a.toolsMode === 'RECORD_PAGES_ONLY' && page.type !== 'RECORD';
  const cap = a.maxSchemaTokens;
  const context = page.contextObject ?? null;
  let tokens = 0;
  let survivors = 0;
  // Once a prefix of the survivors exceeds the cap, every later one within the count drops too.
  let overBudget = false;
  for (const tool of loadout.sorted) {
    if (tool.projectId !== null && tool.projectId !== a.projectId) continue;
    const reason = recordOnly ? 'TOOLS_MODE' : filterReason(tool, agent, channelKey, context);
    if (reason) {
      dropped?.push(reason === 'EXCLUDED' ? { tool, reason, rule: excludingRule(tool.name, agent.rules)! } : { tool, reason });
      continue;
    }
    const winner = shadowWinner(loadout, tool, agent, channelKey, context);
    if (winner !== tool) {
      dropped?.push({ tool, reason: 'SHADOWED', shadowedBy: winner });
      continue;
    }
    if (survivors++ >= a.maxTools) {
      if (!dropped) break;
      dropped.push({ tool, reason: 'OVER_MAX_TOOLS' });
      continue;
    }
    if (!overBudget && cap !== null) {
      tokens += estimateToolTokens(tool.row, a.model);
      overBudget = tokens > cap;
    }
    if (!overBudget) entries.push(tool);
    else if (dropped) dropped.push({ tool, reason: 'OVER_TOKEN_BUDGET' });
    else break;
  }
  // The oracle lists filter drops in Sort Order, then the count overflow, then the token overflow.
  dropped?.sort((x, y) => dropRank(x.reason) - dropRank(y.reason));
  return { entries, dropped };
}

/** Filters 2 to 9 of SEMANTICS section 3 for one candidate of the agent's scope: the first that fails, or null. */
export function filterReason(tool: CompiledTool, agent: CompiledAgent, channelKey: string, context: string | null): DropReason | null {
  if (!tool.active) return 'INACTIVE';
  if (tool.ownerReason) return tool.ownerReason;
  if (tool.requiresMcpServer && !agent.mcpServerInScope) return 'REQUIRES_MCP_SERVER';
  if (tool.agentId !== null && tool.agentId !== agent.row.id) return 'AGENT_SCOPE';
  if (tool.channelSet && !tool.channelSet.has(channelKey)) return 'CHANNEL';
  if (tool.contextSet && !(context && tool.contextSet.has(context))) return 'CONTEXT';
  if (agent.rules.length && isExcluded(tool.name, agent.rules)) return 'EXCLUDED';
  return null;
}

/**
 * The survivor of the tool's name that the toolbox carries (filter 10), for
 * a tool that passed filters 2 to 9: itself unless a more specific
 * definition of its name passes them too.
 */
export function shadowWinner(
  loadout: CompiledLoadout,
  tool: CompiledTool,
  agent: CompiledAgent,
  channelKey: string,
  context: string | null,
): CompiledTool {
  const group = loadout.sharedNames.get(tool.name);
  if (!group) return tool;
  const projectId = agent.row.projectId;
  for (const other of group) {
    if (other === tool) return tool;
    if ((other.projectId === null || other.projectId === projectId) && filterReason(other, agent, channelKey, context) === null)
      return other;
  }
  return tool;
}

/** What the model sees in one situation: the entries and, once asked for, their fingerprint. */
export interface SituationToolbox {
  readonly entries: readonly CompiledTool[];
  readonly fingerprint: string;
}

class MemoToolbox implements SituationToolbox {
  private hash: string | null = null;
  constructor(readonly entries: readonly CompiledTool[]) {}
  get fingerprint(): string {
    this.hash ??= fingerprintOf(this.entries);
    return this.hash;
  }
}

/** Toolboxes remembered per loadout; a loadout lives until the next change, so this bounds one generation. */
const MAX_REMEMBERED_TOOLBOXES = 20_000;

/**
 * The toolbox of an agent in a situation, assembled once per loadout for
 * all agents of one class and all situations no filter tells apart (see
 * toolboxClass). A change's loadout `after` can be handed the toolboxes a
 * change found unaltered, so they are not assembled again.
 */
export function toolboxOf(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): SituationToolbox {
  const key = toolboxClass(loadout, agent, channelKey, page);
  let toolbox = loadout.toolboxes.get(key);
  if (!toolbox) {
    toolbox = new MemoToolbox(assembleCompiled(loadout, agent, channelKey, page, false).entries);
    remember(loadout, key, toolbox);
  }
  return toolbox;
}

export const situationToolbox = (entries: readonly CompiledTool[]): SituationToolbox => new MemoToolbox(entries);

export function remember(loadout: CompiledLoadout, key: string, toolbox: SituationToolbox): void {
  if (loadout.toolboxes.size < MAX_REMEMBERED_TOOLBOXES) loadout.toolboxes.set(key, toolbox);
}

/**
 * Situations with equal keys have equal toolboxes for agents with equal
 * keys: channels no definition names behave alike; HOME, LIST and a RECORD
 * without context object differ only under RECORD_PAGES_ONLY; and a RECORD
 * page's context object matters only where it can bring a tool into the
 * toolbox (see contextsThatMatter).
 */
export function toolboxClass(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): string {
  return `${agentClass(loadout, agent)}\u0000${situationClass(loadout, agent, channelKey, page)}`;
}

/** The situation's part of its toolboxClass: situations of one agent with equal classes carry equal toolboxes. */
export function situationClass(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string, page: PageSituation): string {
  if (agent.row.toolsMode === 'RECORD_PAGES_ONLY' && page.type !== 'RECORD') return '-';
  const channel = loadout.namedChannels.has(channelKey) ? channelKey : '';
  const context = page.contextObject && contextsThatMatter(loadout, agent, channelKey).has(page.contextObject) ? page.contextObject : '';
  return `${channel}\u0000${context}`;
}

/**
 * The context objects whose RECORD pages can carry another toolbox than a
 * page without one, for this agent on this channel. A page's context object
 * only lets in the definitions naming it, so it changes nothing when each
 * of them either fails another filter or comes after the cut of the toolbox
 * without context: past the Max Tools count, or past the first survivor the
 * token cap drops. One sharing its name with another definition can shadow
 * that one from anywhere in Sort Order, so it always counts; and a survivor
 * of a shared name may be shadowed, so it does not count towards the cut.
 * Any other context object shares the toolbox without context, which is
 * what keeps an organisation with many context objects from multiplying its
 * toolboxes. Over-approximates where a later filter (a rule) would drop the
 * tool anyway: that only costs sharing.
 */
function contextsThatMatter(loadout: CompiledLoadout, agent: CompiledAgent, channelKey: string): ReadonlySet<string> {
  const agentKey = agentClass(loadout, agent);
  let ofAgent = loadout.contextClasses.get(agentKey);
  if (!ofAgent) loadout.contextClasses.set(agentKey, (ofAgent = new Map()));
  const channelClass = loadout.namedChannels.has(channelKey) ? channelKey : '';
  const known = ofAgent.get(channelClass);
  if (known) return known;
  const a = agent.row;
  const out = new Set<string>();
  const inScope = (tool: CompiledTool) => tool.projectId === null || tool.projectId === a.projectId;
  const lets = (tool: CompiledTool) => {
    if (inScope(tool) && filterReason(tool, agent, channelKey, null) === 'CONTEXT') for (const c of tool.contextObjectKeys) out.add(c);
  };
  let survivors = 0;
  let tokens = 0;
  for (const tool of a.maxTools > 0 ? loadout.sorted : []) {
    if (tool.contextSet) {
      lets(tool);
      continue;
    }
    if (!inScope(tool) || filterReason(tool, agent, channelKey, null) !== null) continue;
    // A shared name may be shadowed, taking no place and no tokens: counting it could close the window early.
    if (loadout.sharedNames.has(tool.name)) continue;
    if (a.maxSchemaTokens !== null) {
      tokens += estimateToolTokens(tool.row, a.model);
      if (tokens > a.maxSchemaTokens) break;
    }
    if (++survivors >= a.maxTools) break;
  }
  for (const tool of loadout.contextToolsSharingNames) lets(tool);
  ofAgent.set(channelClass, out);
  return out;
}

/** What an agent's toolboxes depend on besides the situation: agents with equal classes carry equal toolboxes. */
export function agentClass(loadout: CompiledLoadout, agent: CompiledAgent): string {
  const known = loadout.agentClasses.get(agent.row.id);
  if (known !== undefined) return known;
  const a = agent.row;
  const key = JSON.stringify([
    a.projectId,
    a.maxTools,
    a.toolsMode,
    a.maxSchemaTokens,
    a.maxSchemaTokens === null ? null : a.model,
    agent.mcpServerInScope,
    agent.rules.map((r) => `${r.on}:${r.effect}:${r.toolName}`).sort(),
    loadout.scopedAgents.has(a.id) ? a.id : null,
  ]);
  loadout.agentClasses.set(a.id, key);
  return key;
}

const dropRank = (reason: DropReason): number => (reason === 'OVER_MAX_TOOLS' ? 1 : reason === 'OVER_TOKEN_BUDGET' ? 2 : 0);

const fingerprintOf = (entries: readonly { contentHash: string }[]): string => toolboxFingerprint(entries.map((e) => e.contentHash));
