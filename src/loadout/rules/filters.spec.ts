import fc from 'fast-check';
import { compileLoadout } from '../compiled/compile';
import type { AgentFacts, SituationFacts, ToolFacts } from './facts';
import { situationFacts } from './facts';
import { ASSEMBLY_READS, FILTERS, SITUATION_FILTERS, fieldsRead, ruleWarning, type Reads, type WarnedTarget } from './filters';
import { allSituations } from './situations';
import { propertyOptions, worldArb } from '../testing/arbitraries';
import { DROP_REASONS } from '../vocabulary';

/** The object, and the names of the fields read off it. */
function watched<T extends object>(target: T): { value: T; read: Set<string> } {
  const read = new Set<string>();
  const value = new Proxy(target, {
    get(object, key) {
      if (typeof key === 'string') read.add(key);
      // Not through the proxy: a compiled definition's facts read its row, and the fact asked for is what counts.
      return Reflect.get(object, key) as unknown;
    },
  });
  return { value, read };
}

describe('the filter table', () => {
  it('holds filters 1 to 9 of docs/semantics.md §3.2 (4a included), in order, with the reasons of the vocabulary', () => {
    expect(FILTERS.map((f) => f.reason)).toEqual(DROP_REASONS.slice(0, 10));
  });

  it('asks the filters that read nothing of a definition first, so the compiled path may ask them once per situation', () => {
    expect(SITUATION_FILTERS.map((f) => f.reason)).toEqual(['TOOLS_MODE']);
    expect(FILTERS.slice(0, SITUATION_FILTERS.length)).toEqual(SITUATION_FILTERS);
  });

  it('declares every field each filter reads: the class keys are made from these, so an undeclared read would share wrong toolboxes', () => {
    fc.assert(
      fc.property(worldArb, (rows) => {
        const loadout = compileLoadout(rows);
        const situations = allSituations(
          rows.channels.map((c) => c.key),
          rows.contextObjects.map((o) => o.key),
        ).map((s) => situationFacts(s.channelKey, s.page));
        // Collected and asserted once a world: an expect per call would cost more than the filters it checks.
        const undeclared = new Set<string>();
        for (const filter of FILTERS) {
          const declared = (part: keyof Reads) => new Set<string>(filter.reads[part]);
          const declaredBy = { tool: declared('tool'), agent: declared('agent'), situation: declared('situation') };
          for (const agent of loadout.agents.values()) {
            for (const tool of loadout.sorted) {
              for (const situation of situations) {
                const read = {
                  tool: watched<ToolFacts>(tool),
                  agent: watched<AgentFacts>(agent),
                  situation: watched<SituationFacts>(situation),
                };
                filter.fails(read.tool.value, read.agent.value, read.situation.value);
                for (const part of ['tool', 'agent', 'situation'] as const) {
                  for (const field of read[part].read)
                    if (!declaredBy[part].has(field)) undeclared.add(`${filter.reason} reads ${part}.${field}`);
                }
              }
            }
          }
        }
        expect([...undeclared]).toEqual([]);
      }),
      propertyOptions(60),
    );
  });

  it('keys agent classes by every agent field a filter or the cut reads, and nothing else', () => {
    expect([...fieldsRead('agent', ASSEMBLY_READS, ...FILTERS.map((f) => f.reads))].sort()).toEqual(
      ['id', 'maxSchemaTokens', 'maxTools', 'mcpServerInScope', 'model', 'projectId', 'provider', 'rules', 'toolsMode'].sort(),
    );
  });
});

describe('ruleWarning', () => {
  const mcp = (server: string, tool: string): WarnedTarget => ({
    name: `mcp__${server}__${tool}`,
    renderedName: `mcp__${server}__${tool}`,
    source: 'MCP',
    hints: [],
    mcpToolName: tool,
  });
  const custom: WarnedTarget = { name: 'lookup', renderedName: 'lookup', source: 'CUSTOM', hints: [], mcpToolName: null };
  const candidates = [custom, mcp('github', 'search_issues'), mcp('gitlab', 'search_issues')];

  it("warns of a rule on an MCP tool's own name, which names nothing, giving the full names", () => {
    for (const toolName of ['tool:search_issues', 'search_issues'])
      expect(ruleWarning(toolName, candidates)).toBe(
        'names no tool: search_issues is what an MCP server calls mcp__github__search_issues, mcp__gitlab__search_issues; a rule names the tool as tool:mcp__github__search_issues',
      );
  });

  it('says nothing of a rule that names a tool, names one not there yet, or names a hint', () => {
    expect(ruleWarning('tool:mcp__github__search_issues', candidates)).toBeNull();
    expect(ruleWarning('lookup', candidates)).toBeNull();
    expect(ruleWarning('tool:not_yet', candidates)).toBeNull();
    expect(ruleWarning('hint:readOnly', candidates)).toBeNull();
    // A custom tool of that name is named by it: the rule acts, so nothing is wrong.
    expect(ruleWarning('search_issues', [...candidates, { ...custom, name: 'search_issues', renderedName: 'search_issues' }])).toBeNull();
  });
});
