import { reaches, type Placed } from './filters';
import { compareShadowRank } from './stages';

/** Two definitions some agent can have as candidates at once: one reaches where the other applies. */
const canMeet = (a: Placed, b: Placed): boolean => reaches(a, b) || reaches(b, a);

/**
 * What a definition shadows and is shadowed by, wherever both pass the
 * other filters: the other definitions of its (rendered) name that can meet it in one
 * toolbox, split by shadow rank, most specific first.
 */
export function shadowRelations<T extends Placed>(tool: Placed, definitions: readonly T[]): { shadows: T[]; shadowedBy: T[] } {
  const rivals = definitions
    .filter((d) => d.id !== tool.id && d.renderedName === tool.renderedName && canMeet(tool, d))
    .sort(compareShadowRank);
  return {
    shadows: rivals.filter((d) => compareShadowRank(tool, d) < 0),
    shadowedBy: rivals.filter((d) => compareShadowRank(tool, d) > 0),
  };
}
