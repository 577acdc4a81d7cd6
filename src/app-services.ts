import type { Database } from './db/database';
import { AgentService } from './agents/agent.service';
import { CatalogueService } from './catalogue/catalogue.service';
import { ConversationService } from './conversations/conversation.service';
import { LoadoutChanges } from './invalidation/loadout-change';
import { OrganizationService } from './organizations/organization.service';
import { ToolboxService } from './toolbox/toolbox.service';
import { ToolService } from './tools/tool.service';

/** The application's services, built once per server over one database. */
export interface AppServices {
  db: Database;
  organizations: OrganizationService;
  catalogue: CatalogueService;
  agents: AgentService;
  tools: ToolService;
  toolbox: ToolboxService;
  changes: LoadoutChanges;
  conversations: ConversationService;
}

export function createServices(db: Database): AppServices {
  const ds = db.dataSource;
  const toolbox = new ToolboxService(ds);
  const changes = new LoadoutChanges(ds);
  return {
    db,
    organizations: new OrganizationService(ds),
    catalogue: new CatalogueService(ds),
    agents: new AgentService(ds, changes),
    tools: new ToolService(ds, changes),
    toolbox,
    changes,
    conversations: new ConversationService(ds, toolbox),
  };
}
