import type { AgentService } from '../agents/agent.service';
import type { Actor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change-causes';
import { badInput } from '../common/errors';
import type { ToolDefinitionService } from '../tools/tool-definition.service';
import type { LoadoutChangeInput } from './invalidation.types';
import type { InvalidationRecorders } from './invalidation-recorder';
import type { ChangeTracker, LoadoutChanges } from '../loadout/change';
import type { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

export interface ChangeSetOutcome {
  invalidations: readonly ToolboxInvalidationEntity[];
  liveConversations: number;
  rewrittenToolTokens: number;
}

const MEMBERS = ['createTool', 'updateTool', 'deleteToolId', 'setToolRule', 'removeToolRuleId', 'updateAgent'] as const;

/**
 * `applyChangeSet`: every change in one transaction, observed once, so each
 * agent gets at most one invalidation (cause CHANGE_SET) however many of the
 * changes touch it. Any failing change rolls back all of them; its error
 * names `changes[i]…`.
 */
export class ChangeSetService {
  constructor(
    private readonly changes: LoadoutChanges,
    private readonly recorders: InvalidationRecorders,
    private readonly tools: ToolDefinitionService,
    private readonly agents: AgentService,
  ) {}

  async apply(actor: Actor, changes: LoadoutChangeInput[], dryRun = false): Promise<ChangeSetOutcome> {
    changes.forEach((change, i) => {
      const set = MEMBERS.filter((m) => change[m] !== undefined && change[m] !== null);
      if (set.length !== 1) throw badInput(`changes[${i}]`, `set exactly one of ${MEMBERS.join(', ')} (found ${set.length})`);
    });
    const recorder = this.recorders.recorder(actor, InvalidationCauseEnum.CHANGE_SET, { dryRun, countLiveConversations: true });
    await this.changes.run(
      actor,
      InvalidationCauseEnum.CHANGE_SET,
      async (_tx, tracker) => {
        for (const [i, change] of changes.entries()) await this.applyOne(tracker, change, `changes[${i}]`);
      },
      { observer: recorder, dryRun },
    );
    return {
      invalidations: recorder.events,
      liveConversations: recorder.liveConversations,
      rewrittenToolTokens: recorder.rewrittenToolTokens,
    };
  }

  private async applyOne(tracker: ChangeTracker, change: LoadoutChangeInput, at: string): Promise<void> {
    if (change.createTool) await this.tools.createIn(tracker, change.createTool, `${at}.createTool`);
    else if (change.updateTool)
      await this.tools.updateIn(tracker, change.updateTool.id, change.updateTool.patch, `${at}.updateTool.id`, `${at}.updateTool.patch`);
    else if (change.deleteToolId) await this.tools.deleteIn(tracker, change.deleteToolId, `${at}.deleteToolId`);
    else if (change.setToolRule) await this.agents.setToolRuleIn(tracker, change.setToolRule, `${at}.setToolRule`);
    else if (change.removeToolRuleId) await this.agents.removeToolRuleIn(tracker, change.removeToolRuleId, `${at}.removeToolRuleId`);
    else if (change.updateAgent)
      await this.agents.updateIn(
        tracker,
        change.updateAgent.id,
        change.updateAgent.patch,
        `${at}.updateAgent.id`,
        `${at}.updateAgent.patch`,
      );
  }
}
