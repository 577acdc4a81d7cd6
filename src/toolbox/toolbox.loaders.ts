import { batched, each } from '../common/loaders';
import type { PageSituation } from '../loadout/rules';
import type { CompiledLoadout } from '../loadout/compiled';
import type { RuleSubject, ShadowSubject } from './toolbox.service';
import type { ToolboxService } from './toolbox.service';

export interface ToolboxRequest {
  agentId: string;
  channel: string;
  page: PageSituation | undefined;
}

export function toolboxLoaders(services: { toolbox: ToolboxService }, organizationId: string) {
  const { toolbox } = services;
  // One loadout for a whole batch: free when cached, and one load rather than one per row while nothing may be cached.
  const inLoadout = <K, V>(valueOf: (loadout: CompiledLoadout, key: K) => V) =>
    batched(async (keys: readonly K[]) => {
      const loadout = await toolbox.loadoutOf({ organizationId });
      return each(keys, (key) => valueOf(loadout, key));
    });
  return {
    /** An agent's toolbox in a situation (Agent.toolbox). */
    agentToolbox: inLoadout((loadout, r: ToolboxRequest) => toolbox.resolveIn(loadout, r.agentId, r.channel, r.page)),
    ruleMatches: inLoadout((loadout, rule: RuleSubject) => toolbox.ruleMatchesIn(loadout, rule)),
    ruleWarning: inLoadout((loadout, rule: RuleSubject) => toolbox.ruleWarningIn(loadout, rule)),
    shadowRelations: inLoadout((loadout, tool: ShadowSubject) => toolbox.shadowRelationsIn(loadout, tool)),
  };
}
