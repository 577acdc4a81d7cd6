import { assembleToolbox, type CandidateTool } from './assemble';
import type { AgentFacts } from './facts';
import { agentFacts, candidateTool } from '../testing/candidate.fixture';
import { toolboxFingerprint } from '../../common/content-hash';

const tool = (name: string, schemaTokens: number | undefined, sortOrder = 0): CandidateTool =>
  candidateTool(name, { sortOrder, schemaTokens });

function run(candidates: CandidateTool[], over: Partial<AgentFacts>) {
  const result = assembleToolbox({ agent: agentFacts(over), channelKey: 'web', page: { type: 'HOME' }, candidates });
  return {
    kept: result.entries.map((e) => e.tool.name),
    dropped: result.dropped.map((d) => `${d.tool.name}:${d.reason}`),
    fingerprint: result.fingerprint,
  };
}

const a = tool('a', 40, 1);
const b = tool('b', 50, 2);
const c = tool('c', 10, 3);

describe('maxSchemaTokens (OVER_TOKEN_BUDGET)', () => {
  it.each([
    ['a null cap keeps everything', { maxSchemaTokens: null }, ['a', 'b', 'c'], []],
    ['a cap equal to the total keeps everything', { maxSchemaTokens: 100 }, ['a', 'b', 'c'], []],
    ['one token short drops the last in Sort Order', { maxSchemaTokens: 99 }, ['a', 'b'], ['c:OVER_TOKEN_BUDGET']],
    [
      'the first that does not fit drops with every later one, even a smaller one',
      { maxSchemaTokens: 60 },
      ['a'],
      ['b:OVER_TOKEN_BUDGET', 'c:OVER_TOKEN_BUDGET'],
    ],
    [
      'a cap below the first tool leaves an empty toolbox',
      { maxSchemaTokens: 1 },
      [],
      ['a:OVER_TOKEN_BUDGET', 'b:OVER_TOKEN_BUDGET', 'c:OVER_TOKEN_BUDGET'],
    ],
    [
      'maxTools cuts first; the cap applies to what is left',
      { maxTools: 2, maxSchemaTokens: 60 },
      ['a'],
      ['c:OVER_MAX_TOOLS', 'b:OVER_TOKEN_BUDGET'],
    ],
    [
      'a cap that maxTools already satisfies drops nothing more',
      { maxTools: 1, maxSchemaTokens: 40 },
      ['a'],
      ['b:OVER_MAX_TOOLS', 'c:OVER_MAX_TOOLS'],
    ],
  ] as const)('%s', (_name, over, kept, dropped) => {
    const result = run([c, b, a], over);
    expect(result.kept).toEqual(kept);
    expect(result.dropped).toEqual(dropped);
  });

  it('counts a candidate without an estimate as free', () => {
    expect(run([tool('x', undefined, 1), tool('y', 5, 2)], { maxSchemaTokens: 5 }).kept).toEqual(['x', 'y']);
  });

  it('fingerprints only the tools kept', () => {
    const result = run([a, b, c], { maxSchemaTokens: 40 });
    expect(result.fingerprint).toBe(toolboxFingerprint([a.contentHash]));
  });

  it('drops tools another filter removed for that filter, not for the cap', () => {
    const inactive = { ...tool('i', 1000, 0), active: false };
    expect(run([inactive, a], { maxSchemaTokens: 40 }).dropped).toEqual(['i:INACTIVE']);
  });
});
