import { renderedToolName } from '../tokens/tool-names';
import { shadowRelations } from './shadowing';

const def = (id: string, over: { projectId?: string | null; agentId?: string | null; sortOrder?: number; name?: string } = {}) => {
  const name = over.name ?? 'y';
  return { id, name, renderedName: renderedToolName(name), sortOrder: 0, projectId: null, agentId: null, ...over };
};

describe('shadowRelations', () => {
  const orgWide = def('org', { sortOrder: 3 });
  const builtIn = def('builtin', { sortOrder: 1 });
  const inP = def('p', { projectId: 'p', sortOrder: 9 });
  const inQ = def('q', { projectId: 'q' });
  const agentA = def('a', { projectId: 'p', agentId: 'A' });
  const agentB = def('b', { projectId: 'p', agentId: 'B' });
  const all = [orgWide, builtIn, inP, inQ, agentA, agentB, def('other', { name: 'z' })];
  const ids = (r: ReturnType<typeof shadowRelations>) => ({
    shadows: r.shadows.map((d) => d.id),
    shadowedBy: r.shadowedBy.map((d) => d.id),
  });

  it.each([
    ['an organisation-wide tool: below every project and agent tool, ties by Sort Order', orgWide, [], ['a', 'b', 'q', 'p', 'builtin']],
    ["a project tool: over the organisation's, under its agents', never meeting another project's", inP, ['builtin', 'org'], ['a', 'b']],
    ["an agent's tool: over its project's and the organisation's, never meeting another agent's", agentA, ['p', 'builtin', 'org'], []],
  ])('%s', (_label, tool, shadows, shadowedBy) => {
    expect(ids(shadowRelations(tool, all))).toEqual({ shadows, shadowedBy });
  });

  it("takes a definition named like another one's short form as the same name: the provider would see it twice", () => {
    const legacy = def('legacy', { name: 'dotted.name', projectId: 'p' });
    const lookalike = def('lookalike', { name: renderedToolName('dotted.name') });
    expect(ids(shadowRelations(lookalike, [legacy, lookalike, def('plain', { name: 'dotted_name' })]))).toEqual({
      shadows: [],
      shadowedBy: ['legacy'],
    });
  });
});
