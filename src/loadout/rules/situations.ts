import type { PageSituation } from './facts';
import type { PageType } from '../vocabulary';

export interface Situation {
  channelKey: string;
  page: PageSituation;
}

/** The pages of a channel's situations without a context object, in situation order; RECORD with each context object follows them. */
export const PAGES_IN_ORDER = ['HOME', 'LIST', 'RECORD'] as const satisfies readonly PageType[];

/** Every situation a toolbox can differ in, in situation order (docs/semantics.md §5.2): each channel × the pages, then RECORD with each context object. */
export function allSituations(channelKeys: readonly string[], contextObjectKeys: readonly string[]): Situation[] {
  return channelKeys.flatMap((channelKey) => [
    ...PAGES_IN_ORDER.map((type): Situation => ({ channelKey, page: { type } })),
    ...contextObjectKeys.map((contextObject): Situation => ({ channelKey, page: { type: 'RECORD', contextObject } })),
  ]);
}

/** A stable key for a situation; the record id never changes a toolbox, so it is left out. */
export function situationKey(s: Situation): string {
  return `${s.channelKey}|${s.page.type}|${s.page.contextObject ?? ''}`;
}

/** A situation as a change compares it: its page as the filters read it, and its key, made once per catalogue. */
export interface KeyedSituation {
  channelKey: string;
  page: PageSituation;
  key: string;
}

export const keyedSituations = (channelKeys: readonly string[], contextObjectKeys: readonly string[]): KeyedSituation[] =>
  allSituations(channelKeys, contextObjectKeys).map((s) => ({
    channelKey: s.channelKey,
    page: { type: s.page.type, contextObject: s.page.contextObject ?? null },
    key: situationKey(s),
  }));
