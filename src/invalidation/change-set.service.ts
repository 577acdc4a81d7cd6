import { AgentEntity } from '../agents/agent.entity';
import type { AgentService } from '../agents/agent.service';
import type { Actor } from '../common/actor';
import { InvalidationCauseEnum } from '../loadout/change';
import { badInput, conflict } from '../common/errors';
import { getOwned } from '../common/tenant';
import type { McpServerService } from '../tools/mcp-server.service';
import type { ToolDefinitionService } from '../tools/tool-definition.service';
import type { ExpectedLoadoutVersionInput, LoadoutChangeInput } from './invalidation.types';
import type { InvalidationRecorders } from './invalidation-recorder';
import type { ChangeTracker, LoadoutChanges } from '../loadout/edge';
import type { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

export interface ChangeSetOutcome {
  invalidations: readonly ToolboxInvalidationEntity[];
  liveConversations: number;
  rewrittenToolTokens: number;
}

const MEMBERS = ['createTool', 'updateTool', 'deleteToolId', 'setToolRule', 'removeToolRuleId', 'updateAgent', 'updateMcpServer'] as const;

/** Where the expected version's errors point, from the operation's arguments. */
const EXPECTED = 'expectLoadoutVersion';

/**
 * `applyChangeSet`: every change in one transaction, observed once, so each
 * agent gets at most one invalidation (cause CHANGE_SET) however many of the
 * changes touch it. Any failing change rolls back all of them; its error
 * names `changes[i]…`. With an expected version, the set applies only while
 * that agent's loadout is still at it (docs/semantics.md §5.4).
 */
export class ChangeSetService {
  constructor(
    private readonly changes: LoadoutChanges,
    private readonly recorders: InvalidationRecorders,
    private readonly tools: ToolDefinitionService,
    private readonly agents: AgentService,
    private readonly mcpServers: McpServerService,
  ) {}

  async apply(
    actor: Actor,
    changes: LoadoutChangeInput[],
    dryRun = false,
    expected: ExpectedLoadoutVersionInput | null = null,
  ): Promise<ChangeSetOutcome> {
    changes.forEach((change, i) => {
      const set = MEMBERS.filter((m) => change[m] !== undefined && change[m] !== null);
      if (set.length !== 1) throw badInput(`changes[${i}]`, `set exactly one of ${MEMBERS.join(', ')} (found ${set.length})`);
    });
    const recorder = this.recorders.recorder(actor, InvalidationCauseEnum.CHANGE_SET, { dryRun, countLiveConversations: true });
    await this.changes.run(
      actor,
      InvalidationCauseEnum.CHANGE_SET,
      async (_tx, tracker) => {
        if (expected) await this.checkVersion(tracker, expected);
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

  /**
   * The agent's version as committed now: the change holds the organisation's
   * lock (its loadout_seq is bumped first), so no other change can move it
   * before this one commits. Reading it affects no agent.
   */
  private async checkVersion(tracker: ChangeTracker, expected: ExpectedLoadoutVersionInput): Promise<void> {
    const agent = await getOwned(tracker.tx, AgentEntity, tracker.actor, expected.agentId, `${EXPECTED}.agentId`, 'Agent');
    if (agent.loadoutVersion === expected.loadoutVersion) return;
    const moved =
      agent.loadoutVersion > expected.loadoutVersion
        ? `moved to version ${agent.loadoutVersion} since version ${expected.loadoutVersion}`
        : `is at version ${agent.loadoutVersion}, not ${expected.loadoutVersion}`;
    throw conflict(`The loadout of agent '${agent.name}' ${moved}: nothing was applied`, `${EXPECTED}.loadoutVersion`);
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
    else if (change.updateMcpServer)
      await this.mcpServers.updateIn(
        tracker,
        change.updateMcpServer.id,
        change.updateMcpServer.patch,
        `${at}.updateMcpServer.id`,
        `${at}.updateMcpServer.patch`,
      );
  }
}
