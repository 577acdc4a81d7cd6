import type { Database } from './db/database';
import { AgentService } from './agents/agent.service';
import { CatalogueService } from './catalogue/catalogue.service';
import { ConversationService } from './conversations/conversation.service';
import { ConversationListService } from './conversations/conversation-list.service';
import { ChangeSetService } from './invalidation/change-set.service';
import {
  createLoadoutPubSub,
  InProcessBus,
  PostgresNotifyBus,
  type InvalidationBus,
  type LoadoutPubSub,
} from './invalidation/invalidation-bus';
import { InvalidationService } from './invalidation/invalidation.service';
import { LoadoutChanges } from './invalidation/loadout-change';
import { OrganizationService } from './organizations/organization.service';
import { ToolboxService } from './toolbox/toolbox.service';
import { ToolService } from './tools/tool.service';
import { BudgetService } from './budget/budget.service';
import { recordSurfaced, UsageService } from './usage/usage.service';

/** The application's services, built once per server over one database. */
export interface AppServices {
  db: Database;
  organizations: OrganizationService;
  catalogue: CatalogueService;
  agents: AgentService;
  tools: ToolService;
  toolbox: ToolboxService;
  changes: LoadoutChanges;
  /** Subscriptions' topics; fed by the invalidation bus. */
  pubSub: LoadoutPubSub;
  invalidationBus: InvalidationBus;
  invalidations: InvalidationService;
  changeSets: ChangeSetService;
  conversations: ConversationService;
  conversationList: ConversationListService;
  usage: UsageService;
  budget: BudgetService;
}

export function createServices(db: Database): AppServices {
  const ds = db.dataSource;
  const toolbox = new ToolboxService(ds);
  const pubSub = createLoadoutPubSub();
  // Several instances may share a server, so events travel through it; embedded PGlite is one process.
  const serverUrl = db.kind === 'server' ? (ds.options as { url?: string }).url : undefined;
  const invalidationBus = serverUrl ? new PostgresNotifyBus(serverUrl, ds, pubSub) : new InProcessBus(pubSub);
  const invalidations = new InvalidationService(ds, toolbox, invalidationBus);
  const changes = new LoadoutChanges(ds, invalidations.observe);
  const agents = new AgentService(ds, changes);
  const tools = new ToolService(ds, changes);
  const usage = new UsageService(ds);
  return {
    db,
    organizations: new OrganizationService(ds),
    catalogue: new CatalogueService(ds),
    agents,
    tools,
    toolbox,
    changes,
    pubSub,
    invalidationBus,
    invalidations,
    changeSets: new ChangeSetService(changes, invalidations, tools, agents),
    conversations: new ConversationService(ds, toolbox, recordSurfaced),
    conversationList: new ConversationListService(ds),
    usage,
    budget: new BudgetService(ds, usage),
  };
}
