import type { SchemaRefusals } from '../tokens/provider-schema-rules';
import { providerOf } from '../tokens/providers';
import { visibleTool, type VisibleTool } from '../tokens/tool-names';
import { isMcpFiltered, keySet, ruleOf, sharedKeySets, type AgentFacts, type KeySets, type ToolFacts, type ToolRule } from '../rules/facts';
import { anyServerInScope } from '../rules/filters';
import type { AgentRow, LoadoutRows, McpServerRow, MiniAppRow, RuleRow, ToolRow } from './rows';
import type { ExecutionContext, Provider, ToolSource, ToolsMode } from '../vocabulary';

/**
 * What a loadout compiles each definition and each agent into: the row,
 * and beside it only what the row does not say. Pure.
 */

/**
 * A definition compiled: its row, what its filters read beyond the row, and
 * what the provider is sent. The facts the row holds are read from it, so
 * a cache of hundreds of thousands of definitions holds each once, and
 * what is sent is the row itself where it can be (see docs/architecture.md, note "Cache memory").
 * `contentHash` is the hash of `visible`.
 */
export class CompiledTool implements ToolFacts {
  constructor(
    readonly row: ToolRow,
    /** What the provider is sent: the row itself when its name is sent as it is. */
    readonly visible: VisibleTool,
    readonly ownerEnabled: boolean,
    readonly mcpFiltered: boolean,
    readonly channels: ReadonlySet<string> | null,
    readonly contextObjects: ReadonlySet<string> | null,
  ) {}

  get id(): string {
    return this.row.id;
  }
  get name(): string {
    return this.row.name;
  }
  get renderedName(): string {
    return this.visible.name;
  }
  get contentHash(): string {
    return this.visible.contentHash;
  }
  get sortOrder(): number {
    return this.row.sortOrder;
  }
  get source(): ToolSource {
    return this.row.source;
  }
  get tier(): number | null {
    return this.row.tier;
  }
  get hostDependent(): boolean {
    return this.row.hostDependent;
  }
  get projectId(): string | null {
    return this.row.projectId;
  }
  get agentId(): string | null {
    return this.row.agentId;
  }
  get active(): boolean {
    return this.row.active;
  }
  get requiresMcpServer(): boolean {
    return this.row.requiresMcpServer;
  }
  get hints(): readonly string[] {
    return this.row.hints;
  }
  get mcpToolName(): string | null {
    return this.row.mcpToolName;
  }
  get schemaRefusals(): SchemaRefusals | null {
    return this.row.schemaRefusals;
  }
}

/**
 * An agent compiled: its row, its rules (its own, then its project's) and
 * whether an enabled MCP server is in its scope; its other facts are its
 * row's, read from it as a definition's are.
 */
export class CompiledAgent implements AgentFacts {
  readonly provider: Provider;

  constructor(
    readonly row: AgentRow,
    readonly rules: readonly ToolRule[],
    readonly mcpServerInScope: boolean,
  ) {
    this.provider = providerOf(row.model);
  }

  get id(): string {
    return this.row.id;
  }
  get projectId(): string | null {
    return this.row.projectId;
  }
  get model(): string {
    return this.row.model;
  }
  get maxTools(): number {
    return this.row.maxTools;
  }
  get maxSchemaTokens(): number | null {
    return this.row.maxSchemaTokens;
  }
  get toolsMode(): ToolsMode {
    return this.row.toolsMode;
  }
  get executionContext(): ExecutionContext {
    return this.row.executionContext;
  }
}

/** Most agents have no rules: they share one empty list. */
const NO_RULES: readonly ToolRule[] = [];

/** Each agent's facts: its rules, then its project's. */
export function compileAgents(rows: LoadoutRows): Map<string, CompiledAgent> {
  const agentRules = groupRules(rows.rules, 'agentId');
  const projectRules = groupRules(rows.rules, 'projectId');
  // Asked once per project: agents of one project share the answer.
  const serverInProject = new Map<string | null, boolean>();
  const inScope = (a: AgentRow) => {
    let known = serverInProject.get(a.projectId);
    if (known === undefined) serverInProject.set(a.projectId, (known = anyServerInScope(rows.mcpServers, a.projectId)));
    return known;
  };
  return new Map(
    rows.agents.map((a) => {
      const own = agentRules.get(a.id) ?? NO_RULES;
      const project = (a.projectId && projectRules.get(a.projectId)) || NO_RULES;
      const rules = project === NO_RULES ? own : own === NO_RULES ? project : [...own, ...project];
      return [a.id, new CompiledAgent(a, rules, inScope(a))];
    }),
  );
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

/** What compiling a definition reads besides its row: its owners, and the sets its equal lists share. */
export interface ToolContext {
  apps: ReadonlyMap<string, MiniAppRow>;
  servers: ReadonlyMap<string, McpServerRow>;
  sets: KeySets;
}

export const toolContext = (rows: LoadoutRows): ToolContext => ({
  apps: new Map(rows.miniApps.map((a) => [a.id, a])),
  servers: new Map(rows.mcpServers.map((s) => [s.id, s])),
  sets: sharedKeySets(),
});

export function compileTool(row: ToolRow, { apps, servers, sets }: ToolContext): CompiledTool {
  const server = row.mcpServerId ? servers.get(row.mcpServerId) : undefined;
  const app = row.miniAppId ? apps.get(row.miniAppId) : undefined;
  return new CompiledTool(
    row,
    visibleTool(row),
    (app?.enabled ?? true) && (server?.enabled ?? true),
    isMcpFiltered(
      server && { reportedName: row.mcpToolName ?? row.name, enabledTools: server.enabledTools, disabledTools: server.disabledTools },
    ),
    keySet(row.channelKeys, sets),
    keySet(row.contextObjectKeys, sets),
  );
}
