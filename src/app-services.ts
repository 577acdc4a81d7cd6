import type { Database } from './db/database';
import { AgentService } from './agents/agent.service';
import { CatalogueService } from './catalogue/catalogue.service';
import { ConversationService } from './conversations/conversation.service';
import { ConversationListService } from './conversations/conversation-list.service';
import { TurnCompletionService } from './conversations/turn-completion.service';
import { AgentListService } from './agents/agent-list.service';
import { ToolDefinitionListService } from './tools/tool-definition-list.service';
import { ModelPriceService } from './conversations/model-price.service';
import { SnapshotService } from './conversations/snapshot.service';
import { ChangeSetService } from './invalidation/change-set.service';
import {
  createLoadoutPubSub,
  InProcessBus,
  PostgresNotifyBus,
  type InvalidationBus,
  type LoadoutPubSub,
} from './invalidation/invalidation-bus';
import { InvalidationRecorders } from './invalidation/invalidation-recorder';
import { InvalidationService } from './invalidation/invalidation.service';
import { loadLoadoutRows, LoadoutChanges } from './loadout/edge';
import { OrganizationService } from './organizations/organization.service';
import { DEFAULT_LOADOUT_CACHE_MB, LoadoutCache } from './loadout/compiled';
import { ToolboxService } from './toolbox/toolbox.service';
import { McpServerService } from './tools/mcp-server.service';
import { MiniAppService } from './tools/mini-app.service';
import { ToolDefinitionService } from './tools/tool-definition.service';
import { BudgetService } from './budget/budget.service';
import { McpConnections, type McpConnectionSettings } from './probes/mcp-connections.service';
import { readMcpConnectionSettings } from './probes/connection-settings';
import { rosterWrites } from './usage/roster-writes';
import { UsageRecorder } from './usage/usage-recorder';
import { UsageService } from './usage/usage.service';
import { CallLogMaintenance } from './usage/call-log-maintenance';
import { DEFAULT_RETENTION_DAYS } from './usage/call-log-retention';
import { Stats } from './common/stats';
import { createLoaders, type RequestLoaders } from './request-loaders';

/** The application's services, built once per server over one database. */
export interface AppServices {
  db: Database;
  organizations: OrganizationService;
  catalogue: CatalogueService;
  agents: AgentService;
  toolDefinitions: ToolDefinitionService;
  miniApps: MiniAppService;
  mcpServers: McpServerService;
  /** Loadout's own connections to MCP servers: the pool, the probes and their leases. */
  mcpConnections: McpConnections;
  toolbox: ToolboxService;
  loadouts: LoadoutCache;
  changes: LoadoutChanges;
  /** Subscriptions' topics; fed by the invalidation bus. */
  pubSub: LoadoutPubSub;
  invalidationBus: InvalidationBus;
  invalidations: InvalidationService;
  changeSets: ChangeSetService;
  conversations: ConversationService;
  turnCompletion: TurnCompletionService;
  conversationList: ConversationListService;
  agentList: AgentListService;
  toolDefinitionList: ToolDefinitionListService;
  snapshots: SnapshotService;
  modelPrices: ModelPriceService;
  usage: UsageService;
  usageRecorder: UsageRecorder;
  budget: BudgetService;
  /** The call log's retention: monthly partitions created ahead, expired ones dropped. */
  callLog: CallLogMaintenance;
  /** Counters for /metrics. */
  stats: Stats;
  /** A request's relation loaders, made on its first use of one. */
  requestLoaders(organizationId: string): RequestLoaders;
}

// What every request's context holds, in full (see common/context.ts).
declare module './common/context' {
  interface Services extends AppServices {}
  interface Loaders extends RequestLoaders {}
}

export interface ServiceOptions {
  /** Where the LISTEN connection goes, when not to the pool's server (a pooler that cannot LISTEN sits between). */
  listenUrl?: string;
  /** Days of calls the call log keeps (LOADOUT_CALL_LOG_RETENTION_DAYS). */
  callLogRetentionDays?: number;
  /** The loadout cache's budget; the configured default when absent. */
  loadoutCacheBytes?: number;
  /** MCP connections' settings; the environment's defaults when absent. */
  mcp?: McpConnectionSettings;
  /** beginTurn's one statement for a known conversation (on by default); off, every turn takes the long way. */
  beginTurnAtOnce?: boolean;
}

export function createServices(db: Database, options: ServiceOptions = {}): AppServices {
  const { listenUrl, loadoutCacheBytes = DEFAULT_LOADOUT_CACHE_MB * 1024 * 1024 } = options;
  const ds = db.dataSource;
  const pubSub = createLoadoutPubSub();
  const stats = new Stats();
  // Trusted only while every other instance's changes can reach this one.
  const loadouts: LoadoutCache = new LoadoutCache(
    (id) => loadLoadoutRows(ds, id),
    () => invalidationBus.live,
    stats,
    loadoutCacheBytes,
  );
  // Several instances may share a server, so events travel through it; embedded PGlite is one process.
  const serverUrl = db.kind === 'server' ? (ds.options as { url?: string }).url : undefined;
  const invalidationBus: InvalidationBus = serverUrl
    ? new PostgresNotifyBus(listenUrl ?? serverUrl, ds, pubSub, loadouts, stats)
    : new InProcessBus(pubSub);
  const toolbox = new ToolboxService(loadouts);
  const recorders = new InvalidationRecorders(invalidationBus, stats);
  const changes = new LoadoutChanges(ds, loadouts, recorders.observe);
  const agents = new AgentService(ds, changes);
  const toolDefinitions = new ToolDefinitionService(ds, changes);
  const usage = new UsageService(ds);
  const retentionDays = options.callLogRetentionDays ?? DEFAULT_RETENTION_DAYS;
  const snapshots = new SnapshotService(ds);
  const mcp = options.mcp ?? readMcpConnectionSettings({});
  const mcpServers = new McpServerService(ds, changes, mcp);
  const services: AppServices = {
    db,
    organizations: new OrganizationService(ds, changes, loadouts),
    catalogue: new CatalogueService(ds, changes),
    agents,
    toolDefinitions,
    miniApps: new MiniAppService(ds, changes),
    mcpServers,
    mcpConnections: new McpConnections(ds, mcpServers, mcp, stats),
    toolbox,
    loadouts,
    changes,
    pubSub,
    invalidationBus,
    invalidations: new InvalidationService(ds),
    changeSets: new ChangeSetService(changes, recorders, toolDefinitions, agents, mcpServers),
    conversations: new ConversationService(ds, toolbox, snapshots, loadouts, rosterWrites, options.beginTurnAtOnce !== false),
    turnCompletion: new TurnCompletionService(ds, snapshots),
    conversationList: new ConversationListService(ds),
    agentList: new AgentListService(ds),
    toolDefinitionList: new ToolDefinitionListService(ds),
    snapshots,
    modelPrices: new ModelPriceService(ds),
    usage,
    usageRecorder: new UsageRecorder(ds, stats, loadouts),
    budget: new BudgetService(ds, usage, loadouts, retentionDays, mcp.staleAfterMs),
    callLog: new CallLogMaintenance(ds, usage, retentionDays),
    stats,
    requestLoaders: (organizationId) => createLoaders(services, organizationId),
  };
  return services;
}
