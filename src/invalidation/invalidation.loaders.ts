import { batched } from '../common/loaders';
import { childPageRequest, type ChildPageRequest } from '../db/child-pages';
import { AGENT_EVENTS, type InvalidationService } from './invalidation.service';
import type { ToolboxInvalidationEntity } from './toolbox-invalidation.entity';

export function invalidationLoaders(services: { invalidations: InvalidationService }, organizationId: string) {
  const { invalidations } = services;
  const agentPages = batched((requests: ReadonlyArray<ChildPageRequest<string>>) => invalidations.agentPages(organizationId, requests));
  return {
    /** A page of an agent's invalidations; `first` and `after` are checked before it joins a batch. */
    agentInvalidations: (agentId: string, first: number | null, after: string | null) =>
      agentPages.load(childPageRequest(AGENT_EVENTS, organizationId, agentId, first, after)),
    /** The invalidation that changed a turn's toolbox (see InvalidationService.forTurns). */
    turnInvalidation: batched((turnIds: readonly string[]) => invalidations.forTurns(organizationId, turnIds)),
    /** Every event that changed a turn's situation since the previous turn (see InvalidationService.allForTurns). */
    turnInvalidations: batched((turnIds: readonly string[]) => invalidations.allForTurns(organizationId, turnIds)),
    /** The affected situations of invalidation events (shared sets are read once per batch). */
    affected: batched((events: readonly ToolboxInvalidationEntity[]) => invalidations.affectedOf(organizationId, events)),
  };
}
