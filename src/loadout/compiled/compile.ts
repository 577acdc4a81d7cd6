import { compileAgents, compileTool, toolContext, type CompiledAgent, type CompiledTool } from './compiled-parts';
import { ruleOf, type AgentFacts } from '../rules/facts';
import { anyServerInScope, compareSortOrder } from '../rules/filters';
import type { AgentRow, CatalogueRow, LoadoutRows, McpServerRow, MiniAppRow, RuleRow, ToolRow } from './rows';
import { patchedLookups, toolLookups, type ToolLookups } from './tool-lookups';
import { keyedSituations, type KeyedSituation } from '../rules/situations';
import { providerOf } from '../tokens/providers';
import { LOADOUT_DEFAULTS, type Provider } from '../vocabulary';

/** What the model sees in one situation: the entries and, once asked for, their fingerprint (made in serve.ts). */
export interface SituationToolbox {
  readonly entries: readonly CompiledTool[];
  readonly fingerprint: string;
}

/**
 * An organisation's loadout compiled once for every toolbox request:
 * definitions sorted in Sort Order with the facts their filters read,
 * agents with theirs, lookups as maps and sets. Pure: the database side
 * only loads the rows (see ../edge/stored-rows.ts).
 */

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
  /** Rendered names more than one definition holds, each list in shadow rank (most specific first): only these can be SHADOWED. */
  readonly sharedNames: ReadonlyMap<string, readonly CompiledTool[]>;
  /** Definitions that name context objects and hold a shared name, in Sort Order. */
  readonly contextToolsSharingNames: readonly CompiledTool[];
  /** Filled lazily by toolboxOf, agentClass and toolboxClass: pure functions of this loadout, remembered. */
  readonly toolboxes = new Map<string, SituationToolbox>();
  readonly agentClasses = new Map<string, string>();
  /** Per agent class, then per channel class: see contextsThatMatter. */
  readonly contextClasses = new Map<string, Map<string, ReadonlySet<string>>>();

  /** What a patch starts from. */
  readonly lookups: ToolLookups;
  private keyed: readonly KeyedSituation[] | null;
  private shortForms: ReadonlyMap<string, string> | null = null;
  private refusing: ReadonlySet<Provider> | null = null;
  private serverNames: ReadonlyMap<string, string> | null = null;

  constructor(
    readonly rows: LoadoutRows,
    /** Every definition of the organisation, in Sort Order. */
    readonly sorted: readonly CompiledTool[],
    /** The situations of a loadout with the same catalogue, if known. */
    situations: readonly KeyedSituation[] | null = null,
    /** The lookups over `sorted`, if patched from another loadout's. */
    lookups: ToolLookups | null = null,
    /** The compiled agents, if patched from a loadout with the same agent rows, rules and owners. */
    agents: ReadonlyMap<string, CompiledAgent> | null = null,
  ) {
    this.keyed = situations;
    this.agents = agents ?? compileAgents(rows);
    this.channels = new Map(rows.channels.map((c) => [c.key, c]));
    this.channelsById = new Map(rows.channels.map((c) => [c.id, c]));
    this.contextObjects = new Map(rows.contextObjects.map((c) => [c.key, c]));
    this.lookups = lookups ?? toolLookups(sorted);
    ({
      scopedAgents: this.scopedAgents,
      toolsById: this.toolsById,
      namedChannels: this.namedChannels,
      sharedNames: this.sharedNames,
    } = this.lookups);
    this.contextToolsSharingNames = sorted.filter((t) => t.contextObjects && this.sharedNames.has(t.renderedName));
  }

  /** The agent's loadoutVersion (see LoadoutRows.versions). */
  versionOf(agentId: string): number {
    return this.rows.versions.get(agentId)!;
  }

  /**
   * No agent in a project (null: none): the project's rules and MCP servers.
   * A project's budget surface reads these; its agent-scoped definitions
   * all drop, since `id` is null. The settings no surface filter reads are
   * an agent's defaults.
   */
  withoutAgent(projectId: string | null): AgentFacts {
    return {
      id: null,
      projectId,
      model: this.rows.defaultModel,
      provider: providerOf(this.rows.defaultModel),
      maxTools: LOADOUT_DEFAULTS.maxTools,
      maxSchemaTokens: null,
      toolsMode: 'ALL_PAGES',
      executionContext: 'RUNNING_USER',
      rules: this.rows.rules.filter((r) => r.agentId === null && projectId !== null && r.projectId === projectId).map(ruleOf),
      mcpServerInScope: anyServerInScope(this.rows.mcpServers, projectId),
    };
  }

  /**
   * The definition's name for a name a provider was sent: the full name for
   * a short form, else the name itself. A name a definition holds is its own.
   */
  storedNameOf(sentName: string): string {
    if (!this.shortForms) {
      const own = new Set(this.sorted.map((t) => t.name));
      this.shortForms = new Map(
        this.sorted.filter((t) => t.renderedName !== t.name && !own.has(t.renderedName)).map((t) => [t.renderedName, t.name]),
      );
    }
    return this.shortForms.get(sentName) ?? sentName;
  }

  /** The registered name of an MCP server of this loadout; null for none. */
  mcpServerNameOf(serverId: string | null): string | null {
    if (serverId === null) return null;
    this.serverNames ??= new Map(this.rows.mcpServers.map((s) => [s.id, s.name]));
    return this.serverNames.get(serverId) ?? null;
  }

  /** The providers that refuse some definition's schema: agents of the others all behave alike (INCOMPATIBLE_SCHEMA). */
  get refusingProviders(): ReadonlySet<Provider> {
    if (!this.refusing) {
      const providers = new Set<Provider>();
      for (const tool of this.sorted)
        if (tool.schemaRefusals) for (const p of Object.keys(tool.schemaRefusals)) providers.add(p as Provider);
      this.refusing = providers;
    }
    return this.refusing;
  }

  /** Every situation of the catalogue, in situation order (channels and context objects as loaded: by key). */
  get situations(): readonly KeyedSituation[] {
    return (this.keyed ??= keyedSituations(
      this.rows.channels.map((c) => c.key),
      this.rows.contextObjects.map((o) => o.key),
    ));
  }
}

