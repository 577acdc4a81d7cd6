import type { Database } from '../db/database';
import { byColumn, byId } from '../common/loaders';
import { AgentEntity } from './agent.entity';
import { PermissionRuleEntity } from './permission-rule.entity';

export function agentLoaders(services: { db: Database }, organizationId: string) {
  const db = services.db.dataSource;
  return {
    agent: byId(db, organizationId, AgentEntity),
    /** A project's agents, oldest first. */
    projectAgents: byColumn(db, organizationId, AgentEntity, 'projectId', { createdAt: 'ASC', id: 'ASC' }),
    /** An agent's own rules, by tool name. */
    agentRules: byColumn(db, organizationId, PermissionRuleEntity, 'agentId', { toolName: 'ASC' }),
    /** A project's own rules, by tool name (its agents' rules are on each agent). */
    projectRules: byColumn(db, organizationId, PermissionRuleEntity, 'projectId', { toolName: 'ASC' }),
  };
}
