import type { PageType } from '../loadout/vocabulary';
import { FIXED_PAGES } from './affected-sets';
import type { CompactAffectedSet } from './toolbox-invalidation.entity';

/** The same set as sets were stored before the grid: a list of situations naming their change, or carrying it inline. */
export function asList(set: CompactAffectedSet, inline: boolean): CompactAffectedSet {
  const { grid, contexts, ...rest } = set;
  type Situation = NonNullable<CompactAffectedSet['situations']>[number];
  const situations = grid!.flatMap((row, channel) =>
    row.split(',').flatMap((cell, i): Situation[] => {
      if (cell === '') return [];
      const fixed = i < FIXED_PAGES.length;
      const page: PageType = fixed ? FIXED_PAGES[i] : 'RECORD';
      const context = fixed ? null : contexts![i - FIXED_PAGES.length];
      const change = Number(cell);
      const [previous, next, diff] = set.changes![change];
      return [inline ? [channel, page, context, previous, next, diff] : [channel, page, context, change]];
    }),
  );
  return inline ? { channels: rest.channels, diffs: rest.diffs, situations } : { ...rest, situations };
}