export function compileLoadout(rows: LoadoutRows): CompiledLoadout {
  const context = toolContext(rows);
  return new CompiledLoadout(rows, rows.tools.map((t) => compileTool(t, context)).sort(compareSortOrder));
}

/**
 * What a change re-read after its writes; a part left out is unchanged.
 * Tool rows missing from `tools` were deleted. `versions` holds the new
 * version of each agent whose version moved, re-read or not.
 */
export interface LoadoutPatch {
  tools?: { ids: readonly string[]; rows: readonly ToolRow[] };
  agents?: { ids: readonly string[]; rows: readonly AgentRow[] };
  versions?: ReadonlyMap<string, number>;
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
    agents: patch.agents ? replaceById(before.rows.agents, patch.agents) : before.rows.agents,
    versions: patch.versions ? withVersions(before.rows.versions, patch.versions) : before.rows.versions,
    rules: patch.rules ? [...patch.rules] : before.rows.rules,
    miniApps: patch.owners ? [...patch.owners.miniApps] : before.rows.miniApps,
    mcpServers: patch.owners ? [...patch.owners.mcpServers] : before.rows.mcpServers,
    channels: patch.catalogue ? [...patch.catalogue.channels] : before.rows.channels,
    contextObjects: patch.catalogue ? [...patch.catalogue.contextObjects] : before.rows.contextObjects,
  };
  const context = toolContext(rows);
  const gone = [...new Set(patch.tools?.ids ?? [])].flatMap((id) => before.toolsById.get(id) ?? []);
  // Found by their place in Sort Order, not by a pass over every definition.
  let sorted = [...before.sorted];
  for (const tool of gone) sorted.splice(insertionPoint(sorted, tool), 1);
  // Owner rows feed every tool's derived flags; otherwise untouched tools are reused as they are.
  if (patch.owners) sorted = sorted.map((t) => compileTool(t.row, context));
  const added = (patch.tools?.rows ?? []).map((row) => compileTool(row, context));
  for (const tool of added) sorted.splice(insertionPoint(sorted, tool), 0, tool);
  const lookups = patch.owners ? null : patchedLookups(before.lookups, sorted, gone, added);
  // An edit a thousand agents see moves their versions only: their compiled facts stay as they were.
  const agents = patch.agents || patch.rules || patch.owners ? null : before.agents;
  return new CompiledLoadout(rows, sorted, patch.catalogue ? null : before.situations, lookups, agents);
}

function withVersions(versions: ReadonlyMap<string, number>, moved: ReadonlyMap<string, number>): Map<string, number> {
  const next = new Map(versions);
  for (const [id, version] of moved) next.set(id, version);
  return next;
}

function insertionPoint(sorted: readonly CompiledTool[], tool: CompiledTool): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareSortOrder(sorted[mid], tool) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
