import { sha256Hex } from '../common/content-hash';
import type { PageSituation } from '../loadout/rules';

/** A toolbox's page as the request named it, checked against the organisation's context objects. */
export interface ResolvedPage {
  type: PageSituation['type'];
  contextObject: string | null;
  recordId: string | null;
}

/**
 * `Toolbox.id`: the preview's situation (agent, channel, page) as one opaque
 * id, so a normalised client cache keeps one entry per situation and every
 * query of it adds to that entry. It names the situation, not the content:
 * the same situation after an edit is the same id with other tools.
 */
export function toolboxId(agentId: string, channelId: string, page: ResolvedPage): string {
  return sha256Hex(JSON.stringify([agentId, channelId, page.type, page.contextObject, page.recordId]));
}
