import type { DataSource } from 'typeorm';
import { storedRuleName } from '../loadout/rules';
import type { Actor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change';
import { badInput } from '../common/errors';
import { findOwned, getOwned } from '../common/tenant';
import type { ChangeTracker, LoadoutChanges } from '../loadout/edge';
import { OrganizationEntity } from '../organizations/organization.entity';
import { ProjectEntity } from '../organizations/project.entity';
import { AgentEntity } from './agent.entity';
import type { ExecutionContext, ToolsMode } from '../loadout/vocabulary';
import type { RuleEffect } from '../loadout/vocabulary';
import { PermissionRuleEntity } from './permission-rule.entity';
import { LOADOUT_DEFAULTS } from '../loadout/vocabulary';

export interface AgentSettings {
  name?: string;
  model?: string;
  maxTools?: number;
  maxSchemaTokens?: number;
  toolsMode?: ToolsMode;
  executionContext?: ExecutionContext;
  budgetWarnThreshold?: number;
  budgetHotThreshold?: number;
}

export interface AgentPatch extends AgentSettings {
  /** Removes the schema token cap (null in a patch means "unchanged"). */
  clearMaxSchemaTokens?: boolean;
}

/** Settings that change what the model sees or what it costs; the rest (name, thresholds) do not. */
const LOADOUT_SETTINGS: Array<keyof AgentSettings> = ['model', 'maxTools', 'maxSchemaTokens', 'toolsMode'];

export class AgentService {
  constructor(
    private readonly db: DataSource,
    private readonly changes: LoadoutChanges,
  ) {}

  agent(actor: Actor, id: string) {
    return findOwned(this.db.manager, AgentEntity, actor, id);
  }

  async create(actor: Actor, input: AgentSettings & { name: string; projectId?: string | null }) {
    return this.changes.write(actor.organizationId, async (tx) => {
      if (input.projectId) await getOwned(tx, ProjectEntity, actor, input.projectId, 'input.projectId', 'Project');
      const org = await tx.findOneByOrFail(OrganizationEntity, { id: actor.organizationId });
      // Thresholds not given start as the organisation's.
      const warn = input.budgetWarnThreshold ?? org.toolBudgetWarn;
      const hot = input.budgetHotThreshold ?? org.toolBudgetHot;
      checkThresholds(warn, hot, input, 'input');
      return tx.save(
        tx.create(AgentEntity, {
          organizationId: actor.organizationId,
          projectId: input.projectId ?? null,
          name: input.name,
          model: input.model ?? org.defaultModel,
          maxTools: input.maxTools ?? LOADOUT_DEFAULTS.maxTools,
          maxSchemaTokens: input.maxSchemaTokens ?? null,
          toolsMode: input.toolsMode ?? 'ALL_PAGES',
          executionContext: input.executionContext ?? 'RUNNING_USER',
          budgetWarnThreshold: warn,
          budgetHotThreshold: hot,
        }),
      );
    });
  }

  update(actor: Actor, id: string, patch: AgentPatch) {
    return this.changes.run(actor, InvalidationCauseEnum.AGENT_UPDATED, (_tx, change) => this.updateIn(change, id, patch, 'id', 'input'));
  }

  /** Inside a change (one mutation or one member of a change set). */
  async updateIn(change: ChangeTracker, id: string, patch: AgentPatch, idField: string, field: string) {
    const { tx, actor } = change;
    const { clearMaxSchemaTokens, ...settings } = patch;
    if (clearMaxSchemaTokens && settings.maxSchemaTokens != null) {
      throw badInput(`${field}.clearMaxSchemaTokens`, 'give either maxSchemaTokens or clearMaxSchemaTokens');
    }
    const agent = await getOwned(tx, AgentEntity, actor, id, idField, 'Agent', true);
    const defined = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined && v !== null)) as Omit<
      AgentSettings,
      'maxSchemaTokens'
    > & {
      maxSchemaTokens?: number | null;
    };
    if (clearMaxSchemaTokens) defined.maxSchemaTokens = null;
    const next = { ...agent, ...defined };
    checkThresholds(next.budgetWarnThreshold, next.budgetHotThreshold, defined, field);
    const altersLoadout = LOADOUT_SETTINGS.some((k) => defined[k] !== undefined && defined[k] !== agent[k]);
    if (altersLoadout) await change.affectsAgent(agent.id);
    await tx.update(AgentEntity, { id: agent.id }, defined);
    change.touchAgents([agent.id]);
    return tx.findOneByOrFail(AgentEntity, { id: agent.id });
  }

  async delete(actor: Actor, id: string): Promise<boolean> {
    return this.changes.write(actor.organizationId, async (tx) => {
      const agent = await getOwned(tx, AgentEntity, actor, id, 'id', 'Agent', true);
      await tx.delete(AgentEntity, { id: agent.id });
      return true;
    });
  }

  /** Sets (creates or replaces) the rule for one tool on one agent or project. */
  setToolRule(actor: Actor, input: ToolRuleSpec) {
    return this.changes.run(actor, InvalidationCauseEnum.RULE_CHANGED, (_tx, change) => this.setToolRuleIn(change, input, 'input'));
  }

  async setToolRuleIn(change: ChangeTracker, input: ToolRuleSpec, field: string) {
    const { tx, actor } = change;
    if (Boolean(input.agentId) === Boolean(input.projectId)) {
      throw badInput(input.agentId ? `${field}.projectId` : `${field}.agentId`, 'give exactly one of agentId and projectId');
    }
    const target = input.agentId
      ? { agentId: (await getOwned(tx, AgentEntity, actor, input.agentId, `${field}.agentId`, 'Agent')).id, projectId: null }
      : { agentId: null, projectId: (await getOwned(tx, ProjectEntity, actor, input.projectId, `${field}.projectId`, 'Project')).id };
    if (target.agentId) await change.affectsAgent(target.agentId);
    else await change.affectsScope(target.projectId);
    const toolName = storedRuleName(input.toolName);
    const existing = await tx.findOne(PermissionRuleEntity, {
      where: target.agentId ? { agentId: target.agentId, toolName } : { projectId: target.projectId!, toolName },
    });
    change.touchRules();
    if (existing) {
      if (existing.effect !== input.effect) await tx.update(PermissionRuleEntity, { id: existing.id }, { effect: input.effect });
      return tx.findOneByOrFail(PermissionRuleEntity, { id: existing.id });
    }
    return tx.save(tx.create(PermissionRuleEntity, { organizationId: actor.organizationId, ...target, toolName, effect: input.effect }));
  }

  removeToolRule(actor: Actor, id: string): Promise<boolean> {
    return this.changes.run(actor, InvalidationCauseEnum.RULE_CHANGED, (_tx, change) => this.removeToolRuleIn(change, id, 'id'));
  }

  async removeToolRuleIn(change: ChangeTracker, id: string, field: string): Promise<boolean> {
    const { tx, actor } = change;
    const rule = await getOwned(tx, PermissionRuleEntity, actor, id, field, 'Permission rule');
    if (rule.agentId) await change.affectsAgent(rule.agentId);
    else await change.affectsScope(rule.projectId);
    await tx.delete(PermissionRuleEntity, { id: rule.id });
    change.touchRules();
    return true;
  }
}

export interface ToolRuleSpec {
  agentId?: string | null;
  projectId?: string | null;
  toolName: string;
  effect: RuleEffect;
}

/** Names the threshold the caller gave: raising only the warn level above the stored hot one is the warn level's fault. */
export function checkThresholds(warn: number, hot: number, given: Pick<AgentSettings, 'budgetHotThreshold'>, field: string): void {
  if (hot >= warn) return;
  if (given.budgetHotThreshold === undefined || given.budgetHotThreshold === null) {
    throw badInput(`${field}.budgetWarnThreshold`, 'must be at or below budgetHotThreshold');
  }
  throw badInput(`${field}.budgetHotThreshold`, 'must be at or above budgetWarnThreshold');
}
