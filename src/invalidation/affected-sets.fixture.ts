import type { PageType } from '../toolbox/assemble-toolbox';
import type { CompactAffectedSet } from './toolbox-invalidation.entity';

/** The same set as sets were stored before the grid: a list of situations naming their change, or carrying it inline. */
export function asList(set: CompactAffectedSet, inline: boolean): CompactAffectedSet {
  const { grid, contexts, ...rest } = set;
  type Situation = NonNullable<CompactAffectedSet['situations']>[number];
  const situations = grid!.flatMap((row, channel) =>
    row.split(',').flatMap((cell, i): Situation[] => {
      if (cell === '') return [];
      const page: PageType = i < 3 ? (['HOME', 'LIST', 'RECORD'] as const)[i] : 'RECORD';
      const context = i < 3 ? null : contexts![i - 3];
      const change = Number(cell);
      const [previous, next, diff] = set.changes![change];
      return [inline ? [channel, page, context, previous, next, diff] : [channel, page, context, change]];
    }),
  );
  return inline ? { channels: rest.channels, diffs: rest.diffs, situations } : { ...rest, situations };
}
