import type { PageSituation } from './facts';

export interface Situation {
  channelKey: string;
  page: PageSituation;
}

/** Every situation a toolbox can differ in: each channel × HOME, LIST, RECORD, RECORD with each context object. */
export function allSituations(channelKeys: readonly string[], contextObjectKeys: readonly string[]): Situation[] {
  return channelKeys.flatMap((channelKey) => [
    { channelKey, page: { type: 'HOME' as const } },
    { channelKey, page: { type: 'LIST' as const } },
    { channelKey, page: { type: 'RECORD' as const } },
    ...contextObjectKeys.map((contextObject) => ({ channelKey, page: { type: 'RECORD' as const, contextObject } })),
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
